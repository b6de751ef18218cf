import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOTx } from '../../db/client';
import { filasJson } from '../../db/filas-json';
import { controlMovimiento, empresaUsuario, movimiento, umbralPermanencia, verificacionImagen } from '../../db/schema';

type Fila = Record<string, unknown>;
const filas = (r: unknown) => (r as { rows: Fila[] }).rows;

/** The stage (control type 1–6) an open order waits at: its state, split by a finished verification. */
const ETAPA = sql.raw(`(case m.codigo_estado_movimiento
  when 1 then 1 when 2 then 2
  when 3 then case when m.verificacion_finalizada >= 3 then 4 else 3 end
  else case when m.verificacion_finalizada >= 5 then 6 else 5 end end)`);

/** Open orders (state < 5, not annulled): the predicate of the partial index movimiento_abiertas_idx. */
const ABIERTAS = sql.raw('m.codigo_estado_movimiento < 5 and m.estado_anulado = 0');

const deEmpresa = (empresa: number | null, columna = 'm.codigo_empresa_usuario'): SQL =>
  empresa === null ? sql`true` : sql`${sql.raw(columna)} = ${empresa}`;

/** Alarm limits per stage: an order that entered its stage before its limit is in alarm. */
const limiteDeEtapa = (limites: Map<number, Date>): SQL =>
  sql`(case ${ETAPA} ${sql.join(
    [...limites].map(([etapa, limite]) => sql`when ${etapa} then ${limite.toISOString()}::timestamptz`),
    sql` `,
  )} end)`;

export async function porEtapa(db: DbOTx, empresa: number | null, limites: Map<number, Date>) {
  const r = await db.execute(sql`
    select ${ETAPA} as etapa, count(*)::int as cantidad,
           count(*) filter (where m.fecha_etapa < ${limiteDeEtapa(limites)})::int as alarma,
           min(m.fecha_etapa) as desde
      from movimiento m
     where ${ABIERTAS} and ${deEmpresa(empresa)}
     group by 1`);
  return filas(r).map((f) => ({
    etapa: Number(f.etapa),
    cantidad: Number(f.cantidad),
    alarma: Number(f.alarma),
    desde: f.desde ? new Date(f.desde as string) : null,
  }));
}

/** Control records of one Lima day, by hour from its start: entries (type 1), exits (6), exit weighings (4). */
export async function porHora(db: DbOTx, empresa: number | null, inicio: Date, fin: Date) {
  // Up to 72 rows (24 hours × 3 types): one JSON value (db/filas-json.ts), as the lists.
  const r = await filasJson<Fila>(
    db,
    sql`
    select floor(extract(epoch from (c.fecha_registro - ${inicio.toISOString()}::timestamptz)) / 3600)::int as hora,
           c.codigo_tipo_control as tipo, count(*)::int as cantidad, coalesce(sum(c.peso_neto), 0)::float8 as neto
      from control_movimiento c
      ${empresa === null ? sql`` : sql`join movimiento m on m.codigo_movimiento = c.codigo_movimiento and m.codigo_empresa_usuario = ${empresa}`}
     where c.fecha_registro >= ${inicio.toISOString()}::timestamptz and c.fecha_registro < ${fin.toISOString()}::timestamptz
       and c.codigo_tipo_control in (1, 4, 6)
     group by 1, 2`,
  );
  return r.map((f) => ({
    hora: Number(f.hora),
    tipo: Number(f.tipo),
    cantidad: Number(f.cantidad),
    neto: Number(f.neto),
  }));
}

export async function contarObservadas(db: DbOTx, empresa: number | null) {
  const r = await db.execute(sql`
    select count(*)::int as n from movimiento m
     where m.codigo_estado_observado = 2 and ${ABIERTAS} and ${deEmpresa(empresa)}`);
  return Number(filas(r)[0]?.n ?? 0);
}

export async function contarBloqueadas(db: DbOTx, empresa: number | null) {
  const r = await db.execute(sql`
    select count(*)::int as n from empresa_usuario e
     where e.indicador_bloqueo and ${deEmpresa(empresa, 'e.codigo_empresa_usuario')}`);
  return Number(filas(r)[0]?.n ?? 0);
}

const LIMITE_LISTA = 500;

const COLUMNAS_ORDEN = sql.raw(`m.codigo_movimiento, m.codigo_ingreso, m.codigo_empresa_usuario, e.razon_social,
  m.placa_uno`);

/**
 * The stage's longest-waiting orders: picked first from movimiento_etapa_tablero_idx (in order, stopping at the
 * limit), then joined to their company, so a busy stage costs the rows shown, not every order waiting there.
 * The lists of the board (up to 500 rows) come as one JSON value (db/filas-json.ts: on the embedded database
 * each result row costs more than the query that finds it).
 */
