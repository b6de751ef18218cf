import {
  type DocumentoMovimiento,
  MENSAJES_MOVIMIENTO as M,
  type MovimientoValidado,
  type Seccion,
  TIPO_OPERACION,
  tipoDocumentoPermitido,
  sumarDias,
  fechaLima,
} from '@cronos/contract';
import type { DbOTx } from '../../db/client';
import { permite } from '../../platform/acceso';
import { auditar } from '../../platform/auditoria';
import type { Ctx } from '../../platform/contexto';
import { conflicto, errorCampos, prohibido } from '../../platform/errores';
import { actuaPorCualquierEmpresa, empresaParaEscribir } from '../../platform/tenencia';
import { reservarLote } from '../inventario/lotes';
import { buscarTransportista } from '../transportista/transportista.service';
import { movimientoEditable } from './acceso-movimiento';
import { tomarTemporales } from './archivos-temporales';
import * as repo from './movimiento.repository';
import { agregar, type Errores, revisarListas } from './revisar-listas';
import { aTexto, redondear, sumar } from '../../platform/dinero';

const MODULO = 'operations/order/register';
const lanzarSiHay = (err: Errores) => {
  if (Object.keys(err).length > 0) throw errorCampos(err, M.camposObligatorios);
};

/** The date picker forbids dates earlier than yesterday (Lima); the server holds the same line. */
function revisarFecha(ctx: Ctx, iso: string, campo: string, err: Errores) {
  const ayer = sumarDias(fechaLima(ctx.ahora()), -1);
  if (new Date(iso).getTime() < new Date(`${ayer}T05:00:00Z`).getTime()) agregar(err, campo, M.fechaPasada);
}

interface Destino {
  codigoEmpresaUsuario: number;
  codigoEmpresaAlmacen: number | null;
  almacenActivo: boolean;
  codigoTipoOperacion: number;
}

/**
 * Checks documents and product lines against the company: products of its catalogue, no product twice in
 * a document (also against the lines already stored), and, for exits from an active warehouse, lots whose
 * quantities add up to each line.
 */
async function revisarDocumentos(
  db: DbOTx,
  d: Destino,
  documentos: DocumentoMovimiento[],
  guardados: Map<number, Set<number>>,
  err: Errores,
) {
  const codigos = [...new Set(documentos.flatMap((x) => x.productos.map((p) => p.codigoCatalogoUsuario)))];
  const propios = await repo.productosDeEmpresa(db, d.codigoEmpresaUsuario, codigos);
  const salida = d.codigoTipoOperacion === TIPO_OPERACION.salida;
  documentos.forEach((doc, i) => {
    const previos = doc.codigoMovimientoDocumento ? guardados.get(doc.codigoMovimientoDocumento) : undefined;
    if (doc.codigoMovimientoDocumento && !previos)
      agregar(err, `documentos.${i}.codigoMovimientoDocumento`, 'El documento no pertenece a la orden');
    if (!doc.codigoMovimientoDocumento && !tipoDocumentoPermitido(d.codigoEmpresaUsuario, doc.codigoTipoDocumento))
      agregar(err, `documentos.${i}.codigoTipoDocumento`, M.tipoDocumentoNoPermitido);
    doc.productos.forEach((p, j) => {
      const base = `documentos.${i}.productos.${j}`;
      if (p.codigoMovimientoDetalle) return; // stored line: unchanged here
      if (!propios.has(p.codigoCatalogoUsuario)) agregar(err, `${base}.codigoCatalogoUsuario`, M.productoRequerido);
      if (previos?.has(p.codigoCatalogoUsuario)) agregar(err, `${base}.codigoCatalogoUsuario`, M.productoDuplicado);
      const total = sumar(p.codigoProductoSaliente.map((l) => l.cantidad));
      if (salida && d.almacenActivo && p.codigoProductoSaliente.length === 0) {
        agregar(err, `${base}.codigoProductoSaliente`, M.cantidadKardex(p.cantidad));
      } else if (p.codigoProductoSaliente.length > 0) {
        if (!salida || d.codigoEmpresaAlmacen === null)
          agregar(err, `${base}.codigoProductoSaliente`, 'Solo las salidas retiran de lotes');
        else if (redondear(total, 3).gt(redondear(p.cantidad, 3)))
          agregar(err, `${base}.codigoProductoSaliente`, M.cantidadLote(p.cantidad));
        else if (redondear(total, 3).lt(redondear(p.cantidad, 3))) {
          agregar(
            err,
            `${base}.codigoProductoSaliente`,
            `Total a retirar: ${aTexto(p.cantidad, 4)}, registrados: ${aTexto(total, 4)}`,
          );
        }
        const lotes = p.codigoProductoSaliente.map((l) => l.codigoLote);
        if (new Set(lotes).size !== lotes.length)
          agregar(err, `${base}.codigoProductoSaliente`, 'Un lote se eligió dos veces');
      }
    });
  });
}

