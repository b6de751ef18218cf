import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { MENSAJES_MOVIMIENTO as M } from '@cronos/contract';
import { count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { cuerpoMultipart, MUESTRAS } from '../../../test/multipart';
import { movimientoArchivo, movimientoDetalle } from '../../db/schema';
import { MB } from '../../platform/archivos';
import {
  archivosEnDisco,
  crearPersona,
  directorioTemporal,
  ordenVehicular,
  prepararEmpresa,
} from '../../../test/fabricas-movimiento';

let e: Entorno;
let dir: string;
let base: Awaited<ReturnType<typeof prepararEmpresa>>;
let s: Awaited<ReturnType<Entorno['sesion']>>;
let codigo: number;
let pagina: Server;
let puerto: number;

const HTML_LEVANTE = `<html><body><table>
<tr><td>Fecha de Numeración</td><td>15/10/2026</td></tr><tr><td>Sujeto a</td><td>CANAL VERDE</td></tr>
<tr><td>Valor FOB</td><td>12,500.50</td></tr><tr><td>Peso Neto</td><td>950.25</td></tr><tr><td>Peso Bruto</td><td>1,000.00</td></tr>
<tr><td>Total Bultos</td><td>40</td></tr><tr><td>Número de Series</td><td>3</td></tr><tr><td>Flete</td><td>800</td></tr>
<tr><td>Seguro</td><td>120.5</td></tr><tr><td>CIF</td><td>13,421.00</td></tr>
<tr><td>Importador</td><td>20603547897 - IMPORTACIONES ANDINAS DEL SUR S.A.C.</td></tr></table></body></html>`;

beforeAll(async () => {
  dir = directorioTemporal();
  pagina = createServer((req, res) => {
    if (req.url?.includes('172/2026/10/004512')) res.end(HTML_LEVANTE);
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => pagina.listen(0, '127.0.0.1', () => r()));
  puerto = (pagina.address() as { port: number }).port;
  e = await crearEntorno({
    env: {
      DATA_DIR: dir,
      CONSULTAS_EXTERNAS: 'true',
      PROVEEDOR_LEVANTE_URL: `http://127.0.0.1:${puerto}/dam/{aduana}/{anio}/{regimen}/{numero}`,
    },
  });
  base = await prepararEmpresa(e, { indicadorRegistroEspecialExcel: true });
  await crearPersona(e);
  s = await e.sesion(8, base.empresa.codigoEmpresaUsuario);
  const r = await s.post('/api/Movimiento/GuardarMovimiento', { data: ordenVehicular(base.productos.slice(0, 1)) });
  codigo = r.json().data.codigoMovimiento;
});
afterAll(async () => {
  await e.cerrar();
  pagina.close();
  rmSync(dir, { recursive: true, force: true });
});

const subir = (
  sesion: typeof s,
  categoria: string,
  campos: Record<string, string | number>,
  archivos: Parameters<typeof cuerpoMultipart>[1],
) =>
  e.app.inject({
    method: 'POST',
    url: `/api/Movimiento/GuardarImagenMovimiento?Categoria=${categoria}`,
    ...(() => {
      const c = cuerpoMultipart(campos, archivos);
      return { payload: c.payload, headers: { ...c.headers, authorization: `Bearer ${sesion.token}` } };
    })(),
  });
const filas = async () => (await e.db.select({ n: count() }).from(movimientoArchivo))[0]?.n ?? 0;

describe('GuardarImagenMovimiento', () => {
  it('stores a PDF under a generated name; ConsutarArchivo lists it and the download is safe', async () => {
    const r = await subir(s, 'sustento', { CodigoMovimiento: codigo, CodigoIngreso: 'x', UsuarioRegistro: 'x' }, [
      { campo: 'files', nombre: 'factura.pdf', contenido: MUESTRAS.pdf(3000) },
    ]);
    expect(r.statusCode).toBe(200);
    const lista = (await s.get(`/api/Balanza/ConsutarArchivo?CodigoMovimiento=${codigo}`)).json().data;
    expect(lista).toHaveLength(1);
    expect(lista[0].nombreArchivo).toBe('factura.pdf');
    const d = await s.get(lista[0].rutaArchivo.replace(/^/, ''));
    expect(d.statusCode).toBe(200);
    expect(d.headers['content-type']).toBe('application/pdf');
    expect(d.headers['x-content-type-options']).toBe('nosniff');
    expect(d.headers['content-disposition']).toContain('attachment');
  });

  it('refuses a renamed executable, a file one byte over each limit, and leaves no row and no file', async () => {
    const antesFilas = await filas();
    const antesDisco = archivosEnDisco(dir).length;
    const exe = await subir(s, 'sustento', { CodigoMovimiento: codigo }, [
      { campo: 'files', nombre: 'factura.pdf', contenido: MUESTRAS.exe(2000), tipo: 'application/pdf' },
    ]);
    expect(exe.statusCode).toBe(415);
    expect(exe.json().message).toBe(M.formatoNoAdmitido);
    const ocho = await subir(s, 'sustento', { CodigoMovimiento: codigo }, [
      { campo: 'files', nombre: 'grande.pdf', contenido: MUESTRAS.pdf(8 * MB + 1) },
    ]);
    expect(ocho.statusCode).toBe(413);
    expect(ocho.json().message).toBe(M.excede8);
    const png = await subir(s, 'panel', { CodigoMovimiento: codigo }, [
      { campo: 'files', nombre: 'a.png', contenido: MUESTRAS.png() },
    ]);
    expect(png.json().message).toBe(M.formatoPanel);
    const veinticinco = await subir(s, 'panel', { CodigoMovimiento: codigo }, [
      { campo: 'files', nombre: 'grande.pdf', contenido: MUESTRAS.pdf(25 * MB + 1) },
    ]);
    expect(veinticinco.statusCode).toBe(413);
    expect(veinticinco.json().message).toBe(M.excede25);
    const exacto = await subir(s, 'panel', { CodigoMovimiento: codigo }, [
      { campo: 'files', nombre: 'justo.pdf', contenido: MUESTRAS.pdf(8 * MB + 1) },
    ]);
    expect(exacto.statusCode).toBe(200);
    expect(await filas()).toBe(antesFilas + 1);
    expect(archivosEnDisco(dir).length).toBe(antesDisco + 1);
  });

  it("another company's order, a missing order id and role 4 on the panel are refused, leaving nothing", async () => {
    const antesDisco = archivosEnDisco(dir).length;
    const otra = await prepararEmpresa(e);
    const ajeno = await e.sesion(8, otra.empresa.codigoEmpresaUsuario);
    const pdf = [{ campo: 'files', nombre: 'a.pdf', contenido: MUESTRAS.pdf() }];
    expect((await subir(ajeno, 'sustento', { CodigoMovimiento: codigo }, pdf)).statusCode).toBe(404);
    expect((await subir(s, 'sustento', {}, pdf)).statusCode).toBe(422);
    const balanza = await e.sesion(4, 1);
    expect((await subir(balanza, 'panel', { CodigoMovimiento: codigo }, pdf)).statusCode).toBe(403);
    expect(archivosEnDisco(dir).length).toBe(antesDisco);
  });

  it('a cut upload leaves no row and no file', async () => {
    await e.app.listen({ port: 0, host: '127.0.0.1' });
    const antesFilas = await filas();
    const antesDisco = archivosEnDisco(dir).length;
    const { payload, headers } = cuerpoMultipart({ CodigoMovimiento: codigo }, [
      { campo: 'files', nombre: 'cortado.pdf', contenido: MUESTRAS.pdf(700_000) },
    ]);
    const { port } = e.app.server.address() as { port: number };
    await new Promise<void>((listo) => {
      const c = connect(port, '127.0.0.1', () => {
        c.write(
          `POST /api/Movimiento/GuardarImagenMovimiento?Categoria=sustento HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${s.token}\r\nContent-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\n\r\n`,
        );
        c.write(payload.subarray(0, 350_000), () => setTimeout(() => c.destroy(), 50));
      });
      c.on('close', () => listo());
      c.on('error', () => listo());
    });
    await new Promise((r) => setTimeout(r, 400));
    expect(await filas()).toBe(antesFilas);
    expect(archivosEnDisco(dir).filter((f) => !f.endsWith('.subiendo')).length).toBe(antesDisco);
    expect(archivosEnDisco(dir).some((f) => f.endsWith('.subiendo'))).toBe(false);
  });

  it('EliminarMovimientoArchivo deletes the row and the file', async () => {
    const lista = (await s.get(`/api/Balanza/ConsutarArchivo?CodigoMovimiento=${codigo}`)).json().data;
    const antesDisco = archivosEnDisco(dir).length;
    const r = await s.post('/api/Movimiento/EliminarMovimientoArchivo', {
      data: { CodigoMovimientoArchivo: lista[0].codigoMovimientoArchivo },
    });
    expect(r.statusCode).toBe(200);
    expect(archivosEnDisco(dir).length).toBe(antesDisco - 1);
    expect((await s.get(`/api/Balanza/ConsutarArchivo?CodigoMovimiento=${codigo}`)).json().data).toHaveLength(
      lista.length - 1,
    );
  });
});

async function libro(filas: (string | number)[][]) {
  const l = new ExcelJS.Workbook();
  const h = l.addWorksheet('Detalle');
  h.addRow(['TIPO_DOCUMENTO', 'NUMERO', 'TIPO', 'RUC', 'RAZON', 'CODIGO', 'CANTIDAD', 'PESO', 'FOB', 'BULTO']);
  for (const f of filas) h.addRow(f);
  return Buffer.from(await l.xlsx.writeBuffer());
}
const cargarExcel = (
  sesion: typeof s,
  contenido: Buffer,
  campos: Record<string, string | number> = { CodigoMovimiento: codigo },
) => {
  const c = cuerpoMultipart(campos, [{ campo: 'archivo', nombre: 'detalle.xlsx', contenido }]);
  return e.app.inject({
    method: 'POST',
    url: '/api/Movimiento/RegistrarDetalleMovimientoEspecial',
    payload: c.payload,
    headers: { ...c.headers, authorization: `Bearer ${sesion.token}` },
  });
};

describe('RegistrarDetalleMovimientoEspecial', () => {
  const interno = (i: number) => `P${base.empresa.codigoEmpresaUsuario}-${i}`;
  it('offers the template', async () => {
    const r = await s.get('/api/Movimiento/PlantillaDetalleMovimientoEspecial');
    expect(r.statusCode).toBe(200);
    const l = new ExcelJS.Workbook();
    await l.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    expect(l.worksheets[0]?.getRow(1).getCell(1).value).toBe('TIPO_DOCUMENTO');
  });

  it('reports errors per row and saves nothing, then saves a right file whole', async () => {
    const lineas = async () =>
      (
        await e.db.select({ n: count() }).from(movimientoDetalle).where(eq(movimientoDetalle.codigoMovimiento, codigo))
      )[0]?.n;
    const antes = await lineas();
    const mala = await cargarExcel(
      s,
      await libro([
        ['1', 'F001-77', '1', '20100070970', 'SUPERMERCADOS PERUANOS S.A.', interno(2), 5, 10, 1],
        ['1', 'F001-77', '1', '20100070971', 'SUPERMERCADOS PERUANOS S.A.', 'NOEXISTE', 0, 10, 1],
        ['1', 'F001-77', '1', '20100070970', 'SUPERMERCADOS PERUANOS S.A.', interno(2), 5, 10, 1],
      ]),
    );
    expect(mala.statusCode).toBe(422);
    const { errors } = mala.json();
    expect(Object.keys(errors).sort()).toEqual(['fila 3', 'fila 4']);
    expect(errors['fila 3'].join(' ')).toContain('NOEXISTE');
    expect(errors['fila 4']).toEqual([M.productoDuplicado]);
    expect(await lineas()).toBe(antes);
    const buena = await cargarExcel(
      s,
      await libro([
        ['1', 'F001-77', '1', '20100070970', 'SUPERMERCADOS PERUANOS S.A.', interno(2), 5, 10, 1],
        ['1', 'F001-77', '1', '20100070970', 'SUPERMERCADOS PERUANOS S.A.', interno(3), 2, 4, 1.5],
        ['6', 'INV-9', '2', 'US-998877', 'ACME INC', interno(2), 1, 1, 100],
      ]),
    );
    expect(buena.statusCode).toBe(200);
    expect(buena.json().data).toEqual({ documentos: 2, productos: 3 });
    expect(await lineas()).toBe((antes ?? 0) + 3);
  });

  it('refuses a company without the flag and a file that is not an xlsx', async () => {
    const otra = await prepararEmpresa(e);
    await crearPersona(e);
    const so = await e.sesion(8, otra.empresa.codigoEmpresaUsuario);
    const m = await so.post('/api/Movimiento/GuardarMovimiento', { data: ordenVehicular(otra.productos.slice(0, 1)) });
    const r = await cargarExcel(so, await libro([['1', 'X', '1', '20100070970', 'A', 'x', 1, 1, 1]]), {
      CodigoMovimiento: m.json().data.codigoMovimiento,
    });
    expect(r.statusCode).toBe(403);
    expect((await cargarExcel(s, MUESTRAS.pdf())).statusCode).toBe(415);
  });
});

describe('levante query', () => {
  it('reads the declaration page through the provider', async () => {
    const r = await s.get('/api/Movimiento/ConsultarLevante?NumeroDeclaracion=172-2026-10-4512');
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject({
      numero: '172-2026-10-004512',
      fecha_numeracion: '15/10/2026',
      valorFob: 12500.5,
      peso_bruto: 1000,
      total_bultos: 40,
      cif: 13421,
      numero_importador: '20603547897',
    });
    expect((await s.get('/api/Movimiento/ConsultarLevante?NumeroDeclaracion=118-2026-10-1')).json().success).toBe(
      false,
    );
  });
  it('refuses a number without four parts', async () => {
    const r = await s.get('/api/Movimiento/ConsultarLevante?NumeroDeclaracion=172-2026-4512');
    expect(r.statusCode).toBe(422);
    expect(r.json().errors.NumeroDeclaracion).toEqual([M.levanteFormato]);
  });
});
