import {
  type consultaDeclaraciones,
  type consultaLevanteAduana,
  type ConsultaPaginada,
  fechaLima,
  type FilaConciliacion,
  type FilaDeclaracion,
  type formularioDeclaracion,
  type formularioLevanteManual,
  instanteLima,
  MENSAJES,
  MENSAJES_ADUANAS as MA,
  normalizarNumeroDeclaracion,
  PARAMETRO,
  type RespuestaLevante,
  rucValido,
  TIPOS_DOCUMENTO_DECLARACION,
} from '@cronos/contract';
import type { z } from 'zod';
import type { DbOTx, Tx } from '../../db/client';
import { auditar } from '../../platform/auditoria';
import type { Ctx } from '../../platform/contexto';
import { AppError, conflicto, errorCampos, noEncontrado, reglaNegocio } from '../../platform/errores';
import { publicarMovimientoObservado } from '../../platform/notificaciones';
import { condicionBusqueda, desplazamiento, meta } from '../../platform/paginacion';
import { iso, isoONulo } from '../../platform/respuesta';
import {
  actuaPorCualquierEmpresa,
  empresaParaEscribir,
  empresaParaListar,
  exigirEmpresa,
} from '../../platform/tenencia';
import type { Movimiento } from '../etapas/etapas.repository';
import { fueraDeEstado } from '../etapas/transicion';
import * as repo from './aduanas.repository';
import { FallaProveedorLevante, type ProveedorLevanteAduana } from './proveedor-levante';
import { aNumero, aTexto, type Decimal, redondear, sumar } from '../../platform/dinero';

type FilaLista = NonNullable<Awaited<ReturnType<typeof repo.cargarDeclaracion>>>;

const mapear = (f: FilaLista, ordenes: repo.OrdenVinculada[]): FilaDeclaracion => ({
  codigoDeclaracion: f.d.codigoDeclaracion,
  numeroDeclaracion: f.d.numeroDeclaracion,
  codigoAduana: f.d.codigoAduana,
  aduana: f.aduana,
  anio: f.d.anio,
  codigoRegimen: f.d.codigoRegimen,
  regimen: f.regimen,
  fechaNumeracion: f.d.fechaNumeracion,
  codigoEmpresaUsuario: f.d.codigoEmpresaUsuario,
  razonSocial: f.razonSocial,
  rucImportador: f.d.rucImportador,
  razonImportador: f.d.razonImportador,
  valorFob: Number(f.d.valorFob),
  flete: Number(f.d.flete),
  seguro: Number(f.d.seguro),
  cif: Number(f.d.cif),
  pesoBruto: Number(f.d.pesoBruto),
  pesoNeto: Number(f.d.pesoNeto),
  totalBultos: f.d.totalBultos,
  numeroSeries: f.d.numeroSeries,
  canal: f.d.canal,
  requiereLevante: f.d.requiereLevante,
  estadoLevante: f.d.estadoLevante,
  fechaLevante: isoONulo(f.d.fechaLevante),
  levanteManual: f.d.levanteManual,
  usuarioLevante: f.d.usuarioLevante,
  documentoLevante: f.d.documentoLevante,
  origen: f.d.origen,
  ordenes: ordenes
    .filter((o) => o.codigoDeclaracion === f.d.codigoDeclaracion)
    .map(({ codigoMovimiento, codigoIngreso, manual }) => ({ codigoMovimiento, codigoIngreso, manual })),
  fechaRegistro: iso(f.d.fechaRegistro),
  version: f.d.version,
});

/**
 * The four-part number (DOMAIN.md §8): office from the customs-office lookup (group 33), a year from 1990 to
 * this year, regime from the regime lookup (group 81), a correlative that is not zero. Field errors under
 * `campo`, the form's name of the number.
 */
export async function validarNumero(db: DbOTx, texto: string, ahora: Date, campo = 'numeroDeclaracion') {
  const n = normalizarNumeroDeclaracion(texto);
  if (!n) throw errorCampos({ [campo]: [MA.numeroFormato] }, MA.numeroFormato);
  const errores: string[] = [];
  if (n.aduana === '000' || !(await repo.existeEnParametro(db, PARAMETRO.aduanaSalida, n.aduana)))
    errores.push(MA.aduanaNoExiste(n.aduana));
  const anio = Number(n.anio);
  if (anio < 1990 || anio > Number(fechaLima(ahora).slice(0, 4))) errores.push(MA.anioInvalido(n.anio));
  if (!(await repo.existeEnParametro(db, PARAMETRO.regimenAduanero, n.regimen)))
    errores.push(MA.regimenNoExiste(n.regimen));
  if (Number(n.numero) === 0) errores.push(MA.numeroCero);
  if (errores.length) throw errorCampos({ [campo]: errores }, errores[0]);
  return { ...n, corto: `${n.aduana}-${n.anio}-${n.regimen}-${Number(n.numero)}`, anioNumero: anio };
}