/** Inserts documents and their new lines; reserves lots of exit lines. Returns how many lines were added. */
async function insertarDocumentos(
  tx: DbOTx,
  ctx: Ctx,
  codigoMovimiento: number,
  d: Destino,
  documentos: DocumentoMovimiento[],
) {
  let lineas = 0;
  for (const [i, doc] of documentos.entries()) {
    let codigoDocumento = doc.codigoMovimientoDocumento ?? null;
    if (!codigoDocumento) {
      codigoDocumento = await repo.insertarDocumento(tx, {
        codigoMovimiento,
        codigoTipoDocumento: doc.codigoTipoDocumento,
        descripcionDocumento: doc.descripcionDocumento,
        numeroDocumento: doc.numeroDocumento,
        ruc: doc.ruc,
        razonSocial: doc.razonSocial,
        codigoTipoImportador: doc.codigoTipoImportador,
        usuarioCreacion: ctx.actor.nombreUsuario,
      });
    }
    if (!codigoDocumento) throw new Error('documento');
    const nuevas = doc.productos.filter((p) => !p.codigoMovimientoDetalle);
    if (nuevas.length === 0) continue;
    const documentoId = codigoDocumento;
    const insertadas = await repo.insertarLineas(
      tx,
      nuevas.map((p) => ({
        codigoMovimientoDocumento: documentoId,
        codigoMovimiento,
        codigoCatalogoUsuario: p.codigoCatalogoUsuario,
        cantidad: p.cantidad.toFixed(3),
        peso: p.peso.toFixed(3),
        valorFOB: p.valorFOB.toFixed(5),
        codigoTipoBulto: p.codigoTipoBulto,
      })),
    );
    lineas += insertadas.length;
    const idPorProducto = new Map(insertadas.map((f) => [f.producto, f.id]));
    for (const [j, p] of doc.productos.entries()) {
      const codigoMovimientoDetalle = idPorProducto.get(p.codigoCatalogoUsuario);
      if (p.codigoMovimientoDetalle || !codigoMovimientoDetalle || d.codigoEmpresaAlmacen === null) continue;
      for (const l of p.codigoProductoSaliente) {
        await reservarLote(
          tx,
          {
            codigoLote: l.codigoLote,
            cantidad: l.cantidad,
            codigoMovimientoDetalle,
            codigoCatalogoUsuario: p.codigoCatalogoUsuario,
            codigoEmpresaAlmacen: d.codigoEmpresaAlmacen,
          },
          `documentos.${i}.productos.${j}.codigoProductoSaliente`,
        );
      }
    }
  }
  return lineas;
}

/** Carrier of a vehicle order: registered for the company with a valid contract (spec 01 §4). */
async function revisarTransportista(ctx: Ctx, e: MovimientoValidado, empresa: number, err: Errores) {
  if (e.codigoTipoIngreso !== 'VH' || !e.rucTransportistaUsuario) return null;
  const t = await buscarTransportista(ctx.db, empresa, e.rucTransportistaUsuario.toUpperCase(), fechaLima(ctx.ahora()));
  if (!t) agregar(err, 'rucTransportistaUsuario', 'Transportista no registrado para la empresa');
  else if (!t.vigente) agregar(err, 'rucTransportistaUsuario', M.sinContrato);
  return t;
}

async function revisarPersona(ctx: Ctx, e: MovimientoValidado, err: Errores) {
  if (!e.codigoPersona) return;
  const numero = await repo.documentoDePersona(ctx.db, e.codigoPersona);
  if (!numero || numero !== e.numeroDocumentoIdentidad?.toUpperCase())
    agregar(err, 'numeroDocumentoIdentidad', M.validarDocumento);
}

