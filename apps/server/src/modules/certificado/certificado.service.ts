import { randomBytes } from 'node:crypto';
import {
  type AprobacionFormulario,
  admiteCambiosCertificado,
  type CertificadoFormulario,
  type ConsultaPaginada,
  ANTICIPACION_MAXIMA_CERTIFICADO_DIAS,
  DIAS_VIGENCIA_CERTIFICADO,
  EMPRESA_OPERADOR,
  ESTADO_CERTIFICADO,
  ESTADOS_CERTIFICADO,
  eligeEmpresaCertificado,
  fechaIsoValida,
  fechaLima,
  MENSAJES_CERTIFICADO as M,
  NIVELES_AUTORIZAN_CERTIFICADO,
  puedeSolicitarCertificado,
  ROLES_ELIGEN_EMPRESA_CERTIFICADO,
  ROLES_VEN_TODOS_CERTIFICADOS,
  sumarDias,
  transicionPermitida,
} from '@cronos/contract';
import type { SQL } from 'drizzle-orm';
import type { ArchivoGuardado } from '../../platform/archivos';
import { auditar } from '../../platform/auditoria';
import type { Ctx } from '../../platform/contexto';
import { AppError, conflicto, errorCampos, noEncontrado, reglaNegocio } from '../../platform/errores';
import { condicionBusqueda, desplazamiento } from '../../platform/paginacion';
import { actuaPorCualquierEmpresa, exigirEmpresa } from '../../platform/tenencia';
import { numeroProduccion } from '../cip/cip.service';
import * as repo from './certificado.repository';
import { notificarResultado } from './certificado-notificacion';

const RUTA_PDF = '/api/Movimiento/DescargarCertificadoManufactura?CodigoCertificadoManufactura=';
const RUTA_ARCHIVO = '/api/Movimiento/DescargarDocumentoSustentoActa?CodigoCertificadoManufacturaArchivo=';
const rutaPdf = (c: {
  codigoCertificadoManufactura: number;
  codigoEstadoAutorizado: number;
  documento: string | null;
}) =>
  c.codigoEstadoAutorizado === ESTADO_CERTIFICADO.autorizado && c.documento
    ? `${RUTA_PDF}${c.codigoCertificadoManufactura}`
    : null;

/** Loads a certificate the actor may see (another company's is a 404, DOMAIN.md §3). */
export async function cargarVisible(ctx: Ctx, codigo: number, roles: readonly number[] = ROLES_VEN_TODOS_CERTIFICADOS) {
  const c = await repo.buscar(ctx.db, codigo);
  if (!c) throw noEncontrado();
  exigirEmpresa(ctx.actor, c.codigoEmpresaUsuario, roles);
  return c;
}

/** The paged list. Approvers and operator staff who request for others see every company (1 or -1 = all). */
export async function listar(ctx: Ctx, q: ConsultaPaginada) {
  const condiciones: (SQL | undefined)[] = [condicionBusqueda(q, repo.COLUMNAS_BUSQUEDA)];
  if (actuaPorCualquierEmpresa(ctx.actor, ROLES_VEN_TODOS_CERTIFICADOS)) {
    if (q.CodigoEmpresaUsuario > EMPRESA_OPERADOR) condiciones.push(repo.condicionEmpresa(q.CodigoEmpresaUsuario));
  } else {
    condiciones.push(repo.condicionEmpresa(ctx.actor.codigoEmpresaUsuario));
  }
  const { filas, total } = await repo.listar(ctx.db, condiciones, q.limit, desplazamiento(q));
  return {
    total,
    filas: filas.map((f) => ({
      ...f,
      fechaRegistro: f.fechaRegistro.toISOString(),
      descripcionEstadoAutorizado: ESTADOS_CERTIFICADO[f.codigoEstadoAutorizado]?.descripcion ?? '',
      rutaPdf: rutaPdf(f),
    })),
  };
}

