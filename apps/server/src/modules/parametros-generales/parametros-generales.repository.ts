import type { ConsultaPaginada } from '@cronos/contract';
import { and, asc, count, eq, max, type SQL, sql } from 'drizzle-orm';
import type { DbOTx } from '../../db/client';
import { parametro, parametroSeccion } from '../../db/schema';
import { condicionBusqueda, desplazamiento, sinAcentos } from '../../platform/paginacion';
import { mismaVersion } from '../../platform/version';

const COLUMNAS = {
  nombre: sinAcentos(parametro.nombre),
  descripcion: sinAcentos(parametro.descripcion),
  'P.NOMBRE': sinAcentos(parametro.nombre),
  'P.DESCRIPCION': sinAcentos(parametro.descripcion),
};

// Qualified by hand: inside a subquery Drizzle's bare column names would bind to the inner table.
const secciones = sql<number>`(select count(*)::int from parametro_seccion ps where ps.codigo_parametro = "parametro"."codigo_parametro")`;

export async function listar(db: DbOTx, q: ConsultaPaginada) {
  const donde = and(...([condicionBusqueda(q, COLUMNAS)] as (SQL | undefined)[]));
  const [filas, [total]] = await Promise.all([
    db
      .select({
        codigoParametro: parametro.codigoParametro,
        nombre: parametro.nombre,
        descripcion: parametro.descripcion,
        indicardorPermiteAgregarValor: parametro.indicardorPermiteAgregarValor,
        indicardorPermiteModificarValor: parametro.indicardorPermiteModificarValor,
        estadoRegistro: parametro.estadoRegistro,
        version: parametro.version,
        secciones,
      })
      .from(parametro)
      .where(donde)
      .orderBy(asc(parametro.codigoParametro))
      .limit(q.limit)
      .offset(desplazamiento(q)),
    db.select({ n: count() }).from(parametro).where(donde),
  ]);
  return { filas, total: total?.n ?? 0 };
}

export async function buscarParametro(db: DbOTx, codigo: number) {
  const [p] = await db.select().from(parametro).where(eq(parametro.codigoParametro, codigo)).limit(1);
  return p;
}

const filaSeccion = {
  codigoParametro: parametroSeccion.codigoParametro,
  codigoSeccion: parametroSeccion.codigoSeccion,
  codigo: parametroSeccion.codigo,
  nombre: parametroSeccion.nombre,
  soloLectura: parametroSeccion.soloLectura,
  estadoAnulado: parametroSeccion.estadoAnulado,
  orden: parametroSeccion.orden,
  version: parametroSeccion.version,
};
const enOrden = [asc(parametroSeccion.orden), asc(parametroSeccion.codigoSeccion)];

/** Sections of one parameter, one page. */
export async function listarSecciones(db: DbOTx, codigoParametro: number, q: ConsultaPaginada) {
  const donde = eq(parametroSeccion.codigoParametro, codigoParametro);
  const [filas, [total]] = await Promise.all([
    db
      .select(filaSeccion)
      .from(parametroSeccion)
      .where(donde)
      .orderBy(...enOrden)
      .limit(q.limit)
      .offset(desplazamiento(q)),
    db.select({ n: count() }).from(parametroSeccion).where(donde),
  ]);
  return { filas, total: total?.n ?? 0 };
}

/** Every section of one parameter (enabled or not). */
export async function seccionesDe(db: DbOTx, codigoParametro: number) {
  return db
    .select(filaSeccion)
    .from(parametroSeccion)
    .where(eq(parametroSeccion.codigoParametro, codigoParametro))
    .orderBy(...enOrden);
}

type ValoresParametro = Pick<
  typeof parametro.$inferInsert,
  'nombre' | 'descripcion' | 'indicardorPermiteAgregarValor' | 'indicardorPermiteModificarValor'
>;

/** Edits a parameter read at `version`; undefined when it changed meanwhile (or does not exist). */
export async function actualizarParametro(
  tx: DbOTx,
  codigo: number,
  valores: ValoresParametro,
  version?: number | null,
) {
  const [f] = await tx
    .update(parametro)
    .set({ ...valores, version: sql`${parametro.version} + 1` })
    .where(and(eq(parametro.codigoParametro, codigo), mismaVersion(parametro.version, version)))
    .returning({ c: parametro.codigoParametro });
  return f;
}

export async function existeParametro(tx: DbOTx, codigo: number) {
  const [f] = await tx
    .select({ c: parametro.codigoParametro })
    .from(parametro)
    .where(eq(parametro.codigoParametro, codigo));
  return !!f;
}