async function conOrdenes(db: DbOTx, f: FilaLista) {
  return mapear(f, await repo.ordenesDeDeclaraciones(db, [f.d.codigoDeclaracion]));
}

async function cargarVisible(db: DbOTx, ctx: Ctx, codigoDeclaracion: number, bloquear = false) {
  const f = await repo.cargarDeclaracion(db, codigoDeclaracion, bloquear);
  if (!f) throw noEncontrado();
  exigirEmpresa(ctx.actor, f.d.codigoEmpresaUsuario);
  return f;
}

export async function listar(ctx: Ctx, q: z.infer<typeof consultaDeclaraciones>) {
  const filtro: repo.FiltroDeclaraciones = {
    empresa: empresaParaListar(ctx.actor, q.CodigoEmpresaUsuario),
    busqueda: condicionBusqueda(q, repo.COLUMNAS_DECLARACION),
    desde: q.DesdeFecha,
    hasta: q.HastaFecha,
  };
  const { filas, total } = await repo.listarDeclaraciones(ctx.db, filtro, q.limit, desplazamiento(q), q);
  const ordenes = await repo.ordenesDeDeclaraciones(
    ctx.db,
    filas.map((f) => f.d.codigoDeclaracion),
  );
  return { filas: filas.map((f) => mapear(f, ordenes)), meta: meta(q, total) };
}

export function filtroExcel(ctx: Ctx, q: Omit<z.infer<typeof consultaDeclaraciones>, 'PageNumber' | 'limit'>) {
  return {
    empresa: empresaParaListar(ctx.actor, q.CodigoEmpresaUsuario),
    busqueda: condicionBusqueda({ ...q, PageNumber: 1, limit: 1 }, repo.COLUMNAS_DECLARACION),
    desde: q.DesdeFecha,
    hasta: q.HastaFecha,
  };
}

export async function consultar(ctx: Ctx, codigoDeclaracion: number) {
  return conOrdenes(ctx.db, await cargarVisible(ctx.db, ctx, codigoDeclaracion));
}