export async function ordenesEnEtapa(db: DbOTx, empresa: number | null, etapa: number) {
  return filasJson<Fila>(
    db,
    sql`
    select ${COLUMNAS_ORDEN}, m.fecha_etapa as fecha, m.observacion as detalle
      from (select * from movimiento m
             where ${ABIERTAS} and ${deEmpresa(empresa)} and ${ETAPA} = ${etapa}
             order by m.fecha_etapa, m.codigo_movimiento limit ${LIMITE_LISTA}) m
      join empresa_usuario e on e.codigo_empresa_usuario = m.codigo_empresa_usuario
     order by m.fecha_etapa, m.codigo_movimiento`,
  );
}

export async function controlesDelDia(db: DbOTx, empresa: number | null, tipo: number, desde: Date, hasta: Date) {
  return filasJson<Fila>(
    db,
    sql`
    select ${COLUMNAS_ORDEN}, c.fecha_registro as fecha, c.peso_neto::float8 as neto
      from control_movimiento c
      join movimiento m on m.codigo_movimiento = c.codigo_movimiento
      join empresa_usuario e on e.codigo_empresa_usuario = m.codigo_empresa_usuario
     where c.fecha_registro >= ${desde.toISOString()}::timestamptz and c.fecha_registro < ${hasta.toISOString()}::timestamptz
       and c.codigo_tipo_control = ${tipo} and ${deEmpresa(empresa)}
     order by c.fecha_registro desc, m.codigo_movimiento desc limit ${LIMITE_LISTA}`,
  );
}

export async function ordenesObservadas(db: DbOTx, empresa: number | null) {
  return filasJson<Fila>(
    db,
    sql`
    select ${COLUMNAS_ORDEN}, m.fecha_etapa as fecha, m.observacion as detalle
      from movimiento m join empresa_usuario e on e.codigo_empresa_usuario = m.codigo_empresa_usuario
     where m.codigo_estado_observado = 2 and ${ABIERTAS} and ${deEmpresa(empresa)}
     order by m.fecha_etapa, m.codigo_movimiento limit ${LIMITE_LISTA}`,
  );
}

export async function empresasBloqueadas(db: DbOTx, empresa: number | null) {
  const r = await db.execute(sql`
    select e.codigo_empresa_usuario, e.razon_social, e.ruc from empresa_usuario e
     where e.indicador_bloqueo and ${deEmpresa(empresa, 'e.codigo_empresa_usuario')}
     order by e.razon_social limit ${LIMITE_LISTA}`);
  return filas(r);
}

export async function leerUmbrales(db: DbOTx) {
  return db.select().from(umbralPermanencia);
}

export async function guardarUmbral(
  db: DbOTx,
  codigoTipoControl: number,
  minutos: number,
  usuario: string,
  ahora: Date,
) {
  await db
    .insert(umbralPermanencia)
    .values({ codigoTipoControl, minutos, usuarioModificacion: usuario, fechaModificacion: ahora })
    .onConflictDoUpdate({
      target: umbralPermanencia.codigoTipoControl,
      set: { minutos, usuarioModificacion: usuario, fechaModificacion: ahora },
    });
}

export async function ordenDeLineaTiempo(db: DbOTx, codigoMovimiento: number) {
  const [m] = await db
    .select({
      codigoMovimiento: movimiento.codigoMovimiento,
      codigoIngreso: movimiento.codigoIngreso,
      numeroTicket: movimiento.numeroTicket,
      codigoEmpresaUsuario: movimiento.codigoEmpresaUsuario,
      razonSocial: empresaUsuario.razonSocial,
      placa: movimiento.placaUno,
      placaDos: movimiento.placaDos,
      ruc: empresaUsuario.ruc,
      codigoTipoIngreso: movimiento.codigoTipoIngreso,
      codigoEstadoMovimiento: movimiento.codigoEstadoMovimiento,
      fechaRegistro: movimiento.fechaRegistro,
      usuarioRegistro: movimiento.usuarioRegistro,
    })
    .from(movimiento)
    .innerJoin(empresaUsuario, eq(empresaUsuario.codigoEmpresaUsuario, movimiento.codigoEmpresaUsuario))
    .where(eq(movimiento.codigoMovimiento, codigoMovimiento));
  return m;
}

export async function controlesDeOrden(db: DbOTx, codigoMovimiento: number) {
  return db
    .select()
    .from(controlMovimiento)
    .where(eq(controlMovimiento.codigoMovimiento, codigoMovimiento))
    .orderBy(asc(controlMovimiento.codigoTipoControl));
}

export async function imagenesDeOrden(db: DbOTx, codigoMovimiento: number) {
  return db
    .select({
      codigoVerificacionImagen: verificacionImagen.codigoVerificacionImagen,
      codigoTipoControl: verificacionImagen.codigoTipoControl,
      nombreArchivo: verificacionImagen.nombreArchivo,
    })
    .from(verificacionImagen)
    .where(eq(verificacionImagen.codigoMovimiento, codigoMovimiento))
    .orderBy(asc(verificacionImagen.codigoVerificacionImagen));
}
