import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { crearTurnos, filasCopiaBinaria, sinParametros } from './xlsx-copia.repository';

/** A binary COPY of one text column, as PostgreSQL sends it (null for a NULL value). */
function copiaBinaria(filas: (string | null)[]) {
  const partes = [Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)];
  for (const f of filas) {
    const cabeza = Buffer.alloc(6);
    cabeza.writeInt16BE(1, 0);
    cabeza.writeInt32BE(f === null ? -1 : Buffer.byteLength(f), 2);
    partes.push(cabeza, Buffer.from(f ?? '', 'utf8'));
  }
  const fin = Buffer.alloc(2);
  fin.writeInt16BE(-1, 0);
  return Buffer.concat([...partes, fin]);
}

describe('binary COPY rows', () => {
  it('are the bytes of each row, in order, whatever their characters', () => {
    const filas = filasCopiaBinaria(copiaBinaria(['<row r="2"/>', '', null, '<row r="3">Ñandú &amp; “x”</row>']));
    expect(filas.map((f) => f.toString('utf8'))).toEqual(['<row r="2"/>', '', '<row r="3">Ñandú &amp; “x”</row>']);
  });

  it('are the same however the data is cut into chunks', () => {
    const datos = copiaBinaria(['<row r="2"/>', '', null, '<row r="3">Ñandú</row>', 'x']);
    const esperado = filasCopiaBinaria(datos).map((f) => f.toString('utf8'));
    for (let k = 0; k <= datos.length; k++) {
      const filas = filasCopiaBinaria([datos.subarray(0, k), datos.subarray(k)]);
      expect(
        filas.map((f) => f.toString('utf8')),
        `corte en ${k}`,
      ).toEqual(esperado);
    }
    const bytes = [...datos].map((b) => Buffer.from([b]));
    expect(filasCopiaBinaria(bytes).map((f) => f.toString('utf8'))).toEqual(esperado);
  });
});

describe('a statement without parameters for COPY', () => {
  it('reads every value from a transaction setting, with the cast the statement gives or an integer one', () => {
    const q = sql`select * from movimiento m where m.codigo_empresa_usuario = ${7} and m.fecha_ingreso >= ${'2025-01-01'}::timestamptz limit ${5000}::int`;
    const s = sinParametros(q);
    expect(s.cuerpo).toBe(
      "select * from movimiento m where m.codigo_empresa_usuario = current_setting('cronos.p1')::int and m.fecha_ingreso >= current_setting('cronos.p2')::timestamptz limit current_setting('cronos.p3')::int",
    );
    expect(s.cuerpo).not.toContain('2025-01-01');
    expect(s.ajustes).toBe(
      "select set_config('cronos.p1', $1, true), set_config('cronos.p2', $2, true), set_config('cronos.p3', $3, true)",
    );
    expect(s.valores).toEqual(['7', '2025-01-01', '5000']);
  });
});

describe('export turns', () => {
  it('let two run at once; the third starts when one ends, before any newcomer', async () => {
    const turnos = crearTurnos(2);
    const uno = await turnos.tomar();
    const dos = await turnos.tomar();
    const orden: string[] = [];
    const tres = turnos.tomar().then((dejar) => {
      orden.push('tres');
      return dejar;
    });
    await Promise.resolve();
    expect(orden).toEqual([]);
    expect(turnos.enEspera).toBe(1);
    uno();
    uno(); // leaving twice gives back one turn only
    const dejarTres = await tres;
    const cuatro = turnos.tomar().then((dejar) => {
      orden.push('cuatro');
      return dejar;
    });
    await Promise.resolve();
    expect(orden).toEqual(['tres']);
    dos();
    (await cuatro)();
    dejarTres();
    expect(orden).toEqual(['tres', 'cuatro']);
    expect(turnos.enEspera).toBe(0);
  });
});
