import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearSocketLectura } from '../../db/socket-lectura';
import { filasCopiaBinaria } from './copia-binaria';
import { leerCopia } from './copia-salida';

/** Always a PostgreSQL server (the embedded database has no COPY over a socket): TEST_DATABASE_URL or the local one. */
const URL_PG = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

let cliente: pg.Client;
/** The same checks on a plain socket (the client's data listener is swapped) and on the server's own (its read buffer). */
const SOCKETS = [
  ['a plain socket', undefined],
  ['a socket reading into one buffer', crearSocketLectura],
] as const;

async function abrir(stream?: () => unknown) {
  const c = new pg.Client({ connectionString: URL_PG, ...(stream ? { stream: stream as () => never } : {}) });
  await c.connect();
  // A function that raises a notice while the COPY is sending its rows (the server sends it between CopyData).
  await c.query(`create or replace function pg_temp.con_aviso(i int) returns text language plpgsql as $$
    begin
      if i % 1000 = 0 then raise notice 'fila %', i; end if;
      return repeat(chr(65 + i % 26), i % 300) || 'ñ' || i;
    end $$`);
  return c;
}

/** The rows of a COPY read with leerCopia, keeping every piece it hands over (and how many pieces there were). */
async function copiar(texto: string) {
  const trozos: Buffer[] = [];
  await leerCopia(cliente, texto, (b, desde, hasta) => trozos.push(Buffer.from(b.subarray(desde, hasta))), 30_000);
  return { filas: filasCopiaBinaria(trozos).map((f) => f.toString('utf8')), trozos: trozos.length };
}

describe.each(SOCKETS)('COPY read straight from %s', (_nombre, stream) => {
  beforeAll(async () => {
    cliente = await abrir(stream);
  });
  afterAll(async () => cliente.end());

  it('gives every row of a large COPY, as a plain query returns them, and the client goes on as before', async () => {
    const consulta = `select repeat('x', i % 5000) || i || 'ñ' from generate_series(1, 20000) i order by i`;
    const { filas, trozos } = await copiar(`copy (${consulta}) to stdout (format binary)`);
    const esperado = (await cliente.query(consulta)).rows.map((r) => Object.values(r)[0]);
    expect(filas).toHaveLength(20_000);
    expect(filas).toEqual(esperado);
    // ~50 MB came in many chunks, each handed over without being gathered first.
    expect(trozos).toBeGreaterThan(100);
    expect((await cliente.query('select 41 + 1 as n')).rows).toEqual([{ n: 42 }]);
  });

  it('keeps reading when the server sends notices between the rows', async () => {
    const avisos: string[] = [];
    const oir = (m: { message?: string }) => avisos.push(String(m.message));
    cliente.on('notice', oir);
    const consulta = 'select pg_temp.con_aviso(i) from generate_series(1, 5000) i order by i';
    const { filas } = await copiar(`copy (${consulta}) to stdout (format binary)`);
    cliente.off('notice', oir);
    expect(filas).toEqual((await cliente.query(consulta)).rows.map((r) => Object.values(r)[0]));
    expect(avisos).toEqual(expect.arrayContaining(['fila 1000', 'fila 5000']));
  });

  it("fails with the database's error when the statement fails halfway, and the client stays usable", async () => {
    const recibido: number[] = [];
    const fallo = leerCopia(
      cliente,
      `copy (select repeat('y', 2000) || (100 / (3000 - i)) from generate_series(1, 4000) i) to stdout (format binary)`,
      (_b, desde, hasta) => recibido.push(hasta - desde),
      30_000,
    );
    await expect(fallo).rejects.toThrow(/division by zero|división por cero/);
    expect(recibido.length).toBeGreaterThan(0);
    expect((await cliente.query('select 1 as uno')).rows).toEqual([{ uno: 1 }]);
    // A statement that does not parse fails before any data.
    await expect(leerCopia(cliente, 'copy (selec 1) to stdout', () => undefined, 30_000)).rejects.toThrow(/syntax/);
    expect((await cliente.query('select 2 as dos')).rows).toEqual([{ dos: 2 }]);
  });

  it('a receiver that fails fails the statement with its error, after the rest of the COPY was read', async () => {
    let llamadas = 0;
    const fallo = leerCopia(
      cliente,
      `copy (select repeat('z', 3000) from generate_series(1, 3000)) to stdout (format binary)`,
      () => {
        llamadas += 1;
        if (llamadas === 3) throw new Error('no se pudo leer');
      },
      30_000,
    );
    await expect(fallo).rejects.toThrow('no se pudo leer');
    expect(llamadas).toBe(3);
    expect((await cliente.query('select 3 as tres')).rows).toEqual([{ tres: 3 }]);
  });

  it('one COPY after another on the same client, with an empty one between', async () => {
    for (const n of [3, 0, 2500]) {
      const { filas } = await copiar(
        `copy (select 'v' || i from generate_series(1, ${n}) i) to stdout (format binary)`,
      );
      expect(filas).toEqual(Array.from({ length: n }, (_x, i) => `v${i + 1}`));
    }
  });
});