/** Registers or updates a declaration of the register form. */
export async function guardar(ctx: Ctx, f: z.infer<typeof formularioDeclaracion>) {
  const n = await validarNumero(ctx.db, f.numeroDeclaracion, ctx.ahora());
  const errores: Record<string, string[]> = {};
  if (f.rucImportador && !rucValido(f.rucImportador)) errores.rucImportador = [MA.rucInvalido];
  const cifCalculado = redondear(sumar([f.valorFob, f.flete, f.seguro]), 2);
  if (f.cif !== null && f.cif !== undefined && cifCalculado.minus(f.cif).abs().gt('0.01'))
    errores.cif = [MA.cifDistinto];
  if (f.pesoBruto > 0 && f.pesoNeto > f.pesoBruto) errores.pesoNeto = [MA.pesoNetoMayor];
  if (Object.keys(errores).length) throw errorCampos(errores);
  const valores = {
    numeroDeclaracion: n.texto,
    numeroCorto: n.corto,
    codigoAduana: n.aduana,
    anio: n.anioNumero,
    codigoRegimen: n.regimen,
    fechaNumeracion: f.fechaNumeracion ?? null,
    rucImportador: f.rucImportador || null,
    razonImportador: f.razonImportador?.toUpperCase() || null,
    valorFob: aTexto(f.valorFob, 2),
    flete: aTexto(f.flete, 2),
    seguro: aTexto(f.seguro, 2),
    cif: aTexto(cifCalculado, 2),
    pesoBruto: aTexto(f.pesoBruto, 3),
    pesoNeto: aTexto(f.pesoNeto, 3),
    totalBultos: f.totalBultos,
    numeroSeries: f.numeroSeries,
    canal: f.canal ?? null,
    requiereLevante: f.requiereLevante,
  };
  return ctx.db.transaction(async (tx) => {
    let codigo: number;
    let empresa: number;
    if (f.codigoDeclaracion) {
      const actual = await cargarVisible(tx, ctx, f.codigoDeclaracion, true);
      empresa = actual.d.codigoEmpresaUsuario;
      const otra = await repo.declaracionPorNumero(tx, empresa, n.texto);
      if (otra && otra.codigoDeclaracion !== actual.d.codigoDeclaracion) throw conflicto(MA.declaracionExiste);
      const hecha = await repo.actualizarDeclaracion(tx, actual.d.codigoDeclaracion, f.version ?? null, {
        ...valores,
        fechaModificacion: ctx.ahora(),
      });
      if (!hecha) throw conflicto(MENSAJES.conflicto);
      codigo = hecha.codigoDeclaracion;
      await auditar(tx, ctx, {
        tipo: 'DECLARACION_ACTUALIZADA',
        detalle: `Declaración ${n.texto}`,
        entidad: 'declaracion',
        codigoEntidad: codigo,
        antes: actual.d,
        despues: valores,
        codigoEmpresaUsuario: empresa,
      });
    } else {
      empresa = empresaParaEscribir(ctx.actor, f.codigoEmpresaUsuario);
      const nueva = await repo.insertarDeclaracion(tx, {
        ...valores,
        codigoEmpresaUsuario: empresa,
        origen: 'manual',
        usuarioRegistro: ctx.actor.nombreUsuario,
        fechaRegistro: ctx.ahora(),
      });
      if (!nueva) throw conflicto(MA.declaracionExiste);
      codigo = nueva.codigoDeclaracion;
      await auditar(tx, ctx, {
        tipo: 'DECLARACION_REGISTRADA',
        detalle: `Declaración ${n.texto}`,
        entidad: 'declaracion',
        codigoEntidad: codigo,
        despues: valores,
        codigoEmpresaUsuario: empresa,
      });
    }
    if (f.codigoMovimiento) await vincularEn(tx, ctx, codigo, empresa, f.codigoMovimiento);
    const fila = await repo.cargarDeclaracion(tx, codigo);
    if (!fila) throw noEncontrado();
    await revisarOrdenesDe(tx, ctx, codigo);
    return conOrdenes(tx, fila);
  });
}

/**
 * A declaration from an order's DUA/DAM document: its number, importer, lines' weight and FOB value (Σ quantity ×
 * unit FOB, in cents; CIF = FOB, freight and insurance are not on the document) and the order's packages. Its
 * orders are reconciled at once, as a declaration typed by hand is.
 */
export async function desdeDocumento(ctx: Ctx, codigoMovimientoDocumento: number) {
  const d = await repo.documentoConPeso(ctx.db, codigoMovimientoDocumento);
  if (!d) throw noEncontrado();
  exigirEmpresa(ctx.actor, d.codigoEmpresaUsuario);
  if (!(TIPOS_DOCUMENTO_DECLARACION as readonly string[]).includes(d.doc.codigoTipoDocumento))
    throw reglaNegocio(MA.documentoNoDeclaracion);
  const n = await validarNumero(ctx.db, d.doc.numeroDocumento, ctx.ahora());
  return ctx.db.transaction(async (tx) => {
    const valores = {
      codigoEmpresaUsuario: d.codigoEmpresaUsuario,
      numeroDeclaracion: n.texto,
      numeroCorto: n.corto,
      codigoAduana: n.aduana,
      anio: n.anioNumero,
      codigoRegimen: n.regimen,
      rucImportador: d.doc.ruc && /^\d{11}$/.test(d.doc.ruc) ? d.doc.ruc : null,
      razonImportador: d.doc.razonSocial,
      valorFob: aTexto(d.fob, 2),
      cif: aTexto(d.fob, 2),
      pesoNeto: aTexto(d.peso, 3),
      pesoBruto: aTexto(d.peso, 3),
      totalBultos: d.numeroBultos ?? 0,
      origen: 'documento',
      usuarioRegistro: ctx.actor.nombreUsuario,
      fechaRegistro: ctx.ahora(),
    };
    const nueva = await repo.insertarDeclaracion(tx, valores);
    if (!nueva) throw conflicto(MA.declaracionExiste);
    await auditar(tx, ctx, {
      tipo: 'DECLARACION_REGISTRADA',
      detalle: `Declaración ${n.texto} desde el documento de la orden`,
      entidad: 'declaracion',
      codigoEntidad: nueva.codigoDeclaracion,
      despues: { ...valores, codigoMovimientoDocumento },
      codigoEmpresaUsuario: d.codigoEmpresaUsuario,
    });
    await revisarOrdenesDe(tx, ctx, nueva.codigoDeclaracion);
    const fila = await repo.cargarDeclaracion(tx, nueva.codigoDeclaracion);
    if (!fila) throw noEncontrado();
    return conOrdenes(tx, fila);
  });
}

