import { MENSAJES_MOVIMIENTO as M, rucValido, TIPO_NOTIFICACION, fechaLima } from '@cronos/contract';
import type { DbOTx } from '../../db/client';
import { auditar } from '../../platform/auditoria';
import type { Ctx } from '../../platform/contexto';
import { errorCampos, noEncontrado, prohibido, reglaNegocio } from '../../platform/errores';
import { enlaceMovimiento, publicarNotificacion } from '../../platform/notificaciones';
import { iso } from '../../platform/respuesta';
import { empresaParaEscribir } from '../../platform/tenencia';
import { liberarReservas } from '../inventario/lotes';
import { buscarTransportista } from '../transportista/transportista.service';
import { movimientoEditable, movimientoLegible, ROLES_PANEL_DOCUMENTOS } from './acceso-movimiento';
import * as repo from './movimiento.repository';
import { aNumero, sumar } from '../../platform/dinero';

/** GET /Movimiento/ListarRegistro: the order with its documents, product lines and lots (spec 01 §3). */
export async function listarRegistro(
  ctx: Ctx,
  consulta: { CodigoMovimiento?: number | null; CodigoIngreso?: string | null },
) {
  let codigo = consulta.CodigoMovimiento ?? null;
  if (!codigo && consulta.CodigoIngreso) {
    codigo =
      (await repo.leerMovimientoPorCodigoIngreso(ctx.db, consulta.CodigoIngreso.toUpperCase()))?.codigoMovimiento ??
      null;
  }
  if (!codigo) throw noEncontrado();
  await movimientoLegible(ctx, ctx.db, codigo);
  const r = await repo.detalleMovimiento(ctx.db, codigo);
  if (!r) throw noEncontrado();
  const { mov } = r;
  const lotesPorLinea = new Map<
    number,
    { codigoLote: number; numeroDocumento: string; cantidad: number; estado: number }[]
  >();
  for (const x of r.reservas) {
    const lista = lotesPorLinea.get(x.codigoMovimientoDetalle) ?? [];
    lista.push({
      codigoLote: x.codigoLote,
      numeroDocumento: x.numeroDocumento,
      cantidad: Number(x.cantidad),
      estado: x.estado,
    });
    lotesPorLinea.set(x.codigoMovimientoDetalle, lista);
  }
  const documentos = r.documentos.map((d) => ({
    codigoMovimientoDocumento: d.codigoMovimientoDocumento,
    codigoTipoDocumento: d.codigoTipoDocumento,
    descripcionDocumento: d.descripcionDocumento ?? r.tiposDocumento.get(d.codigoTipoDocumento) ?? null,
    numeroDocumento: d.numeroDocumento,
    ruc: d.ruc,
    razonSocial: d.razonSocial,
    codigoTipoImportador: d.codigoTipoImportador,
    usuarioCreacion: d.usuarioCreacion,
    modoEdicion: 'guardado' as const,
    productos: r.productos
      .filter((p) => p.d.codigoMovimientoDocumento === d.codigoMovimientoDocumento)
      .map((p) => ({
        codigoMovimientoDetalle: p.d.codigoMovimientoDetalle,
        codigoCatalogoUsuario: p.d.codigoCatalogoUsuario,
        descripcionCatalogoUsuario: p.descripcionCatalogoUsuario,
        codeDescripcionProducto: `${p.codigoInterno ?? p.d.codigoCatalogoUsuario} - ${p.descripcionCatalogoUsuario}`,
        codigoUnidadMedida: p.codigoUnidadMedida,
        numeroPartida: p.numeroPartida,
        cantidad: Number(p.d.cantidad),
        peso: Number(p.d.peso),
        valorFOB: Number(p.d.valorFOB),
        codigoTipoBulto: p.d.codigoTipoBulto,
        codigoProductoSaliente: lotesPorLinea.get(p.d.codigoMovimientoDetalle) ?? [],
        modoEdicionProducto: 'guardado' as const,
      })),
  }));
  return {
    codigoMovimiento: mov.codigoMovimiento,
    codigoIngreso: mov.codigoIngreso,
    tipoTransaccion: mov.tipoTransaccion,
    codigoTipoIngreso: mov.codigoTipoIngreso as 'VH' | 'PT' | 'PE',
    descripcionTipoIngreso: r.descripcionTipoIngreso,
    codigoTipoControl: mov.codigoTipoControl,
    codigoTipoOperacion: mov.codigoTipoOperacion,
    descripcionTipoOperacion: r.descripcionTipoOperacion,
    codigoEmpresaUsuario: mov.codigoEmpresaUsuario,
    razonSocial: r.razonSocialEmpresa,
    codigoEmpresaAlmacen: mov.codigoEmpresaAlmacen,
    codigoTipoMercaderia: mov.codigoTipoMercaderia,
    descripcionTipoMercaderia: r.descripcionTipoMercaderia,
    paisProcedencia: mov.paisProcedencia,
    codigoVia: mov.codigoVia,
    codigoSalidaAduana: mov.codigoSalidaAduana,
    fechaIngreso: iso(mov.fechaIngreso),
    codigoPersona: mov.codigoPersona,
    codigoTipoDocumentoIdentidad: mov.codigoTipoDocumentoIdentidad,
    numeroDocumentoIdentidad: mov.numeroDocumentoIdentidad,
    nombres: mov.nombres,
    apellidoPaterno: mov.apellidoPaterno,
    apellidoMaterno: mov.apellidoMaterno,
    codigoTransportistaUsuario: mov.codigoTransportistaUsuario,
    razonSocialTransportistaUsuario: mov.razonSocialTransportistaUsuario,
    rucTransportistaUsuario: mov.rucTransportistaUsuario,
    codigoTipoVehiculo: mov.codigoTipoVehiculo,
    placaUno: mov.placaUno,
    placaDos: mov.placaDos,
    numeroSoat: mov.numeroSoat,
    numeroPrecinto: mov.numeroPrecinto,
    codigoClaseBrevete: mov.codigoClaseBrevete,
    numeroBrevete: mov.numeroBrevete,
    FechaVencimientoBreveteMovimiento: mov.fechaVencimientoBrevete,
    guiaTransportista: mov.guiaTransportista,
    codigoTipoCarga: mov.codigoTipoCarga,
    numeroBultos: mov.numeroBultos,
    codigoDestinoProcedenciaMercancia: mov.codigoDestinoProcedenciaMercancia,
    numeroContenedor: mov.numeroContenedor,
    codigoTipoContenedor: mov.codigoTipoContenedor,
    lineaNaviera: mov.lineaNaviera,
    codigoTipoImportador: mov.codigoTipoImportador,
    numeroDeclaracion: mov.numeroDeclaracion,
    codigoEstadoMovimiento: mov.codigoEstadoMovimiento,
    descripcionEstadoMovimiento: r.descripcionEstadoMovimiento,
    codigoEstadoObservado: mov.codigoEstadoObservado,
    estadoAnulado: mov.estadoAnulado,
    version: mov.version,
    usuarioRegistro: mov.usuarioRegistro,
    fechaRegistro: iso(mov.fechaRegistro),
    documentos,
    pesoTotal: aNumero(sumar(documentos.flatMap((d) => d.productos.map((p) => p.peso))), 3),
  };
}

