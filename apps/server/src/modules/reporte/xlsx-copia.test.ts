import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AperturaLineas } from './apertura-lineas';
import { filasCopiaBinaria, recorrerCopiaBinaria } from './copia-binaria';
import { crearTurnos, sinParametros } from './xlsx-copia.repository';

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

/** Opens a whole binary COPY's chunks, one after another as they would arrive. */
function abrirCopia(apertura: AperturaLineas, trozos: Buffer[], antes: number, filasPorHoja: number) {
  const copia = apertura.empezarCopia(antes, filasPorHoja);
  for (const t of trozos) copia.trozo(t);
  return copia.terminar();
}

describe('kept lines opened straight from the binary COPY', () => {
  /** Orders' kept values: lines as U+0001 and their cells; an order without lines is NULL or empty. */
  const ordenes = [
    '\u0001<c t="str"><v>Ñandú</v></c></row>\u0001<c t="str"><v>b</v></c></row>',
    null,
    '',
    '\u0001<c s="7"/><c t="str"><v>“x” &amp; y</v></c></row>',
    '\u0001<c t="str"><v>1</v></c></row>\u0001<c t="str"><v>2</v></c></row>\u0001<c t="str"><v>3</v></c></row>',
  ];
  const lineasDe = (l: { datos: Buffer; finales: Int32Array; lineas: number }) =>
    Array.from({ length: l.lineas }, (_x, k) =>
      l.datos.subarray(k ? l.finales[k - 1] : 0, l.finales[k]).toString('utf8'),
    );
  const esperado = lineasDe(
    new AperturaLineas(64).abrir(
      ordenes.map((o) => Buffer.from(o ?? '', 'utf8')),
      40,
      42,
    ),
  );

  it('gives each line its opening, numbered across the sheets, as the rows do', () => {
    expect(esperado).toHaveLength(6);
    expect(esperado[0]).toBe('<row r="42"><c r="A42" s="3"><v>41</v></c><c t="str"><v>Ñandú</v></c></row>');
    expect(esperado[1]).toBe('<row r="43"><c r="A43" s="3"><v>42</v></c><c t="str"><v>b</v></c></row>');
    // The 43rd row of the report is the first of the second sheet.
    expect(esperado[2]).toBe(
      '<row r="2"><c r="A2" s="3"><v>43</v></c><c s="7"/><c t="str"><v>“x” &amp; y</v></c></row>',
    );
    const copia = abrirCopia(new AperturaLineas(64), [copiaBinaria(ordenes)], 40, 42);
    expect(copia.ordenes).toBe(5);
    expect(lineasDe(copia)).toEqual(esperado);
  });

  it('are the same however the chunks cut the data, one buffer used again for every batch', () => {
    const datos = copiaBinaria(ordenes);
    const apertura = new AperturaLineas(16);
    for (let k = 0; k <= datos.length; k++)
      for (let m = k; m <= datos.length; m += 7) {
        const l = abrirCopia(apertura, [datos.subarray(0, k), datos.subarray(k, m), datos.subarray(m)], 40, 42);
        expect(lineasDe(l), `cortes en ${k} y ${m}`).toEqual(esperado);
        expect(l.ordenes).toBe(5);
      }
    const bytes = [...datos].map((b) => Buffer.from([b]));
    expect(lineasDe(abrirCopia(apertura, bytes, 40, 42))).toEqual(esperado);
  });

  it('number every line as written out in full, across digits gained and sheets begun, batch after batch', () => {
    const apertura = new AperturaLineas(16);
    const orden = '\u0001<c t="str"><v>a</v></c></row>'.repeat(7);
    for (const [antes, filasPorHoja] of [
      [0, 120],
      [90, 120],
      [995, 1000],
      [9_990, 99_999],
      [1_048_570, 1_048_575],
    ] as const) {
      const l = apertura.abrir(
        Array.from({ length: 40 }, () => Buffer.from(orden)),
        antes,
        filasPorHoja,
      );
      expect(l.lineas).toBe(280);
      lineasDe(l).forEach((linea, k) => {
        const n = antes + k + 1;
        const r = ((n - 1) % filasPorHoja) + 2;
        expect(linea, `N° ${n}`).toBe(`<row r="${r}"><c r="A${r}" s="3"><v>${n}</v></c><c t="str"><v>a</v></c></row>`);
      });
    }
  });

  it('refuses a COPY cut short or of more than one column', () => {
    const datos = copiaBinaria(ordenes);
    const nada = () => undefined;
    expect(() => recorrerCopiaBinaria([datos.subarray(0, datos.length - 1)], nada, nada)).toThrow(/incompleto/);
    expect(() => recorrerCopiaBinaria([datos.subarray(0, 30)], nada, nada)).toThrow(/incompleto/);
    const dos = Buffer.from(datos);
    dos.writeInt16BE(2, 19);
    expect(() => recorrerCopiaBinaria([dos], nada, nada)).toThrow(/2 columnas/);
    expect(recorrerCopiaBinaria([], nada, nada)).toBe(0);
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