const datosConductor = (e: MovimientoValidado) => ({
  codigoPersona: e.codigoPersona ?? null,
  codigoTipoDocumentoIdentidad: e.codigoTipoDocumentoIdentidad ?? (e.numeroDocumentoIdentidad ? '1' : null),
  numeroDocumentoIdentidad: e.numeroDocumentoIdentidad?.toUpperCase() ?? null,
  nombres: e.nombres?.toUpperCase() ?? null,
  apellidoPaterno: e.apellidoPaterno?.toUpperCase() ?? null,
  apellidoMaterno: e.apellidoMaterno?.toUpperCase() ?? null,
});

function datosTransporte(e: MovimientoValidado, t: Awaited<ReturnType<typeof buscarTransportista>>) {
  const vh = e.codigoTipoIngreso === 'VH';
  return {
    codigoTransportistaUsuario: vh ? (t?.codigoTransportistaUsuario ?? null) : null,
    razonSocialTransportistaUsuario: vh ? (t?.razonSocial ?? null) : null,
    rucTransportistaUsuario: vh ? (t?.ruc ?? null) : null,
    codigoTipoVehiculo: vh ? e.codigoTipoVehiculo : null,
    placaUno: vh ? e.placaUno : null,
    placaDos: vh ? e.placaDos : null,
    numeroSoat: vh ? e.numeroSoat : null,
    codigoClaseBrevete: vh ? e.codigoClaseBrevete : null,
    numeroBrevete: vh ? e.numeroBrevete : null,
    fechaVencimientoBrevete: vh ? (e.FechaVencimientoBreveteMovimiento ?? null) : null,
    guiaTransportista: vh ? e.guiaTransportista : null,
  };
}

const datosCarga = (e: MovimientoValidado) => {
  const contenedor = e.codigoTipoCarga === 2;
  return {
    codigoTipoCarga: e.codigoTipoIngreso === 'PE' ? null : (e.codigoTipoCarga ?? 1),
    numeroBultos: e.numeroBultos ?? null,
    numeroPrecinto: e.numeroPrecinto,
    numeroContenedor: contenedor ? e.numeroContenedor : null,
    codigoTipoContenedor: contenedor ? e.codigoTipoContenedor : null,
    lineaNaviera: contenedor ? e.lineaNaviera : null,
  };
};

/** Merchandise choice: national sets country PE and code 2; otherwise the form's values (spec 01 §4). */
function destinoProcedencia(e: MovimientoValidado) {
  if (e.codigoTipoMercaderia === 'NAC') return { paisProcedencia: 'PE', codigoDestinoProcedenciaMercancia: 2 };
  return {
    paisProcedencia: e.paisProcedencia,
    codigoDestinoProcedenciaMercancia: e.codigoDestinoProcedenciaMercancia ?? 1,
  };
}

/**
 * POST /Movimiento/GuardarMovimiento: create, or update one card of an existing order. `archivosDir` is
 * where the creation form's temporary supporting documents are kept (they are saved with the order).
 */
export async function guardarMovimiento(ctx: Ctx, e: MovimientoValidado, archivosDir?: string) {
  return e.codigoMovimiento ? actualizarSeccion(ctx, e) : crearMovimiento(ctx, e, archivosDir);
}

