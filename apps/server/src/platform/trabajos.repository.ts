import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

const filasDe = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;

/**
 * The lease of a job (db/schema/trabajos.ts), taken in one statement: the row is created on a job's first run, and
 * taken only if nobody holds it (or its holder's lease expired) and it is due (or `forzar`, a wake after new work).
 * Two instances taking it at once: the second waits on the row and finds it held. The database's clock decides.
 */
export async function tomar(db: Db, nombre: string, yo: string, arriendoMs: number, forzar: boolean) {
  const filas = filasDe(
    await db.execute(sql`insert into trabajo (nombre, ocupado_por, ocupado_hasta)
      values (${nombre}, ${yo}, now() + ${arriendoMs} * interval '1 millisecond')
      on conflict (nombre) do update set ocupado_por = excluded.ocupado_por, ocupado_hasta = excluded.ocupado_hasta
        where (trabajo.ocupado_hasta is null or trabajo.ocupado_hasta < now())
          and (trabajo.proxima_en <= now() or ${forzar})
      returning fallos_seguidos`),
  );
  const [fila] = filas as { fallos_seguidos: number }[];
  return fila ? { fallosSeguidos: Number(fila.fallos_seguidos) } : null;
}

/** Keeps the lease while the job runs. False if it was lost (expired and taken by another instance). */
export async function renovar(db: Db, nombre: string, yo: string, arriendoMs: number) {
  const filas = filasDe(
    await db.execute(sql`update trabajo set ocupado_hasta = now() + ${arriendoMs} * interval '1 millisecond'
      where nombre = ${nombre} and ocupado_por = ${yo} returning nombre`),
  );
  return filas.length > 0;
}

/** Gives the lease back with the run's outcome and when the job is due next (`esperaMs` from the database's now). */
export async function soltar(
  db: Db,
  nombre: string,
  yo: string,
  r: { ok: boolean; duracionMs: number; esperaMs: number; error: string | null },
) {
  await db.execute(sql`update trabajo set ocupado_por = null, ocupado_hasta = null,
      proxima_en = now() + ${r.esperaMs} * interval '1 millisecond',
      ejecuciones = ejecuciones + 1,
      fallas = fallas + ${r.ok ? 0 : 1},
      fallos_seguidos = ${r.ok ? sql`0` : sql`fallos_seguidos + 1`},
      ultima_duracion_ms = ${r.duracionMs},
      ultimo_exito = ${r.ok ? sql`now()` : sql`ultimo_exito`},
      ultimo_error = ${r.error}
    where nombre = ${nombre} and ocupado_por = ${yo}`);
}

/** How long until the job may be taken: due and not held (0 if it has no row yet). */
export async function espera(db: Db, nombre: string) {
  const [fila] = filasDe(
    await db.execute(sql`select greatest(0, extract(epoch from (greatest(proxima_en,
        case when ocupado_hasta > now() then ocupado_hasta else proxima_en end) - now())) * 1000)::float8 as ms
      from trabajo where nombre = ${nombre}`),
  ) as { ms: number }[];
  return fila ? Number(fila.ms) : 0;
}

/** The jobs' rows as every instance sees them. */
export async function estado(db: Db) {
  return filasDe(
    await db.execute(sql`select nombre, ocupado_por, ocupado_hasta, proxima_en, fallos_seguidos, ejecuciones::float8,
      fallas::float8, ultima_duracion_ms, ultimo_exito, ultimo_error from trabajo order by nombre`),
  );
}
