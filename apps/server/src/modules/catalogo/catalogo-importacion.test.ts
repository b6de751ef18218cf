import { LIMITE_IMPORTACION_BYTES, MENSAJES_CATALOGO } from '@cronos/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { bombaZip, leerLibro, libroXlsx } from '../../../test/hojas';
import { cuerpoMultipart, MUESTRAS } from '../../../test/multipart';
import { catalogoUsuario, kardex, lote } from '../../db/schema';

let e: Entorno;
beforeAll(async () => {
  e = await crearEntorno();
});
afterAll(() => e.cerrar());

const ENCABEZADOS = [
  'Código interno',
  'Descripción',
  'Partida arancelaria',
  'Unidad de medida',
  'Código de existencia',
  'Stock inicial',
];
const fila = (i: number, extra: Partial<Record<number, unknown>> = {}) => {
  const f: unknown[] = [
    `P${i}`,
    `PRODUCTO IMPORTADO NUMERO ${i}`,
    '8517130000',
    'NIU - Unidad',
    '01 - Mercadería',
    i % 3,
  ];
  for (const [k, v] of Object.entries(extra)) f[Number(k)] = v;
  return f;
};

type Sesion = Awaited<ReturnType<Entorno['sesion']>>;
async function subir(
  s: Sesion,
  contenido: Buffer,
  campos: Record<string, string | number> = {},
  nombre = 'catalogo.xlsx',
) {
  const { payload, headers } = cuerpoMultipart(campos, [{ campo: 'archivo', nombre, contenido }]);
  return e.app.inject({
    method: 'POST',
    url: '/api/CatalogoUsuario/RegistrarCatalogoMasivo',
    payload,
    headers: { ...headers, authorization: `Bearer ${s.token}` },
  });
}

async function nueva() {
  const emp = await e.crearEmpresa();
  return { s: await e.sesion(8, emp.codigoEmpresaUsuario), c: emp.codigoEmpresaUsuario };
}
const productosDe = (c: number) =>
  e.db.select().from(catalogoUsuario).where(eq(catalogoUsuario.codigoEmpresaUsuario, c));