async function vincularEn(tx: Tx, ctx: Ctx, codigoDeclaracion: number, empresa: number, codigoMovimiento: number) {
  const empresaOrden = await repo.movimientoEmpresa(tx, codigoMovimiento);
  if (empresaOrden !== empresa) throw errorCampos({ codigoMovimiento: [MENSAJES.noExiste] }, MENSAJES.noExiste);
  if (!(await repo.vincularMovimiento(tx, codigoDeclaracion, codigoMovimiento, ctx.actor.nombreUsuario)))
    throw conflicto(MA.vinculoExiste);
}

/** The customs documents of an order (by its OP code) a declaration can be created from. */
export async function documentosDeOrden(ctx: Ctx, codigoIngreso: string) {
  const m = await repo.movimientoPorIngreso(ctx.db, codigoIngreso);
  if (!m) throw noEncontrado();
  exigirEmpresa(ctx.actor, m.codigoEmpresaUsuario);
  return repo.documentosAduanerosDe(ctx.db, m.codigoMovimiento);
}

/** Links an order (its OP code) to a declaration by hand: same company only. */
export async function vincular(ctx: Ctx, d: { codigoDeclaracion: number; codigoIngreso: string }) {
  return ctx.db.transaction(async (tx) => {
    const f = await cargarVisible(tx, ctx, d.codigoDeclaracion, true);
    const m = await repo.movimientoPorIngreso(tx, d.codigoIngreso);
    if (!m || m.codigoEmpresaUsuario !== f.d.codigoEmpresaUsuario)
      throw errorCampos({ codigoIngreso: [MENSAJES.noExiste] }, MENSAJES.noExiste);
    const hecho = await repo.vincularMovimiento(tx, f.d.codigoDeclaracion, m.codigoMovimiento, ctx.actor.nombreUsuario);
    if (!hecho) throw conflicto(MA.vinculoExiste);
    await auditar(tx, ctx, {
      tipo: 'DECLARACION_VINCULADA',
      detalle: `Orden ${m.codigoIngreso} vinculada a la declaración ${f.d.numeroDeclaracion}`,
      entidad: 'declaracion',
      codigoEntidad: f.d.codigoDeclaracion,
      despues: { codigoMovimiento: m.codigoMovimiento },
      codigoEmpresaUsuario: f.d.codigoEmpresaUsuario,
    });
    await revisarMovimiento(tx, ctx, m.codigoMovimiento);
    return conOrdenes(tx, f);
  });
}

// ---------------------------------------------------------------------------------------------------------
// Reconciliation (DeclarationsControl)

type Cifras = Awaited<ReturnType<typeof repo.cifrasDeMovimientos>>[number];

/**
 * Declared (Σ of the order's declarations) vs documents (Σ line weights) vs the weighbridge's net; declared
 * packages vs counted at verification. Within tolerance: |net − declared| ≤ tolerance % of declared, and
 * |counted − declared| ≤ tolerance packages. Null when there is nothing to compare yet (no net, no count).
 */