/** Takes the order's row for a change of its documents: only while registered, one writer at a time. */
async function bloquearRegistrado(tx: DbOTx, codigoMovimiento: number) {
  const m = await repo.bloquearRegistrado(tx, codigoMovimiento);
  if (!m) throw reglaNegocio(M.noEditable);
  return m;
}

/** Removes product lines, releasing the lots their exits held. */
async function borrarLineas(tx: DbOTx, codigos: number[]) {
  if (codigos.length === 0) return;
  await liberarReservas(tx, codigos);
  await repo.borrarLineas(tx, codigos);
}

/** POST /Movimiento/EliminarMovimientoDocumento: a stored document and its lines (lots released). */
export async function eliminarDocumento(ctx: Ctx, codigoMovimientoDocumento: number) {
  const d = await repo.leerDocumento(ctx.db, codigoMovimientoDocumento);
  if (!d) throw noEncontrado();
  const m = await movimientoEditable(ctx, ctx.db, d.codigoMovimiento, true);
  await ctx.db.transaction(async (tx) => {
    await bloquearRegistrado(tx, m.codigoMovimiento);
    const lineas = await repo.lineasDeDocumento(tx, codigoMovimientoDocumento);
    await borrarLineas(tx, lineas);
    await repo.borrarDocumento(tx, codigoMovimientoDocumento);
    await auditar(tx, ctx, {
      tipo: 'MOVIMIENTO_DOCUMENTO_ELIMINADO',
      detalle: `Orden ${m.codigoIngreso}: documento ${d.numeroDocumento} eliminado con ${lineas.length} producto(s)`,
      entidad: 'movimiento_documento',
      codigoEntidad: codigoMovimientoDocumento,
      antes: d,
      codigoEmpresaUsuario: m.codigoEmpresaUsuario,
    });
  });
}