describe('CatalogoUsuario/RegistrarCatalogoMasivo', () => {
  it('imports valid rows with their initial stock, in one audited transaction', async () => {
    const { s, c } = await nueva();
    const antes = await e.contarAuditoria();
    const libro = await libroXlsx('Productos', ENCABEZADOS, [
      fila(1),
      fila(2, { 2: 8528720000, 4: 1 }),
      fila(3, { 0: null, 5: null }),
    ]);
    const r = await subir(s, libro);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      success: true,
      data: { registros: 3 },
      message: MENSAJES_CATALOGO.importacionExitosa(3),
    });
    const filas = await productosDe(c);
    expect(filas.map((f) => f.codigoInterno).sort()).toEqual(['P1', 'P2', null].sort());
    expect(filas.find((f) => f.codigoInterno === 'P2')).toMatchObject({
      numeroPartida: '8528720000',
      codigoExistencia: '01',
    });
    const lotes = await e.db
      .select()
      .from(lote)
      .innerJoin(catalogoUsuario, eq(catalogoUsuario.codigoCatalogoUsuario, lote.codigoCatalogoUsuario))
      .where(eq(catalogoUsuario.codigoEmpresaUsuario, c));
    expect(lotes.map((l) => [l.lote.numeroDocumento, l.lote.cantidadStock]).sort()).toEqual([
      ['STOCK INICIAL', '1.000'],
      ['STOCK INICIAL', '2.000'],
    ]);
    const k = await e.db
      .select()
      .from(kardex)
      .where(eq(kardex.codigoLote, lotes[0]?.lote.codigoLote ?? 0));
    expect(k[0]?.tipo).toBe('E');
    expect(await e.contarAuditoria()).toBe(antes + 1);
  });

  it('imports nothing when one row is bad, and lists every error by row and column', async () => {
    const { s, c } = await nueva();
    const antes = await e.contarAuditoria();
    const libro = await libroXlsx('Productos', ENCABEZADOS, [
      fila(1),
      fila(2, { 1: 'TV' }),
      fila(3, { 2: '9999999999', 3: 'XYZ' }),
      fila(4, { 0: 'P1' }),
      fila(5, { 5: -4 }),
    ]);
    const r = await subir(s, libro);
    expect(r.statusCode).toBe(422);
    const cuerpo = r.json();
    expect(cuerpo.message).toBe(MENSAJES_CATALOGO.archivoConErrores);
    expect(cuerpo.errors).toMatchObject({
      'Fila 3, Descripción': [MENSAJES_CATALOGO.descripcionIncorrecta],
      'Fila 4, Partida arancelaria': [MENSAJES_CATALOGO.partidaNoExiste],
      'Fila 4, Unidad de medida': ['El valor no está en la lista permitida.'],
      'Fila 5, Código interno': [`${MENSAJES_CATALOGO.codigoInternoRepetido} (fila 2)`],
      'Fila 6, Stock inicial': ['Debe ser mayor o igual a 0'],
    });
    expect(await productosDe(c)).toHaveLength(0);
    expect(await e.contarAuditoria()).toBe(antes);
  });

  it('refuses codes that already exist in the company catalogue', async () => {
    const { s } = await nueva();
    expect((await subir(s, await libroXlsx('Productos', ENCABEZADOS, [fila(1)]))).statusCode).toBe(200);
    const r = await subir(s, await libroXlsx('Productos', ENCABEZADOS, [fila(1)]));
    expect(r.json().errors['Fila 2, Código interno']).toEqual([MENSAJES_CATALOGO.codigoInternoExiste]);
  });

  it('refuses a file of 1 MB + 1 byte before reading it', async () => {
    const { s } = await nueva();
    const grande = Buffer.concat([await libroXlsx('Productos', ENCABEZADOS, [fila(1)])]);
    const relleno = Buffer.alloc(LIMITE_IMPORTACION_BYTES + 1 - grande.length, 0);
    const r = await subir(s, Buffer.concat([grande, relleno]));
    expect(r.statusCode).toBe(413);
    expect(r.json().message).toBe(MENSAJES_CATALOGO.excede1024);
  });

  it('refuses renamed files by content: an executable, a PDF, an old .xls and a zip that is not a workbook', async () => {
    const { s, c } = await nueva();
    const zip = await import('jszip').then(async ({ default: Z }) => {
      const z = new Z();
      z.file('leeme.txt', 'hola');
      return z.generateAsync({ type: 'nodebuffer' });
    });
    const xls = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(2000)]);
    for (const contenido of [
      MUESTRAS.exe(4000),
      MUESTRAS.pdf(4000),
      xls,
      zip,
      Buffer.from('codigo;descripcion\nP1;x'),
    ]) {
      const r = await subir(s, contenido, {}, 'catalogo.xlsx');
      expect(r.statusCode).toBe(415);
      expect(r.json().message).toBe(MENSAJES_CATALOGO.formatoIncorrecto);
    }
    expect(await productosDe(c)).toHaveLength(0);
  });

  it('refuses a zip bomb (a small file whose parts inflate past the limit)', async () => {
    const { s } = await nueva();
    const bomba = await bombaZip(await libroXlsx('Productos', ENCABEZADOS, [fila(1)]));
    expect(bomba.length).toBeLessThan(LIMITE_IMPORTACION_BYTES);
    const r = await subir(s, bomba);
    expect(r.statusCode).toBe(413);
    expect(r.json().message).toBe(MENSAJES_CATALOGO.archivoDescomprimidoGrande);
  });

  it('refuses formula cells, wrong headers, empty sheets and more than 2000 rows', async () => {
    const { s, c } = await nueva();
    const formula = await libroXlsx('Productos', ENCABEZADOS, [fila(1, { 5: { formula: '1+1', result: 2 } })]);
    const r1 = await subir(s, formula);
    expect(r1.statusCode).toBe(422);
    expect(r1.json()).toMatchObject({
      message: MENSAJES_CATALOGO.archivoConFormulas,
      errors: { formulas: ['Celda F2'] },
    });
    const r2 = await subir(s, await libroXlsx('Productos', ['Codigo', 'Nombre'], [['A', 'B']]));
    expect(r2.json().message).toBe(MENSAJES_CATALOGO.archivoNoPlantilla);
    const r3 = await subir(s, await libroXlsx('Productos', ENCABEZADOS, []));
    expect(r3.json().message).toBe(MENSAJES_CATALOGO.archivoSinFilas);
    const muchas = Array.from({ length: 2001 }, (_, i) => fila(i + 1));
    const r4 = await subir(s, await libroXlsx('Productos', ENCABEZADOS, muchas));
    expect(r4.statusCode).toBe(422);
    expect(r4.json().message).toBe(MENSAJES_CATALOGO.archivoDemasiadasFilas(2000));
    expect(await productosDe(c)).toHaveLength(0);
  });

  it("answers 404 for another company's id and 403 without the catalogue add permission", async () => {
    const a = await nueva();
    const b = await nueva();
    const libro = await libroXlsx('Productos', ENCABEZADOS, [fila(1)]);
    expect((await subir(a.s, libro, { CodigoEmpresaUsuario: b.c })).statusCode).toBe(404);
    const balanza = await e.sesion(4, 1);
    expect((await subir(balanza, libro)).statusCode).toBe(403);
    expect(await productosDe(b.c)).toHaveLength(0);
    const operador = await e.sesion(2, 1);
    expect((await subir(operador, libro, { CodigoEmpresaUsuario: b.c })).statusCode).toBe(200);
    expect(await productosDe(b.c)).toHaveLength(1);
  });

  it('imports 2000 rows', async () => {
    const { s, c } = await nueva();
    const filas = Array.from({ length: 2000 }, (_, i) => fila(i + 1));
    const libro = await libroXlsx('Productos', ENCABEZADOS, filas);
    expect(libro.length).toBeLessThan(LIMITE_IMPORTACION_BYTES);
    const r = await subir(s, libro);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.registros).toBe(2000);
    expect(await productosDe(c)).toHaveLength(2000);
  });
});

