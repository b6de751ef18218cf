import { PARAMETRO } from '@cronos/contract';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOTx, Tx } from '../../db/client';
import { actaApertura, actaAperturaFoto, empresaUsuario, movimiento, parametroSeccion } from '../../db/schema';

export const COLUMNAS_ACTA: Record<string, SQL> = {
  'A.NUMERO_ACTA': sql`${actaApertura.numeroActa}`,
  'A.NUMERO_CONTENEDOR': sql`${actaApertura.numeroContenedor}`,
  'M.CODIGO_INGRESO': sql`${movimiento.codigoIngreso}`,
  'E.RAZON_SOCIAL': sql`${empresaUsuario.razonSocial}`,
};

const columnas = {
  a: actaApertura,
  codigoIngreso: movimiento.codigoIngreso,
  precintosOrden: movimiento.numeroPrecinto,
  razonSocial: empresaUsuario.razonSocial,
  tipoContenedor: sql<
    string | null
  >`(select ${parametroSeccion.nombre} from ${parametroSeccion} where ${parametroSeccion.codigoParametro} = ${PARAMETRO.tipoContenedor} and ${parametroSeccion.codigo} = ${actaApertura.codigoTipoContenedor} limit 1)`,
};

const base = (db: DbOTx) =>
  db
    .select(columnas)
    .from(actaApertura)
    .innerJoin(movimiento, eq(movimiento.codigoMovimiento, actaApertura.codigoMovimiento))
    .innerJoin(empresaUsuario, eq(empresaUsuario.codigoEmpresaUsuario, actaApertura.codigoEmpresaUsuario));
export type FilaActaBd = Awaited<ReturnType<ReturnType<typeof base>['execute']>>[number];

export async function listarActas(
  db: DbOTx,
  empresa: number | null,
  busqueda: SQL | undefined,
  limite: number,
  desde: number,
) {
  const donde = and(busqueda, empresa === null ? undefined : eq(actaApertura.codigoEmpresaUsuario, empresa));
  const [filas, [total]] = await Promise.all([
    base(db)
      .where(donde)
      .orderBy(desc(actaApertura.fechaApertura), desc(actaApertura.codigoActaApertura))
      .limit(limite)
      .offset(desde),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(actaApertura)
      .innerJoin(movimiento, eq(movimiento.codigoMovimiento, actaApertura.codigoMovimiento))
      .innerJoin(empresaUsuario, eq(empresaUsuario.codigoEmpresaUsuario, actaApertura.codigoEmpresaUsuario))
      .where(donde),
  ]);
  return { filas, total: total?.n ?? 0 };
}

export async function cargarActa(db: DbOTx, codigo: number) {
  const [f] = await base(db).where(eq(actaApertura.codigoActaApertura, codigo));
  return f;
}

export async function actaPorNumero(db: DbOTx, numero: string) {
  const [f] = await base(db).where(eq(actaApertura.numeroActa, numero));
  return f;
}

export async function fotosDeActas(db: DbOTx, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select()
    .from(actaAperturaFoto)
    .where(sql`${actaAperturaFoto.codigoActaApertura} in ${ids}`)
    .orderBy(actaAperturaFoto.codigoActaAperturaFoto);
}

export async function cargarFoto(db: DbOTx, codigo: number) {
  const [f] = await db
    .select({ foto: actaAperturaFoto, codigoEmpresaUsuario: actaApertura.codigoEmpresaUsuario })
    .from(actaAperturaFoto)
    .innerJoin(actaApertura, eq(actaApertura.codigoActaApertura, actaAperturaFoto.codigoActaApertura))
    .where(eq(actaAperturaFoto.codigoActaAperturaFoto, codigo));
  return f;
}

/** Inserts the act with its number AC-<year>-<code padded to 6>, taken from the table's own sequence. */
export async function insertarActa(
  tx: Tx,
  v: Omit<typeof actaApertura.$inferInsert, 'numeroActa' | 'codigoActaApertura'>,
  anio: string,
) {
  const filas = await tx.execute<{ n: string }>(
    sql`select nextval(pg_get_serial_sequence('acta_apertura', 'codigo_acta_apertura')) as n`,
  );
  const n = Number((filas as unknown as { rows: { n: string }[] }).rows[0]?.n);
  const [f] = await tx
    .insert(actaApertura)
    .values({ ...v, codigoActaApertura: n, numeroActa: `AC-${anio}-${String(n).padStart(6, '0')}` })
    .returning();
  return f;
}

export async function insertarFotos(tx: Tx, filas: (typeof actaAperturaFoto.$inferInsert)[]) {
  if (filas.length) await tx.insert(actaAperturaFoto).values(filas);
}

export async function movimientoDeActa(db: DbOTx, codigoMovimiento: number) {
  const [m] = await db.select().from(movimiento).where(eq(movimiento.codigoMovimiento, codigoMovimiento));
  return m;
}

export async function movimientoPorCodigo(db: DbOTx, codigoIngreso: string) {
  const [m] = await db.select().from(movimiento).where(eq(movimiento.codigoIngreso, codigoIngreso.toUpperCase()));
  return m;
}