export async function consultar(ctx: Ctx, codigo: number) {
  const c = await cargarVisible(ctx, codigo);
  const [empresa, lineas, archivos, bultos, unidades] = await Promise.all([
    repo.empresa(ctx.db, c.codigoEmpresaUsuario),
    repo.lineas(ctx.db, codigo),
    repo.archivos(ctx.db, codigo),
    repo.tiposBulto(ctx.db),
    repo.unidadesMedida(ctx.db),
  ]);
  const producciones = new Map(
    (
      await repo.producciones(
        ctx.db,
        lineas.flatMap((l) => (l.codigoProduccion ? [l.codigoProduccion] : [])),
      )
    ).map((p) => [p.codigoProduccion, p]),
  );
  const detalle = lineas.map((l) => ({
    codigoCertificadoManufacturaDetalle: l.codigoCertificadoManufacturaDetalle,
    codigoCatalogoUsuario: l.codigoCatalogoUsuario,
    descripcionProducto: l.descripcionProducto,
    numeroPartida: l.numeroPartida,
    cantidad: Number(l.cantidad),
    codigoUnidadMedida: l.codigoUnidadMedida,
    descripcionUnidadMedida: unidades.get(l.codigoUnidadMedida) ?? l.codigoUnidadMedida,
    cantidadBulto: Number(l.cantidadBulto),
    codigoTipoBulto: l.codigoTipoBulto,
    descripcionTipoBulto: l.codigoTipoBulto ? (bultos.get(l.codigoTipoBulto) ?? l.codigoTipoBulto) : null,
    pesoNeto: Number(l.pesoNeto),
    pesoBruto: Number(l.pesoBruto),
    codigoProduccion: l.codigoProduccion,
    numeroProduccion: l.codigoProduccion ? numeroProduccion(l.codigoProduccion) : null,
    fechaProduccion: (l.codigoProduccion && producciones.get(l.codigoProduccion)?.fechaProduccion) || null,
  }));
  const emitido = c.codigoEstadoAutorizado === ESTADO_CERTIFICADO.autorizado;
  return {
    codigoCertificadoManufactura: c.codigoCertificadoManufactura,
    documento: c.numeroCertificado,
    codigoEstadoAutorizado: c.codigoEstadoAutorizado,
    descripcionEstadoAutorizado: ESTADOS_CERTIFICADO[c.codigoEstadoAutorizado]?.descripcion ?? '',
    estadoAnulado: c.estadoAnulado,
    codigoEmpresaUsuario: c.codigoEmpresaUsuario,
    razonSocial: (emitido && c.razonSocialEmision) || empresa?.razonSocial || '',
    ruc: (emitido && c.rucEmision) || empresa?.ruc || '',
    direccion: (emitido && c.direccionEmision) || empresa?.direccion || null,
    numeroTelefonico: empresa?.numeroTelefonico ?? null,
    correoElectronico: empresa?.correoEletronico ?? null,
    fechaEmision: c.fechaEmision,
    fechaFinVigencia: c.fechaFinVigencia,
    diasVigencia: c.diasVigencia,
    usuarioRegistro: c.usuarioRegistro,
    fechaRegistro: c.fechaRegistro.toISOString(),
    cantidadBultos: detalle.reduce((s, l) => s + l.cantidadBulto, 0), // entero
    observaciones: c.observaciones,
    opcionNuevaFuncionalidad: c.opcionNuevaFuncionalidad,
    opcionGeneraValor: c.opcionGeneraValor,
    nombreAutorizador: c.nombreAutorizador,
    fechaAutorizacion: c.fechaAutorizacion?.toISOString() ?? null,
    rutaPdf: rutaPdf({ ...c, documento: c.numeroCertificado }),
    detalle,
    archivos: archivos.map((a) => ({
      codigoCertificadoManufacturaArchivo: a.codigoCertificadoManufacturaArchivo,
      nombreArchivo: a.nombreArchivo,
      rutaArchivo: `${RUTA_ARCHIVO}${a.codigoCertificadoManufacturaArchivo}`,
      tamanio: a.tamanio,
      fechaRegistro: a.fechaRegistro.toISOString(),
    })),
  };
}