describe('CatalogoUsuario/DescargarPlantilla', () => {
  it('is a real workbook with headers, an example row and validation lists, that imports once filled', async () => {
    const { s, c } = await nueva();
    const r = await s.get('/api/CatalogoUsuario/DescargarPlantilla?Tipo=catalogo');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('spreadsheetml');
    const libro = await leerLibro(r.rawPayload);
    const datos = libro.getWorksheet('Productos');
    expect(datos?.getRow(1).values).toEqual([undefined, ...ENCABEZADOS]);
    const ejemplo = libro.getWorksheet('Ejemplo');
    expect(ejemplo?.getRow(2).getCell(2).value).toBe('TELEVISOR LED 55 PULGADAS 4K');
    const listas = libro.getWorksheet('Listas');
    expect(listas?.state).toBe('hidden');
    expect(listas?.getColumn(4).values).toContain('NIU - Unidad');
    const validacion = datos?.getCell('D2').dataValidation;
    expect(validacion).toMatchObject({ type: 'list', formulae: ['Listas!$D$1:$D$10'] });
    // Fill the template with the example row and import it.
    datos?.addRow(ejemplo?.getRow(2).values as unknown[]);
    const lleno = Buffer.from(await libro.xlsx.writeBuffer());
    const imp = await subir(s, lleno);
    expect(imp.statusCode, imp.body).toBe(200);
    expect(await productosDe(c)).toHaveLength(1);
  });
});