/** POST /Movimiento/EliminarDetalleMovimientoPorCodigo: one stored product line (its lots released). */
export async function eliminarDetalle(ctx: Ctx, codigoMovimientoDetalle: number) {
  const d = await repo.leerDetalle(ctx.db, codigoMovimientoDetalle);
  if (!d) throw noEncontrado();
  const m = await movimientoEditable(ctx, ctx.db, d.codigoMovimiento, true);
  await ctx.db.transaction(async (tx) => {
    await bloquearRegistrado(tx, m.codigoMovimiento);
    await borrarLineas(tx, [codigoMovimientoDetalle]);
    await auditar(tx, ctx, {
      tipo: 'MOVIMIENTO_DETALLE_ELIMINADO',
      detalle: `Orden ${m.codigoIngreso}: producto ${d.codigoCatalogoUsuario} eliminado`,
      entidad: 'movimiento_detalle',
      codigoEntidad: codigoMovimientoDetalle,
      antes: d,
      codigoEmpresaUsuario: m.codigoEmpresaUsuario,
    });
  });
}

/** POST /Movimiento/EliminarMovimientoArchivo: documents panel, roles 1, 2 and 8; the file goes after commit. */
export async function eliminarArchivo(ctx: Ctx, codigoMovimientoArchivo: number) {
  if (!ROLES_PANEL_DOCUMENTOS.includes(ctx.actor.codigoRol)) throw prohibido();
  const a = await repo.leerArchivo(ctx.db, codigoMovimientoArchivo);
  if (!a) throw noEncontrado();
  const m = await movimientoEditable(ctx, ctx.db, a.codigoMovimiento, false);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.borrarArchivo(tx, codigoMovimientoArchivo))) throw noEncontrado();
    await auditar(tx, ctx, {
      tipo: 'MOVIMIENTO_ARCHIVO_ELIMINADO',
      detalle: `Orden ${m.codigoIngreso}: archivo ${a.nombreArchivo} eliminado`,
      entidad: 'movimiento_archivo',
      codigoEntidad: codigoMovimientoArchivo,
      antes: a,
      codigoEmpresaUsuario: m.codigoEmpresaUsuario,
    });
  });
  return a;
}

/** GET /Balanza/ConsutarArchivo: files of an order. */
export async function consultarArchivos(ctx: Ctx, codigoMovimiento: number) {
  await movimientoLegible(ctx, ctx.db, codigoMovimiento);
  const archivos = await repo.archivosDeMovimiento(ctx.db, codigoMovimiento);
  return archivos.map((a) => ({ ...a, fechaRegistro: iso(a.fechaRegistro) }));
}