/** GuardarCertificadoManufactura: a request with its product lines, for the actor's company (or the chosen one). */
export async function guardar(ctx: Ctx, data: CertificadoFormulario) {
  const a = ctx.actor;
  if (!puedeSolicitarCertificado(a.nivelUsuario)) throw new AppError(403, M.nivelNoSolicita);
  const solicitada = data.codigoEmpresaUsuario ?? 0;
  let codigoEmpresa = a.codigoEmpresaUsuario;
  if (solicitada > 0 && solicitada !== a.codigoEmpresaUsuario) {
    if (!eligeEmpresaCertificado(a)) throw noEncontrado();
    codigoEmpresa = solicitada;
  }
  const empresa = await repo.empresa(ctx.db, codigoEmpresa);
  if (empresa?.estadoAnulado !== 0) throw noEncontrado();

  const errores: Record<string, string[]> = {};
  const error = (campo: string, m: string) => {
    errores[campo] = [...(errores[campo] ?? []), m];
  };
  const hoy = fechaLima(ctx.ahora());
  if (!fechaIsoValida(data.fechaEmision)) error('fechaEmision', M.fechaInvalida);
  else if (data.fechaEmision < sumarDias(hoy, -1)) error('fechaEmision', M.fechaAnterior);
  else if (data.fechaEmision > sumarDias(hoy, ANTICIPACION_MAXIMA_CERTIFICADO_DIAS))
    error('fechaEmision', M.fechaPosterior);
  const fin = errores.fechaEmision ? '' : sumarDias(data.fechaEmision, DIAS_VIGENCIA_CERTIFICADO);
  if (data.fechaFinVigencia && fin && data.fechaFinVigencia !== fin) error('fechaFinVigencia', M.finVigencia);

  const codigos = data.detalle.map((l) => l.codigoCatalogoUsuario);
  const [productos, bultos, producciones] = await Promise.all([
    repo.productosDeEmpresa(ctx.db, codigoEmpresa, [...new Set(codigos)]),
    repo.tiposBulto(ctx.db),
    repo.producciones(
      ctx.db,
      data.detalle.flatMap((l) => (l.codigoProduccion ? [l.codigoProduccion] : [])),
    ),
  ]);
  const porProduccion = new Map(producciones.map((p) => [p.codigoProduccion, p]));
  const porCodigo = new Map(productos.map((p) => [p.codigoCatalogoUsuario, p]));
  data.detalle.forEach((l, i) => {
    if (!porCodigo.has(l.codigoCatalogoUsuario)) error(`detalle.${i}.codigoCatalogoUsuario`, M.productoAjeno);
    else if (codigos.indexOf(l.codigoCatalogoUsuario) !== i)
      error(`detalle.${i}.codigoCatalogoUsuario`, M.productoRepetido);
    if (l.pesoNeto > l.pesoBruto) error(`detalle.${i}.pesoNeto`, M.pesoNetoMayor);
    if (l.codigoTipoBulto && !bultos.has(l.codigoTipoBulto)) error(`detalle.${i}.codigoTipoBulto`, M.tipoBulto);
    if (l.codigoProduccion) {
      const p = porProduccion.get(l.codigoProduccion);
      if (!p || p.codigoEmpresaUsuario !== codigoEmpresa || p.codigoCatalogoUsuario !== l.codigoCatalogoUsuario)
        error(`detalle.${i}.codigoProduccion`, M.produccionAjena);
      else if (l.cantidad > Number(p.cantidad)) error(`detalle.${i}.cantidad`, M.produccionExcedida);
    }
  });
  if (Object.keys(errores).length) throw errorCampos(errores);

  return ctx.db.transaction(async (tx) => {
    const codigo = await repo.insertar(tx, {
      codigoEmpresaUsuario: codigoEmpresa,
      fechaEmision: data.fechaEmision,
      fechaFinVigencia: fin,
      diasVigencia: DIAS_VIGENCIA_CERTIFICADO,
      usuarioRegistro: a.nombreUsuario,
      codigoUsuarioRegistro: a.codigoUsuario,
      fechaRegistro: ctx.ahora(),
    });
    await repo.insertarLineas(
      tx,
      data.detalle.map((l, i) => {
        const p = porCodigo.get(l.codigoCatalogoUsuario);
        return {
          codigoCertificadoManufactura: codigo,
          codigoCatalogoUsuario: l.codigoCatalogoUsuario,
          descripcionProducto: p?.descripcion ?? '',
          numeroPartida: p?.numeroPartida ?? '',
          codigoUnidadMedida: p?.codigoUnidadMedida ?? '',
          cantidad: String(l.cantidad),
          cantidadBulto: String(l.cantidadBulto),
          codigoTipoBulto: l.codigoTipoBulto || null,
          pesoNeto: String(l.pesoNeto),
          pesoBruto: String(l.pesoBruto),
          orden: i + 1,
          codigoProduccion: l.codigoProduccion ?? null,
        };
      }),
    );
    await auditar(tx, ctx, {
      tipo: 'CERTIFICADO_REGISTRO',
      detalle: `Solicitud de certificado de manufactura con ${data.detalle.length} producto(s)`,
      entidad: 'certificado_manufactura',
      codigoEntidad: codigo,
      despues: { fechaEmision: data.fechaEmision, fechaFinVigencia: fin, detalle: data.detalle },
      codigoEmpresaUsuario: codigoEmpresa,
    });
    return codigo;
  });
}