export function calcularConciliacion(
  c: Cifras,
  declaraciones: {
    codigoDeclaracion: number;
    numeroDeclaracion: string;
    pesoNeto: string | number;
    totalBultos: number;
  }[],
  t: { porcentajePeso: number; bultos: number },
): FilaConciliacion {
  const declarado = redondear(sumar(declaraciones.map((d) => d.pesoNeto)), 3);
  const pesoDeclarado = declarado.toNumber();
  const bultosDeclarados = declaraciones.reduce((s, d) => s + d.totalBultos, 0); // entero
  const balanza = c.pesoBalanza === null ? null : redondear(c.pesoBalanza, 3);
  const pesoBalanza = balanza === null ? null : balanza.toNumber();
  const diferencia = balanza === null ? null : balanza.minus(declarado);
  const diferenciaPeso = diferencia === null ? null : diferencia.toNumber();
  const porcentajeDiferencia =
    diferencia === null || declarado.isZero() ? null : aNumero(diferencia.abs().div(declarado).times(100), 2);
  const bultosContados = c.bultosContados === null ? null : Number(c.bultosContados);
  const diferenciaBultos = bultosContados === null ? null : bultosContados - bultosDeclarados;
  const pesoOk =
    diferenciaPeso === null
      ? null
      : pesoDeclarado === 0
        ? diferenciaPeso === 0
        : (diferencia as Decimal).abs().lte(declarado.times(t.porcentajePeso).div(100));
  const bultosOk = diferenciaBultos === null ? null : Math.abs(diferenciaBultos) <= t.bultos;
  const dentroTolerancia =
    pesoOk === false || bultosOk === false ? false : pesoOk === null && bultosOk === null ? null : true;
  return {
    codigoMovimiento: c.codigoMovimiento,
    codigoIngreso: c.codigoIngreso,
    razonSocial: c.razonSocial,
    declaraciones: declaraciones.map((d) => ({
      codigoDeclaracion: d.codigoDeclaracion,
      numeroDeclaracion: d.numeroDeclaracion,
    })),
    pesoDeclarado,
    pesoDocumentos: aNumero(c.pesoDocumentos, 3),
    pesoBalanza,
    diferenciaPeso,
    porcentajeDiferencia,
    bultosDeclarados,
    bultosDocumentos: c.numeroBultos,
    bultosContados,
    diferenciaBultos,
    dentroTolerancia,
    codigoEstadoObservado: c.codigoEstadoObservado,
    observadoAutomaticamente: Boolean(c.observadoAutomaticamente),
  };
}

const kg = (n: number) => `${n.toLocaleString('es-PE', { minimumFractionDigits: 3, maximumFractionDigits: 3 })} kg`;

/** The observation text with the figures (what the reviewer and the company read). */
export function textoObservacion(f: FilaConciliacion, t: { porcentajePeso: number; bultos: number }) {
  const partes = [`Control de declaraciones (${f.declaraciones.map((d) => d.numeroDeclaracion).join(', ')}):`];
  if (f.diferenciaPeso !== null) {
    partes.push(
      `peso neto declarado ${kg(f.pesoDeclarado)}, documentos ${kg(f.pesoDocumentos)}, balanza ${kg(f.pesoBalanza ?? 0)}, diferencia ${kg(f.diferenciaPeso)}${f.porcentajeDiferencia === null ? '' : ` (${f.porcentajeDiferencia.toLocaleString('es-PE')} %)`}, tolerancia ${t.porcentajePeso.toLocaleString('es-PE')} %;`,
    );
  }
  if (f.diferenciaBultos !== null) {
    partes.push(
      `bultos declarados ${f.bultosDeclarados}, contados ${f.bultosContados}, diferencia ${f.diferenciaBultos}, tolerancia ${t.bultos}.`,
    );
  }
  return partes.join(' ');
}

async function conciliar(db: DbOTx, ids: number[], t: { porcentajePeso: number; bultos: number }) {
  const cifras = await repo.cifrasDeMovimientos(db, ids);
  const porId = new Map(cifras.map((c) => [c.codigoMovimiento, c]));
  const filas: FilaConciliacion[] = [];
  for (const id of ids) {
    const c = porId.get(id);
    if (!c) continue;
    const decls = await repo.declaracionesDeMovimiento(db, id, await empresaDe(db, id));
    if (!decls.length) continue;
    filas.push(calcularConciliacion(c, decls, t));
  }
  return filas;
}

async function empresaDe(db: DbOTx, codigoMovimiento: number) {
  const m = await repo.movimientoEmpresa(db, codigoMovimiento);
  return m ?? 0;
}

export async function listarConciliacion(ctx: Ctx, q: ConsultaPaginada) {
  const empresa = empresaParaListar(ctx.actor, q.CodigoEmpresaUsuario);
  const { ids, total } = await repo.movimientosConDeclaracion(
    ctx.db,
    empresa,
    condicionBusqueda(q, repo.COLUMNAS_CONCILIACION),
    q.limit,
    desplazamiento(q),
  );
  const t = await repo.leerTolerancia(ctx.db);
  return { filas: await conciliar(ctx.db, ids, t), meta: meta(q, total) };
}

export const leerTolerancia = (ctx: Ctx) => repo.leerTolerancia(ctx.db);