async function crearMovimiento(ctx: Ctx, e: MovimientoValidado, archivosDir?: string) {
  if (!permite(ctx.actor, MODULO, 'agregar')) throw prohibido();
  const empresa = empresaParaEscribir(ctx.actor, e.codigoEmpresaUsuario);
  const datosEmpresa = await repo.leerEmpresa(ctx.db, empresa);
  // Only staff who act for any company get here with an id other than their own (empresaParaEscribir): an
  // unknown or annulled company is a field of their form, not a missing resource.
  if (datosEmpresa?.estadoAnulado !== 0)
    throw errorCampos({ codigoEmpresaUsuario: [M.empresaNoValida] }, M.camposObligatorios);
  const err: Errores = {};
  const almacenes = (await repo.almacenesDeEmpresa(ctx.db, empresa)).map((a) => a.codigoEmpresaAlmacen);
  let codigoEmpresaAlmacen = almacenes[0] ?? null;
  if (e.codigoEmpresaAlmacen && actuaPorCualquierEmpresa(ctx.actor)) {
    if (almacenes.includes(e.codigoEmpresaAlmacen)) codigoEmpresaAlmacen = e.codigoEmpresaAlmacen;
    else agregar(err, 'codigoEmpresaAlmacen', 'El almacén no pertenece a la empresa');
  }
  if (e.fechaIngreso) revisarFecha(ctx, e.fechaIngreso, 'fechaIngreso', err);
  const transportista = await revisarTransportista(ctx, e, empresa, err);
  await revisarPersona(ctx, e, err);
  const destino: Destino = {
    codigoEmpresaUsuario: empresa,
    codigoEmpresaAlmacen,
    almacenActivo: datosEmpresa.indicadorAlmacenActivo,
    codigoTipoOperacion: e.codigoTipoOperacion,
  };
  await revisarDocumentos(ctx.db, destino, e.documentos, new Map(), err);
  await revisarListas(ctx.db, e, null, null, err);
  lanzarSiHay(err);
  // The order and its supporting documents are saved together: a missing file refuses the order.
  if (e.archivosTemporales.length && !archivosDir) throw new Error('archivosDir');
  const reclamo = e.archivosTemporales.length
    ? await tomarTemporales(ctx, archivosDir as string, e.archivosTemporales)
    : null;
  try {
    const r = await insertarMovimiento(ctx, e, empresa, destino, transportista, reclamo?.archivos ?? []);
    await reclamo?.soltar();
    return r;
  } catch (error) {
    await reclamo?.devolver();
    throw error;
  }
}

async function insertarMovimiento(
  ctx: Ctx,
  e: MovimientoValidado,
  empresa: number,
  destino: Destino,
  transportista: Awaited<ReturnType<typeof revisarTransportista>>,
  archivos: { nombreArchivo: string; rutaArchivo: string; tipoContenido: string; tamanio: number }[],
) {
  const { codigoEmpresaAlmacen } = destino;
  return ctx.db.transaction(async (tx) => {
    const { codigoIngreso, numeroTicket } = await repo.siguienteCodigoIngreso(tx);
    const m = await repo.insertarMovimiento(tx, {
      codigoIngreso,
      numeroTicket,
      tipoTransaccion: 'MOV',
      codigoTipoIngreso: e.codigoTipoIngreso,
      codigoTipoControl: 7,
      codigoTipoOperacion: e.codigoTipoOperacion,
      codigoEmpresaUsuario: empresa,
      codigoEmpresaAlmacen,
      codigoTipoMercaderia: e.codigoTipoMercaderia,
      codigoVia: e.codigoVia,
      codigoSalidaAduana: e.codigoSalidaAduana,
      fechaIngreso: new Date(e.fechaIngreso ?? ctx.ahora()),
      ...destinoProcedencia(e),
      ...datosConductor(e),
      ...datosTransporte(e, transportista),
      ...datosCarga(e),
      codigoTipoImportador: e.codigoTipoImportador,
      numeroDeclaracion: e.numeroDeclaracion,
      usuarioRegistro: ctx.actor.nombreUsuario,
      codigoUsuarioRegistro: ctx.actor.codigoUsuario,
      fechaRegistro: ctx.ahora(),
    });
    if (!m) throw new Error('movimiento');
    const lineas = await insertarDocumentos(tx, ctx, m.codigoMovimiento, destino, e.documentos);
    await repo.insertarArchivos(
      tx,
      archivos.map((a) => ({
        codigoMovimiento: m.codigoMovimiento,
        categoria: 'sustento',
        nombreArchivo: a.nombreArchivo,
        rutaArchivo: a.rutaArchivo,
        tipoContenido: a.tipoContenido,
        tamanio: a.tamanio,
        usuarioRegistro: ctx.actor.nombreUsuario,
      })),
    );
    const conArchivos = archivos.length
      ? ` y ${archivos.length} documento(s) sustento (${archivos.map((a) => a.nombreArchivo).join(', ')})`
      : '';
    await auditar(tx, ctx, {
      tipo: 'MOVIMIENTO_REGISTRADO',
      detalle: `Orden ${codigoIngreso} registrada con ${e.documentos.length} documento(s) y ${lineas} producto(s)${conArchivos}`,
      entidad: 'movimiento',
      codigoEntidad: m.codigoMovimiento,
      codigoEmpresaUsuario: empresa,
    });
    return { codigoMovimiento: m.codigoMovimiento, codigoIngreso };
  });
}