/**
 * Whether another parameter has this name (spaces around it and capitals aside). Run after `bloquearParametros`, so
 * two saves of the same new name cannot both find it free.
 */
export async function nombreParametroUsado(tx: DbOTx, nombre: string, excepto: number) {
  const [f] = await tx
    .select({ c: parametro.codigoParametro })
    .from(parametro)
    .where(
      and(
        sql`lower(trim(${parametro.nombre})) = lower(trim(${nombre}))`,
        sql`${parametro.codigoParametro} <> ${excepto}`,
      ),
    )
    .limit(1);
  return !!f;
}

/**
 * Serializes the saves of parameter groups (their names are unique and a new group takes the highest code + 1);
 * reads and the values' own saves are not blocked. Groups are created a few times a year.
 */
export async function bloquearParametros(tx: DbOTx) {
  await tx.execute(sql`lock table parametro in share row exclusive mode`);
}

/** New groups are numbered from 100 so they never collide with the spec's codes. */
export async function insertarParametro(tx: DbOTx, valores: ValoresParametro) {
  const [m] = await tx.select({ m: max(parametro.codigoParametro) }).from(parametro);
  const codigo = Math.max(100, (m?.m ?? 0) + 1);
  await tx.insert(parametro).values({ codigoParametro: codigo, ...valores });
  return codigo;
}

/** Guarded state change: only from the other state; undefined when it was already there. */
export async function cambiarEstadoParametro(tx: DbOTx, codigo: number, estadoRegistro: number) {
  const [f] = await tx
    .update(parametro)
    .set({ estadoRegistro, version: sql`${parametro.version} + 1` })
    .where(and(eq(parametro.codigoParametro, codigo), eq(parametro.estadoRegistro, 1 - estadoRegistro)))
    .returning({ c: parametro.codigoParametro });
  return f;
}

/**
 * Locks one parameter group's row for the rest of the transaction: the saves of its values wait for each other,
 * so two values of the same new name cannot both find it free. Other groups and every read go on.
 */
export async function bloquearGrupo(tx: DbOTx, codigoParametro: number) {
  await tx
    .select({ c: parametro.codigoParametro })
    .from(parametro)
    .where(eq(parametro.codigoParametro, codigoParametro))
    .for('update');
}

/** Whether another value of the group has this name (spaces around it and capitals aside, as group names). */
export async function nombreSeccionUsado(tx: DbOTx, codigoParametro: number, nombre: string, excepto: number) {
  const [f] = await tx
    .select({ c: parametroSeccion.codigoSeccion })
    .from(parametroSeccion)
    .where(
      and(
        eq(parametroSeccion.codigoParametro, codigoParametro),
        sql`lower(trim(${parametroSeccion.nombre})) = lower(trim(${nombre}))`,
        sql`${parametroSeccion.codigoSeccion} <> ${excepto}`,
      ),
    )
    .limit(1);
  return !!f;
}

export async function buscarSeccion(tx: DbOTx, codigoParametro: number, codigoSeccion: number) {
  const [s] = await tx
    .select()
    .from(parametroSeccion)
    .where(
      and(eq(parametroSeccion.codigoSeccion, codigoSeccion), eq(parametroSeccion.codigoParametro, codigoParametro)),
    )
    .limit(1);
  return s;
}

export async function actualizarSeccion(
  tx: DbOTx,
  codigoSeccion: number,
  valores: Pick<typeof parametroSeccion.$inferInsert, 'nombre' | 'codigo' | 'estadoAnulado'>,
  version?: number | null,
) {
  const [f] = await tx
    .update(parametroSeccion)
    .set({ ...valores, version: sql`${parametroSeccion.version} + 1` })
    .where(and(eq(parametroSeccion.codigoSeccion, codigoSeccion), mismaVersion(parametroSeccion.version, version)))
    .returning({ c: parametroSeccion.codigoSeccion });
  return f;
}

/** Codes and display order of the sections of a parameter (to number a new one). */
export async function codigosYOrden(tx: DbOTx, codigoParametro: number) {
  return tx
    .select({ codigo: parametroSeccion.codigo, orden: parametroSeccion.orden })
    .from(parametroSeccion)
    .where(eq(parametroSeccion.codigoParametro, codigoParametro));
}

export async function insertarSeccion(
  tx: DbOTx,
  valores: Pick<
    typeof parametroSeccion.$inferInsert,
    'codigoParametro' | 'codigo' | 'nombre' | 'orden' | 'estadoAnulado'
  >,
) {
  const [s] = await tx
    .insert(parametroSeccion)
    .values(valores)
    .returning({ codigoSeccion: parametroSeccion.codigoSeccion });
  return s?.codigoSeccion ?? 0;
}