export async function guardarTolerancia(
  ctx: Ctx,
  t: { porcentajePeso: number; bultos: number; leida?: { porcentajePeso: number; bultos: number } | undefined },
) {
  return ctx.db.transaction(async (tx) => {
    // Locked while it is compared and written: of two saves made from the same figures, the second is refused.
    const antes = await repo.leerTolerancia(tx, true);
    if (t.leida && (t.leida.porcentajePeso !== antes.porcentajePeso || t.leida.bultos !== antes.bultos))
      throw conflicto();
    await repo.guardarTolerancia(tx, t, ctx.ahora());
    await auditar(tx, ctx, {
      tipo: 'DECLARACION_TOLERANCIA',
      detalle: `Tolerancias: ${t.porcentajePeso} % de peso, ${t.bultos} bultos`,
      entidad: 'declaracion_tolerancia',
      codigoEntidad: 1,
      antes,
      despues: { porcentajePeso: t.porcentajePeso, bultos: t.bultos },
    });
    return repo.leerTolerancia(tx);
  });
}

/**
 * Observes an order automatically when its figures are out of tolerance (review workflow, spec 03 §4.2):
 * state 'observado' with the figures in the text, its audit row and the "observed" notification. Once per
 * order: the mark's primary key lets only the first caller through, whoever races.
 */
export async function revisarMovimiento(tx: Tx, ctx: Ctx, codigoMovimiento: number) {
  const t = await repo.leerTolerancia(tx);
  const [f] = await conciliar(tx, [codigoMovimiento], t);
  if (f?.dentroTolerancia !== false) return false;
  const texto = textoObservacion(f, t);
  if (!(await repo.marcarObservacionAutomatica(tx, codigoMovimiento, texto, ctx.ahora()))) return false;
  const hecho = await repo.observarMovimiento(tx, codigoMovimiento, texto, ctx.ahora());
  if (!hecho) return false;
  const empresa = await empresaDe(tx, codigoMovimiento);
  await auditar(tx, ctx, {
    tipo: 'MOVIMIENTO_OBSERVADO_CONCILIACION',
    detalle: `Orden ${f.codigoIngreso} observada por el control de declaraciones`,
    entidad: 'movimiento',
    codigoEntidad: codigoMovimiento,
    antes: { codigoEstadoObservado: f.codigoEstadoObservado },
    despues: { codigoEstadoObservado: 2, observacion: texto },
    codigoEmpresaUsuario: empresa,
  });
  await publicarMovimientoObservado(tx, ctx, {
    codigoMovimiento,
    codigoIngreso: f.codigoIngreso,
    codigoEmpresaUsuario: empresa,
    observacion: texto.slice(0, 300),
  });
  return true;
}

async function revisarOrdenesDe(tx: Tx, ctx: Ctx, codigoDeclaracion: number) {
  for (const o of await repo.ordenesDeDeclaraciones(tx, [codigoDeclaracion])) {
    await revisarMovimiento(tx, ctx, o.codigoMovimiento);
  }
}

/** Hook of the exit weighing (balanza): the scale's net is known, compare it inside the stage's transaction. */
export const revisarTrasPesaje = (tx: Tx, ctx: Ctx, m: Pick<Movimiento, 'codigoMovimiento'>) =>
  revisarMovimiento(tx, ctx, m.codigoMovimiento);

/** Hook of the exit security control: an exit order whose declaration needs levante waits for it. */
export async function exigirLevante(
  tx: Tx,
  m: Pick<Movimiento, 'codigoMovimiento' | 'codigoTipoOperacion' | 'codigoEmpresaUsuario'>,
) {
  if (m.codigoTipoOperacion !== 2) return;
  const pendiente = (await repo.declaracionesDeMovimiento(tx, m.codigoMovimiento, m.codigoEmpresaUsuario)).find(
    (d) => d.requiereLevante && d.estadoLevante !== 1,
  );
  if (pendiente) throw fueraDeEstado(MA.sinLevante(pendiente.numeroDeclaracion));
}

// ---------------------------------------------------------------------------------------------------------
// Release query (operations/DAM)

/**
 * Queries the provider, keeps its answer in the declaration's history and updates the declaration (creating
 * it, origin 'consulta', when the company has none with that number). A granted levante is never taken back
 * by a later answer. Switch off or provider failure: the spec's message, nothing written.
 */