async function actualizarSeccion(ctx: Ctx, e: MovimientoValidado) {
  if (!permite(ctx.actor, MODULO, 'editar')) throw prohibido();
  const seccion = e.seccion;
  const codigoMovimiento = e.codigoMovimiento as number;
  const m = await movimientoEditable(ctx, ctx.db, codigoMovimiento, seccion === 'documentos');
  // The order's type and company never change in edit mode (locked fields).
  const f: MovimientoValidado = { ...e, codigoTipoIngreso: m.codigoTipoIngreso as 'VH' | 'PT' | 'PE' };
  const err: Errores = {};
  let cambios: repo.CambiosMovimiento = {};
  let guardados = new Map<number, Set<number>>();
  const empresa = await repo.leerEmpresa(ctx.db, m.codigoEmpresaUsuario);
  const destino: Destino = {
    codigoEmpresaUsuario: m.codigoEmpresaUsuario,
    codigoEmpresaAlmacen: m.codigoEmpresaAlmacen,
    almacenActivo: empresa?.indicadorAlmacenActivo ?? false,
    codigoTipoOperacion: m.codigoTipoOperacion,
  };
  if (seccion === 'movimiento') {
    if (f.fechaIngresoRegistroNueva) revisarFecha(ctx, f.fechaIngresoRegistroNueva, 'fechaIngresoRegistroNueva', err);
    cambios = {
      codigoTipoImportador: f.codigoTipoImportador ?? m.codigoTipoImportador,
      numeroDeclaracion: f.numeroDeclaracion ?? m.numeroDeclaracion,
      ...(f.fechaIngresoRegistroNueva ? { fechaIngreso: new Date(f.fechaIngresoRegistroNueva) } : {}),
      ...(m.codigoTipoIngreso === 'PE' ? { ...datosConductor(f), numeroBultos: f.numeroBultos ?? m.numeroBultos } : {}),
    };
    if (m.codigoTipoIngreso === 'PE') await revisarPersona(ctx, f, err);
  } else if (seccion === 'transportista') {
    const t = await revisarTransportista(ctx, f, m.codigoEmpresaUsuario, err);
    await revisarPersona(ctx, f, err);
    cambios = { ...datosConductor(f), ...datosTransporte(f, t) };
  } else if (seccion === 'carga') {
    cambios = datosCarga(f);
  } else {
    guardados = await repo.productosPorDocumento(ctx.db, codigoMovimiento);
    await revisarDocumentos(ctx.db, destino, f.documentos, guardados, err);
  }
  await revisarListas(ctx.db, f, seccion as Seccion, m as Partial<Record<keyof MovimientoValidado, unknown>>, err);
  lanzarSiHay(err);
  return ctx.db.transaction(async (tx) => {
    const estados = seccion === 'documentos' ? [1] : [1, 2, 3, 4];
    // The version the form read (else the one read above): a card saved over a newer order is a 409.
    const actual = await repo.actualizarMovimiento(
      tx,
      codigoMovimiento,
      { ...cambios, fechaModificacion: ctx.ahora() },
      { version: f.version ?? m.version, estados },
    );
    if (!actual) throw conflicto();
    const lineas =
      seccion === 'documentos' ? await insertarDocumentos(tx, ctx, codigoMovimiento, destino, f.documentos) : 0;
    await auditar(tx, ctx, {
      tipo: 'MOVIMIENTO_ACTUALIZADO',
      detalle: `Orden ${m.codigoIngreso}: actualización de ${seccion}${lineas ? ` (${lineas} producto(s) nuevos)` : ''}`,
      entidad: 'movimiento',
      codigoEntidad: codigoMovimiento,
      antes: seccion === 'documentos' ? undefined : m,
      despues: seccion === 'documentos' ? undefined : cambios,
      codigoEmpresaUsuario: m.codigoEmpresaUsuario,
    });
    return { codigoMovimiento, codigoIngreso: m.codigoIngreso, version: actual.version };
  });
}