/** A certificate the actor may change (attach, enable/disable): same company, or operator staff of roles 1 and 4. */
async function cargarModificable(ctx: Ctx, codigo: number) {
  const c = await cargarVisible(ctx, codigo, ROLES_ELIGEN_EMPRESA_CERTIFICADO);
  if (!admiteCambiosCertificado(c)) throw reglaNegocio(M.soloPendiente);
  return c;
}

/** AgregarDocumentoSustentoActa: the supporting PDF (already streamed and checked by content). */
export async function agregarDocumento(
  ctx: Ctx,
  campos: { CodigoCertificadoManufactura: number; CodigoEmpresaUsuario?: number | null },
  archivo: ArchivoGuardado,
) {
  const c = await cargarModificable(ctx, campos.CodigoCertificadoManufactura);
  if (
    campos.CodigoEmpresaUsuario &&
    campos.CodigoEmpresaUsuario > 0 &&
    campos.CodigoEmpresaUsuario !== c.codigoEmpresaUsuario
  ) {
    throw noEncontrado();
  }
  if (c.estadoAnulado !== 0) throw reglaNegocio(M.deshabilitado);
  await ctx.db.transaction(async (tx) => {
    const codigoArchivo = await repo.insertarArchivo(tx, {
      codigoCertificadoManufactura: c.codigoCertificadoManufactura,
      nombreArchivo: archivo.nombreArchivo,
      rutaArchivo: archivo.rutaArchivo,
      tipoContenido: archivo.tipoContenido,
      tamanio: archivo.tamanio,
      usuarioRegistro: ctx.actor.nombreUsuario,
      fechaRegistro: ctx.ahora(),
    });
    await auditar(tx, ctx, {
      tipo: 'CERTIFICADO_DOCUMENTO',
      detalle: `Documento de sustento ${archivo.nombreArchivo} (${archivo.tamanio} bytes, sha256 ${archivo.sha256})`,
      entidad: 'certificado_manufactura',
      codigoEntidad: c.codigoCertificadoManufactura,
      despues: { codigoCertificadoManufacturaArchivo: codigoArchivo },
      codigoEmpresaUsuario: c.codigoEmpresaUsuario,
    });
  });
}

const nuevoToken = () => randomBytes(24).toString('base64url');

/**
 * AprobarRechazarCertificadoManufactura: the operator's approvers (levels 1 and 9) reject (2) or authorize (3)
 * a request still awaiting. Guarded update: of two approvers at once, one wins and the other is told.
 */