export async function consultarLevante(
  ctx: Ctx,
  proveedor: ProveedorLevanteAduana | null,
  q: z.infer<typeof consultaLevanteAduana>,
) {
  const n = await validarNumero(ctx.db, q.NumeroDeclaracion, ctx.ahora(), 'NumeroDeclaracion');
  if (!proveedor) throw reglaNegocio(MA.levanteInactivo);
  let r: RespuestaLevante | null;
  try {
    r = await proveedor.consultar(n);
  } catch (e) {
    if (e instanceof FallaProveedorLevante) throw new AppError(503, MA.levanteInactivo);
    ctx.log.error({ err: e }, 'proveedor de levante');
    throw new AppError(503, MA.levanteInactivo);
  }
  if (!r) throw noEncontrado(MA.declaracionNoEncontrada);
  const respuesta = r;
  let empresa: number;
  if (actuaPorCualquierEmpresa(ctx.actor)) {
    empresa =
      q.CodigoEmpresaUsuario && q.CodigoEmpresaUsuario > 0
        ? q.CodigoEmpresaUsuario
        : ((await repo.empresaPorRucODeclaracion(ctx.db, n.texto, respuesta.numero_importador)) ?? 0);
    if (!empresa)
      throw errorCampos(
        { CodigoEmpresaUsuario: ['Seleccione la empresa usuaria de la declaración'] },
        'Seleccione la empresa usuaria de la declaración',
      );
  } else empresa = ctx.actor.codigoEmpresaUsuario;
  return ctx.db.transaction(async (tx) => {
    const valores = {
      fechaNumeracion:
        respuesta.fecha_numeracion && /^\d{4}-\d{2}-\d{2}$/.test(respuesta.fecha_numeracion)
          ? respuesta.fecha_numeracion
          : null,
      rucImportador: respuesta.numero_importador,
      razonImportador: respuesta.razon_importador,
      valorFob: aTexto(respuesta.valorFob ?? 0, 2),
      flete: aTexto(respuesta.flete ?? 0, 2),
      seguro: aTexto(respuesta.seguro ?? 0, 2),
      cif: aTexto(respuesta.cif ?? sumar([respuesta.valorFob, respuesta.flete, respuesta.seguro]), 2),
      pesoBruto: aTexto(respuesta.peso_bruto ?? 0, 3),
      pesoNeto: aTexto(respuesta.peso_neto ?? 0, 3),
      totalBultos: respuesta.total_bultos ?? 0,
      numeroSeries: respuesta.numero_series ?? 0,
      canal: respuesta.canal,
    };
    const levante = respuesta.levante
      ? {
          estadoLevante: 1,
          fechaLevante: respuesta.fecha_levante
            ? new Date(instanteLima(respuesta.fecha_levante.slice(0, 10)))
            : ctx.ahora(),
        }
      : {};
    let d = await repo.declaracionPorNumero(tx, empresa, n.texto);
    if (d) {
      const yaTenia = d.estadoLevante === 1;
      d =
        (await repo.actualizarDeclaracion(tx, d.codigoDeclaracion, null, {
          ...valores,
          ...(yaTenia ? {} : levante),
          fechaModificacion: ctx.ahora(),
        })) ?? d;
    } else {
      d = await repo.insertarDeclaracion(tx, {
        ...valores,
        ...levante,
        codigoEmpresaUsuario: empresa,
        numeroDeclaracion: n.texto,
        numeroCorto: n.corto,
        codigoAduana: n.aduana,
        anio: n.anioNumero,
        codigoRegimen: n.regimen,
        origen: 'consulta',
        usuarioRegistro: ctx.actor.nombreUsuario,
        fechaRegistro: ctx.ahora(),
      });
      if (!d) throw conflicto();
    }
    await repo.guardarConsulta(tx, {
      codigoDeclaracion: d.codigoDeclaracion,
      numeroDeclaracion: n.texto,
      proveedor: proveedor.nombre,
      levante: respuesta.levante,
      respuesta,
      usuarioRegistro: ctx.actor.nombreUsuario,
      fechaConsulta: ctx.ahora(),
    });
    await auditar(tx, ctx, {
      tipo: 'DECLARACION_LEVANTE_CONSULTA',
      detalle: `Consulta de levante de ${n.texto}: ${respuesta.levante ? 'con levante' : 'sin levante'}`,
      entidad: 'declaracion',
      codigoEntidad: d.codigoDeclaracion,
      despues: { levante: respuesta.levante, proveedor: proveedor.nombre },
      codigoEmpresaUsuario: empresa,
    });
    const fila = await repo.cargarDeclaracion(tx, d.codigoDeclaracion);
    if (!fila) throw noEncontrado();
    return {
      declaracion: await conOrdenes(tx, fila),
      respuesta,
      mensaje: respuesta.levante ? MA.levanteRegistrado : MA.levanteSinLevante,
    };
  });
}

