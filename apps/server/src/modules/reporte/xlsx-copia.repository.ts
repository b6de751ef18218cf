import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { ObservadorSql } from '../../db/client';
import type { FilaBd } from './reporte.repository';
import { filasCopiaBinaria } from './copia-binaria';
import { leerCopia } from './copia-salida';
import type { ConexionXml } from './xlsx-lotes.repository';

/**
 * The export's connections on a PostgreSQL server. The batches come through `COPY (…) TO STDOUT` in binary
 * format: each row arrives as its length and its bytes, which go to the workbook as they are (node-postgres
 * would decode every row into a JavaScript string, and the writer encode it back). They are read straight from the
 * connection's read buffer (copia-salida.ts, db/socket-lectura.ts): kept lines are opened from it, other rows copied
 * out of it. COPY takes no bound parameters, so a statement's values are set first as settings of the transaction
 * by an ordinary statement with bound parameters (`set_config`) and the COPY reads them with `current_setting`: its
 * text is fixed text only.
 *
 * All the connections read one snapshot (repeatable read, the first one's snapshot imported by the others), so
 * the batch limits counted by the first statement hold for every batch however the data changes meanwhile, and
 * batches on different connections number their rows without waiting for each other. Each connection is taken
 * from the pool for the export and given back at the end; the transaction sets its own statement timeout and
 * sort memory (`set local`), so the pool's connections keep theirs.
 */

/** Statement timeout inside the export's transaction (each statement is one batch, or the batch limits). */
const LIMITE_SENTENCIA_MS = 120_000;
const dialecto = new PgDialect();

/** A statement with its values moved into transaction settings (COPY takes no parameters). */
export function sinParametros(q: SQL) {
  const { sql: texto, params } = dialecto.sqlToQuery(q);
  const ajustes = params.map((_v, i) => `set_config('cronos.p${i + 1}', $${i + 1}, true)`);
  const cuerpo = texto.replace(/\$(\d+)(::)?/g, (_t, n: string, cast?: string) => {
    const v = params[Number(n) - 1];
    // A value without a cast in the statement is compared with integer columns (ids, counts, limits).
    const tipo = cast ? '::' : typeof v === 'number' && Number.isInteger(v) ? '::int' : '';
    return `current_setting('cronos.p${n}')${tipo}`;
  });
  return {
    ajustes: ajustes.length ? `select ${ajustes.join(', ')}` : null,
    valores: params.map((v) => (v === null || v === undefined ? null : String(v))),
    cuerpo,
  };
}

function conexion(
  cliente: pg.PoolClient,
  observar?: ObservadorSql,
): ConexionXml & Required<Pick<ConexionXml, 'copia'>> {
  return {
    async filas(q) {
      const { sql: text, params } = dialecto.sqlToQuery(q);
      observar?.(text, params);
      const r = await cliente.query({
        text,
        values: params,
        query_timeout: LIMITE_SENTENCIA_MS + 5000,
      } as pg.QueryConfig);
      return r.rows as FilaBd[];
    },
    async xml(q) {
      const trozos: Buffer[] = [];
      // The reader's chunk is the connection's read buffer, used again by the next read: the rows' bytes are copied.
      await copia(q, (t, desde, hasta) => trozos.push(Buffer.from(t.subarray(desde, hasta))));
      return filasCopiaBinaria(trozos);
    },
    copia,
  };
  async function copia(q: SQL, recibir: (trozo: Buffer, desde: number, hasta: number) => void) {
    if (observar) {
      // Observed as the ordinary statement it is, with its bound values (what a replay of it runs).
      const { sql: text, params } = dialecto.sqlToQuery(q);
      observar(text, params);
    }
    const { ajustes, valores, cuerpo } = sinParametros(q);
    if (ajustes)
      await cliente.query({ text: ajustes, values: valores, query_timeout: LIMITE_SENTENCIA_MS } as pg.QueryConfig);
    await leerCopia(cliente, `copy (${cuerpo}) to stdout (format binary)`, recibir, LIMITE_SENTENCIA_MS + 5000);
  }
}

/**
 * At most `maximo` holders at a time; the others wait their turn in arrival order. A freed turn passes straight to
 * the next in line, so a newcomer can never slip in between.
 */
export function crearTurnos(maximo: number) {
  let activos = 0;
  const cola: (() => void)[] = [];
  return {
    async tomar() {
      if (activos < maximo) activos += 1;
      else await new Promise<void>((listo) => cola.push(listo));
      let dejado = false;
      return () => {
        if (dejado) return;
        dejado = true;
        const siguiente = cola.shift();
        if (siguiente) siguiente();
        else activos -= 1;
      };
    },
    get enEspera() {
      return cola.length;
    },
  };
}

/**
 * Exports at once on a PostgreSQL server: each holds its connections for its whole length (minutes for a year at
 * a million orders), so a few of them must not take the pool (10 connections by default) from the screens.
 * Two exports of two connections leave six; a third export waits for its turn before it starts.
 */
const turnosExporte = crearTurnos(2);

/**
 * Takes `cuantas` connections from the pool, each in a read-only repeatable-read transaction on one snapshot, and
 * runs `trabajo` with them; the transactions are rolled back and the connections given back whatever happens.
 */
export async function conConexionesExporte<T>(
  pool: pg.Pool,
  cuantas: number,
  trabajo: (conexiones: ConexionXml[]) => Promise<T>,
  observar?: ObservadorSql,
): Promise<T> {
  const dejarTurno = await turnosExporte.tomar();
  const clientes: pg.PoolClient[] = [];
  const abrir = async () => {
    const c = await pool.connect();
    clientes.push(c);
    await c.query('begin transaction isolation level repeatable read, read only');
    return c;
  };
  const ajustar = (c: pg.PoolClient) =>
    c.query(`set local statement_timeout = ${LIMITE_SENTENCIA_MS}; set local work_mem = '32MB'`);
  let fallo: unknown = null;
  try {
    const primero = await abrir();
    await ajustar(primero);
    if (cuantas > 1) {
      const instantanea = String((await primero.query('select pg_export_snapshot() as s')).rows[0]?.s ?? '');
      // The snapshot's name comes from the server (hex digits and dashes); SET TRANSACTION SNAPSHOT takes no parameter.
      if (!/^[0-9A-F-]+$/i.test(instantanea)) throw new Error('instantánea no válida');
      for (let i = 1; i < cuantas; i++) {
        const c = await abrir();
        await c.query(`set transaction snapshot '${instantanea}'`);
        await ajustar(c);
      }
    }
    return await trabajo(clientes.map((c) => conexion(c, observar)));
  } catch (e) {
    fallo = e;
    throw e;
  } finally {
    for (const c of clientes) {
      try {
        await c.query('rollback');
        c.release();
      } catch (e) {
        c.release(e instanceof Error ? e : new Error(String(fallo ?? e)));
      }
    }
    dejarTurno();
  }
}