export async function aprobarRechazar(ctx: Ctx, f: AprobacionFormulario) {
  const a = ctx.actor;
  if (!NIVELES_AUTORIZAN_CERTIFICADO.includes(a.nivelUsuario) || a.codigoEmpresaUsuario !== EMPRESA_OPERADOR) {
    throw new AppError(403, M.nivelNoAutoriza);
  }
  const c = await cargarVisible(ctx, f.codigoCertificadoManufactura);
  if (c.estadoAnulado !== 0) throw reglaNegocio(M.deshabilitado);
  if (!transicionPermitida(c.codigoEstadoAutorizado, f.estadoAutorizacion)) throw conflicto(M.yaAtendido);
  const autoriza = f.estadoAutorizacion === ESTADO_CERTIFICADO.autorizado;
  // A request left pending past its validity would be issued already expired: it can only be rejected.
  if (autoriza && c.fechaFinVigencia < fechaLima(ctx.ahora()))
    throw reglaNegocio(M.vigenciaTerminada(c.fechaFinVigencia));
  const observaciones = f.observaciones?.trim() || null;
  if (autoriza && !f.opcionNuevaFuncionalidad) {
    throw new AppError(422, M.opcionAdicional, { opcionNuevaFuncionalidad: [M.opcionAdicional] });
  }
  if (!autoriza && !observaciones) {
    throw new AppError(422, M.observacionRechazo, { observaciones: [M.observacionRechazo] });
  }
  const empresa = await repo.empresa(ctx.db, c.codigoEmpresaUsuario);
  const nombreAutorizador = (await repo.nombreCompletoUsuario(ctx.db, a.codigoUsuario)) || a.nombreUsuario;
  const ahora = ctx.ahora();

  return ctx.db.transaction(async (tx) => {
    const movido = await repo.cambiarEstado(tx, c.codigoCertificadoManufactura, ESTADO_CERTIFICADO.pendiente, {
      codigoEstadoAutorizado: f.estadoAutorizacion,
      observaciones,
      opcionNuevaFuncionalidad: f.opcionNuevaFuncionalidad,
      opcionGeneraValor: f.opcionGeneraValor,
      nombreAutorizador,
      codigoUsuarioAutorizacion: a.codigoUsuario,
      fechaAutorizacion: ahora,
      fechaModificacion: ahora,
      ...(autoriza
        ? {
            tokenVerificacion: nuevoToken(),
            razonSocialEmision: empresa?.razonSocial ?? '',
            rucEmision: empresa?.ruc ?? '',
            direccionEmision: empresa?.direccion ?? null,
          }
        : {}),
    });
    if (!movido) throw conflicto(M.yaAtendido);
    let numeroCertificado: string | null = null;
    if (autoriza) {
      const n = await repo.siguienteNumero(tx);
      numeroCertificado = `CM-${fechaLima(ahora).slice(0, 4)}-${String(n).padStart(6, '0')}`;
      await repo.cambiarEstado(tx, c.codigoCertificadoManufactura, ESTADO_CERTIFICADO.autorizado, {
        codigoEstadoAutorizado: ESTADO_CERTIFICADO.autorizado,
        numeroCertificado,
      });
    }
    await auditar(tx, ctx, {
      tipo: autoriza ? 'CERTIFICADO_AUTORIZACION' : 'CERTIFICADO_RECHAZO',
      detalle: autoriza ? `Certificado ${numeroCertificado} autorizado` : 'Certificado de manufactura rechazado',
      entidad: 'certificado_manufactura',
      codigoEntidad: c.codigoCertificadoManufactura,
      antes: { codigoEstadoAutorizado: c.codigoEstadoAutorizado },
      despues: { codigoEstadoAutorizado: f.estadoAutorizacion, numeroCertificado, observaciones },
      codigoEmpresaUsuario: c.codigoEmpresaUsuario,
    });
    await notificarResultado(tx, ctx, {
      codigoCertificadoManufactura: c.codigoCertificadoManufactura,
      codigoEmpresaUsuario: c.codigoEmpresaUsuario,
      autorizado: autoriza,
      numeroCertificado,
      observaciones,
    });
    return { codigoEstadoAutorizado: f.estadoAutorizacion, numeroCertificado };
  });
}

/** EliminarCertificadoManufactura: disables an enabled request, enables a disabled one (state 1 only). */
export async function cambiarEstadoAnulado(ctx: Ctx, codigo: number) {
  const c = await cargarModificable(ctx, codigo);
  return ctx.db.transaction(async (tx) => {
    const r = await repo.cambiarAnulado(tx, codigo, c.estadoAnulado, ctx.ahora());
    if (!r) throw conflicto();
    await auditar(tx, ctx, {
      tipo: r.estadoAnulado === 1 ? 'CERTIFICADO_DESHABILITADO' : 'CERTIFICADO_HABILITADO',
      entidad: 'certificado_manufactura',
      codigoEntidad: codigo,
      antes: { estadoAnulado: c.estadoAnulado },
      despues: { estadoAnulado: r.estadoAnulado },
      codigoEmpresaUsuario: c.codigoEmpresaUsuario,
    });
    return r.estadoAnulado;
  });
}

/** A supporting document the actor may see. */
export async function archivoParaDescargar(ctx: Ctx, codigoArchivo: number) {
  const a = await repo.archivo(ctx.db, codigoArchivo);
  if (!a) throw noEncontrado();
  await cargarVisible(ctx, a.codigoCertificadoManufactura);
  return a;
}