/**
 * Records a levante by hand: the customs service is off or does not answer, and the operator has seen the release
 * document. The date (Lima) may not be in the future nor before the numbering date; a levante already recorded is
 * not replaced. The declaration keeps who and what document; the release history gets a 'manual' row and the
 * audit log its entry. From then on the exit order passes the gate as with a queried levante.
 */
export async function registrarLevanteManual(ctx: Ctx, f: z.infer<typeof formularioLevanteManual>) {
  return ctx.db.transaction(async (tx) => {
    const actual = await cargarVisible(tx, ctx, f.codigoDeclaracion, true);
    const d = actual.d;
    if (f.version && f.version !== d.version) throw conflicto(MENSAJES.conflicto);
    if (!d.requiereLevante) throw reglaNegocio(MA.levanteNoRequerido);
    if (d.estadoLevante === 1) throw conflicto(MA.levanteYaRegistrado);
    if (f.fechaLevante > fechaLima(ctx.ahora()))
      throw errorCampos({ fechaLevante: [MA.levanteFechaFutura] }, MA.levanteFechaFutura);
    if (d.fechaNumeracion && f.fechaLevante < d.fechaNumeracion)
      throw errorCampos({ fechaLevante: [MA.levanteFechaAnterior] }, MA.levanteFechaAnterior);
    const valores = {
      estadoLevante: 1,
      fechaLevante: new Date(instanteLima(f.fechaLevante)),
      levanteManual: true,
      usuarioLevante: ctx.actor.nombreUsuario,
      documentoLevante: f.documento,
    };
    const hecha = await repo.actualizarDeclaracion(tx, d.codigoDeclaracion, d.version, {
      ...valores,
      fechaModificacion: ctx.ahora(),
    });
    if (!hecha) throw conflicto(MENSAJES.conflicto);
    const respuesta: RespuestaLevante = {
      numero: d.numeroDeclaracion,
      fecha_numeracion: d.fechaNumeracion,
      sujeto_a: d.canal,
      valorFob: Number(d.valorFob),
      peso_neto: Number(d.pesoNeto),
      peso_bruto: Number(d.pesoBruto),
      total_bultos: d.totalBultos,
      numero_series: d.numeroSeries,
      flete: Number(d.flete),
      seguro: Number(d.seguro),
      cif: Number(d.cif),
      numero_importador: d.rucImportador,
      razon_importador: d.razonImportador,
      levante: true,
      fecha_levante: f.fechaLevante,
      canal: d.canal,
    };
    await repo.guardarConsulta(tx, {
      codigoDeclaracion: d.codigoDeclaracion,
      numeroDeclaracion: d.numeroDeclaracion,
      proveedor: 'manual',
      levante: true,
      respuesta,
      usuarioRegistro: ctx.actor.nombreUsuario,
      fechaConsulta: ctx.ahora(),
    });
    await auditar(tx, ctx, {
      tipo: 'DECLARACION_LEVANTE_MANUAL',
      detalle: `Levante manual de ${d.numeroDeclaracion} del ${f.fechaLevante}: ${f.documento}`,
      entidad: 'declaracion',
      codigoEntidad: d.codigoDeclaracion,
      antes: { estadoLevante: d.estadoLevante, fechaLevante: d.fechaLevante },
      despues: { ...valores, fechaLevante: f.fechaLevante },
      codigoEmpresaUsuario: d.codigoEmpresaUsuario,
    });
    const fila = await repo.cargarDeclaracion(tx, d.codigoDeclaracion);
    if (!fila) throw noEncontrado();
    return conOrdenes(tx, fila);
  });
}

export async function historialLevante(ctx: Ctx, codigoDeclaracion: number) {
  await cargarVisible(ctx.db, ctx, codigoDeclaracion);
  const filas = await repo.historialConsultas(ctx.db, codigoDeclaracion);
  return filas.map((f) => ({
    codigoConsulta: f.codigoConsulta,
    numeroDeclaracion: f.numeroDeclaracion,
    fechaConsulta: iso(f.fechaConsulta),
    proveedor: f.proveedor,
    levante: f.levante,
    usuario: f.usuarioRegistro,
    respuesta: f.respuesta as RespuestaLevante,
  }));
}