/** A stored file of an order the actor may read (download). */
export async function archivoLegible(ctx: Ctx, codigoMovimientoArchivo: number) {
  const a = await repo.leerArchivo(ctx.db, codigoMovimientoArchivo);
  if (!a) throw noEncontrado();
  await movimientoLegible(ctx, ctx.db, a.codigoMovimiento);
  return a;
}

/**
 * POST /Movimiento/EnviarNotificacionTipoMovimiento: tells the order's company and the entry gate that the
 * order is registered (and which fiscal document it carries), through the notifications channel.
 */
export async function enviarNotificacion(
  ctx: Ctx,
  e: { CodigoMovimiento: number; NumeroDocumentoFiscal?: string | null; Ruc?: string | null },
) {
  const m = await movimientoLegible(ctx, ctx.db, e.CodigoMovimiento);
  const documento = e.NumeroDocumentoFiscal ? ` (documento ${e.NumeroDocumentoFiscal.toUpperCase()})` : '';
  await ctx.db.transaction(async (tx) => {
    await publicarNotificacion(tx, ctx, {
      tipo: TIPO_NOTIFICACION.movimientoEtapa,
      titulo: `Orden ${m.codigoIngreso} registrada`,
      mensaje: `La orden ${m.codigoIngreso}${documento} está lista para el control de ingreso.`,
      enlace: enlaceMovimiento(m.codigoMovimiento),
      datos: { codigoMovimiento: m.codigoMovimiento, codigoIngreso: m.codigoIngreso, hasta: m.codigoEstadoMovimiento },
      codigoEmpresaUsuario: m.codigoEmpresaUsuario,
      modulos: ['security/income'],
    });
    await auditar(tx, ctx, {
      tipo: 'MOVIMIENTO_NOTIFICADO',
      detalle: `Notificación de la orden ${m.codigoIngreso}${documento}`,
      entidad: 'movimiento',
      codigoEntidad: m.codigoMovimiento,
      codigoEmpresaUsuario: m.codigoEmpresaUsuario,
    });
  });
}

/**
 * GET /Movimiento/ConsultarTransportistaPorUsuario: 'true' carrier with a valid contract, 'false' carrier
 * without one, '100' not registered for the company (the form opens the foreign/new carrier dialog).
 */
export async function consultarTransportistaPorUsuario(
  ctx: Ctx,
  q: { Ruc: string; CodigoEmpresaUsuario?: number | null; CodigoTipoDocumentoEmpresa: string },
) {
  const empresa = empresaParaEscribir(ctx.actor, q.CodigoEmpresaUsuario);
  const ruc = q.Ruc.toUpperCase();
  if (q.CodigoTipoDocumentoEmpresa === '6') {
    if (!/^\d{11}$/.test(ruc)) throw errorCampos({ Ruc: [M.rucOnce] }, M.rucOnce);
    if (!rucValido(ruc)) throw errorCampos({ Ruc: [M.rucInvalido] }, M.rucInvalido);
  } else if (!/^[A-Z0-9-]{1,13}$/.test(ruc)) {
    throw errorCampos({ Ruc: ['Máximo 13 caracteres, solo letras y números'] });
  }
  const hoy = fechaLima(ctx.ahora());
  const t = await buscarTransportista(ctx.db, empresa, ruc, hoy);
  if (!t) return { success: '100' as const, message: 'Transportista no registrado', data: null };
  const data = {
    nombreTransportista: t.razonSocial,
    codigoTransportistaUsuario: t.codigoTransportistaUsuario,
    ruc: t.ruc,
    direccion: t.direccion,
    fechaInicio: t.fechaInicio,
    fechaCese: t.fechaCese,
    extranjero: t.extranjero,
  };
  return t.vigente
    ? { success: 'true' as const, message: M.conContrato, data }
    : { success: 'false' as const, message: M.sinContrato, data };
}
