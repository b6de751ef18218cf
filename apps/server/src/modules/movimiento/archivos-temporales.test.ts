import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MENSAJES_MOVIMIENTO as M } from '@cronos/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { cuerpoMultipart, MUESTRAS } from '../../../test/multipart';
import { movimiento, movimientoArchivo } from '../../db/schema';
import { limpiarSubidasCortadas } from '../../platform/archivos';
import { limpiarTemporalesOrden, VIGENCIA_TEMPORAL_MS } from './archivos-temporales';
import {
  archivosEnDisco,
  directorioTemporal,
  ordenVehicular,
  prepararEmpresa,
} from '../../../test/fabricas-movimiento';

let e: Entorno;
let dir: string;
let archivosDir: string;
let base: Awaited<ReturnType<typeof prepararEmpresa>>;
let s: Awaited<ReturnType<Entorno['sesion']>>;

beforeAll(async () => {
  dir = directorioTemporal();
  archivosDir = join(dir, 'archivos');
  e = await crearEntorno({ env: { DATA_DIR: dir } });
  base = await prepararEmpresa(e);
  s = await e.sesion(8, base.empresa.codigoEmpresaUsuario);
});
afterAll(async () => {
  await e.cerrar();
  rmSync(dir, { recursive: true, force: true });
});

const multipart = (
  url: string,
  sesion: typeof s,
  campos: Record<string, string | number>,
  archivos: Parameters<typeof cuerpoMultipart>[1],
) => {
  const c = cuerpoMultipart(campos, archivos);
  return e.app.inject({
    method: 'POST',
    url,
    payload: c.payload,
    headers: { ...c.headers, authorization: `Bearer ${sesion.token}` },
  });
};
const cargarTemporal = (sesion: typeof s, nombre: string, contenido: Buffer) =>
  multipart('/api/Movimiento/CargarArchivoTemporal', sesion, {}, [{ campo: 'files', nombre, contenido }]);
const ordenes = async () => (await e.db.select({ n: count() }).from(movimiento))[0]?.n ?? 0;
const filasArchivo = async () => (await e.db.select({ n: count() }).from(movimientoArchivo))[0]?.n ?? 0;
const registrar = (archivosTemporales: string[], sesion = s) =>
  sesion.post('/api/Movimiento/GuardarMovimiento', {
    data: { ...ordenVehicular(base.productos.slice(0, 1)), archivosTemporales },
  });

describe('supporting documents of the creation form (checked when chosen, saved with the order)', () => {
  it('refuses a disguised executable by content when it is chosen, keeping nothing', async () => {
    const antes = archivosEnDisco(archivosDir).length;
    const r = await cargarTemporal(s, 'factura.jpg', MUESTRAS.exe(4000));
    expect(r.statusCode).toBe(415);
    expect(r.json().message).toBe(M.formatoNoAdmitido);
    expect(archivosEnDisco(archivosDir).length).toBe(antes);
  });

  it('keeps a good file for real, then saves it with the order in one step', async () => {
    const pdf = await cargarTemporal(s, 'guia.pdf', MUESTRAS.pdf(3000));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.json().message).toBe(M.archivoTemporal);
    const { codigoArchivoTemporal, nombreArchivo } = pdf.json().data;
    expect(nombreArchivo).toBe('guia.pdf');
    const r = await registrar([codigoArchivoTemporal]);
    expect(r.statusCode).toBe(200);
    const codigo = r.json().data.codigoMovimiento;
    const lista = (await s.get(`/api/Balanza/ConsutarArchivo?CodigoMovimiento=${codigo}`)).json().data;
    expect(lista.map((a: { nombreArchivo: string }) => a.nombreArchivo)).toEqual(['guia.pdf']);
    const bajada = await s.get(lista[0].rutaArchivo);
    expect(bajada.statusCode).toBe(200);
    expect(bajada.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // One code serves one order: sent again, the second order is refused whole, naming the file.
    const antes = await ordenes();
    const otra = await registrar([codigoArchivoTemporal]);
    expect(otra.statusCode).toBe(422);
    expect(otra.json().message).toBe(M.archivoNoDisponible('N° 1'));
    expect(otra.json().errors).toHaveProperty('archivosTemporales.0');
    expect(await ordenes()).toBe(antes);
  });

  it("a missing, unknown or another user's file refuses the order and loses none of the others", async () => {
    const bueno = (await cargarTemporal(s, 'bueno.pdf', MUESTRAS.pdf())).json().data.codigoArchivoTemporal;
    const otro = await e.sesion(8, base.empresa.codigoEmpresaUsuario);
    const ajeno = (await cargarTemporal(otro, 'ajeno.pdf', MUESTRAS.pdf())).json().data.codigoArchivoTemporal;
    const antes = { ordenes: await ordenes(), filas: await filasArchivo() };
    const r = await registrar([bueno, ajeno]);
    expect(r.statusCode).toBe(422);
    expect(r.json().message).toBe(M.archivoNoDisponible('N° 2'));
    const inventado = await registrar([bueno, '9b2f3c1e-0000-4000-8000-000000000000']);
    expect(inventado.statusCode).toBe(422);
    expect(inventado.json().errors).toHaveProperty('archivosTemporales.1');
    expect({ ordenes: await ordenes(), filas: await filasArchivo() }).toEqual(antes);
    // The good file is still there: the next attempt without the missing one saves it.
    const ok = await registrar([bueno]);
    expect(ok.statusCode).toBe(200);
    expect(await filasArchivo()).toBe(antes.filas + 1);
  });

  it('a refused order (bad data) gives the files back for the corrected attempt', async () => {
    const codigoTemp = (await cargarTemporal(s, 'x.pdf', MUESTRAS.pdf())).json().data.codigoArchivoTemporal;
    const malo = await s.post('/api/Movimiento/GuardarMovimiento', {
      data: { ...ordenVehicular([999_999]), archivosTemporales: [codigoTemp] },
    });
    expect(malo.statusCode).toBe(422);
    expect((await registrar([codigoTemp])).statusCode).toBe(200);
  });

  it('a file never used is removed after a day; one already saved with an order is kept', async () => {
    const usado = (await cargarTemporal(s, 'usado.pdf', MUESTRAS.pdf())).json().data.codigoArchivoTemporal;
    expect((await registrar([usado])).statusCode).toBe(200);
    const antes = new Set(archivosEnDisco(archivosDir));
    const suelto = (await cargarTemporal(s, 'suelto.pdf', MUESTRAS.pdf())).json().data.codigoArchivoTemporal;
    const nuevos = archivosEnDisco(archivosDir).filter((a) => !antes.has(a));
    expect(nuevos).toHaveLength(2); // the file and its note
    expect(await limpiarTemporalesOrden(e.db, archivosDir)).toBe(0);
    await limpiarTemporalesOrden(e.db, archivosDir, Date.now() + VIGENCIA_TEMPORAL_MS + 60_000);
    for (const a of nuevos) expect(existsSync(a)).toBe(false);
    const r = await registrar([suelto]);
    expect(r.statusCode).toBe(422);
    const guardados = await e.db.select().from(movimientoArchivo);
    for (const g of guardados) expect(existsSync(join(archivosDir, g.rutaArchivo))).toBe(true);
  });
});

describe('ticket number of every order (numeroTicket)', () => {
  it('numbers each order created through the form, unique under concurrent saves, found by the images search', async () => {
    const respuestas = await Promise.all(
      Array.from({ length: 8 }, () =>
        s.post('/api/Movimiento/GuardarMovimiento', { data: ordenVehicular(base.productos.slice(0, 1)) }),
      ),
    );
    expect(respuestas.every((r) => r.statusCode === 200)).toBe(true);
    const filas = await Promise.all(
      respuestas.map(async (r) => {
        const [m] = await e.db
          .select({ codigoIngreso: movimiento.codigoIngreso, numeroTicket: movimiento.numeroTicket })
          .from(movimiento)
          .where(eq(movimiento.codigoMovimiento, r.json().data.codigoMovimiento));
        return m;
      }),
    );
    const tickets = filas.map((f) => f?.numeroTicket);
    expect(tickets.every((t) => /^\d{9}$/.test(t ?? ''))).toBe(true);
    expect(new Set(tickets).size).toBe(tickets.length);
    for (const f of filas) expect(f?.codigoIngreso.slice(2)).toBe(f?.numeroTicket?.slice(2));
    const operador = await e.sesion(1, 1);
    const busqueda = await operador.get(`/api/Verificacion/ListarVerficacionImagenes?NumeroTicket=${tickets[0]}`);
    expect(busqueda.statusCode).toBe(200);
    expect(busqueda.json().data.codigoIngreso).toBe(filas[0]?.codigoIngreso);
  });
});

describe('stored and served names take the type read from the content', () => {
  it("a JPEG sent as 'poli.html' is kept and downloaded as 'poli.jpg'", async () => {
    const codigo = (await registrar([])).json().data.codigoMovimiento;
    const r = await multipart(
      '/api/Movimiento/GuardarImagenMovimiento?Categoria=sustento',
      s,
      { CodigoMovimiento: codigo },
      [{ campo: 'files', nombre: 'poli.html', contenido: MUESTRAS.jpg(2000), tipo: 'text/html' }],
    );
    expect(r.statusCode).toBe(200);
    expect(r.json().data[0].nombreArchivo).toBe('poli.jpg');
    const bajada = await s.get(
      `/api/Movimiento/DescargarArchivo?CodigoMovimientoArchivo=${r.json().data[0].codigoMovimientoArchivo}`,
    );
    expect(bajada.headers['content-type']).toBe('image/jpeg');
    expect(bajada.headers['content-disposition']).toContain('filename="poli.jpg"');
    // A row stored before this rule (name still '.html') is also served with the type's extension.
    await e.db
      .update(movimientoArchivo)
      .set({ nombreArchivo: 'viejo.html' })
      .where(eq(movimientoArchivo.codigoMovimientoArchivo, r.json().data[0].codigoMovimientoArchivo));
    const vieja = await s.get(
      `/api/Movimiento/DescargarArchivo?CodigoMovimientoArchivo=${r.json().data[0].codigoMovimientoArchivo}`,
    );
    expect(vieja.headers['content-disposition']).toContain('filename="viejo.jpg"');
    const temporal = await cargarTemporal(s, 'foto.exe', MUESTRAS.jpg(2000));
    expect(temporal.json().data.nombreArchivo).toBe('foto.jpg');
  });
});

describe('uploads cut by a crash', () => {
  it('a file half-written by a process killed with SIGKILL is removed at the next start; a live upload is not', async () => {
    const otroDir = directorioTemporal();
    const temporal = join(otroDir, 'archivos', 'temporal');
    mkdirSync(temporal, { recursive: true });
    // A separate process writes an upload the way the server does, and is killed mid-stream.
    const hijo = spawn(
      process.execPath,
      [
        '-e',
        `const fs=require('node:fs');const { threadId } = require('node:worker_threads');
         const f=fs.createWriteStream(require('node:path').join(process.argv[1], process.pid+'-'+threadId+'-0b6c4a1e-1f1e-4c1e-8e1e-1a2b3c4d5e6f.subiendo'));
         f.write(Buffer.alloc(65536, 32), () => { console.log('escribiendo'); setInterval(() => f.write(Buffer.alloc(1024, 32)), 5); });`,
        temporal,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((listo) => hijo.stdout?.once('data', () => listo()));
    hijo.kill('SIGKILL');
    await new Promise((r) => hijo.once('exit', r));
    // An upload of another live process (this one, another thread id) is in progress: it stays.
    const vivo = join(temporal, `${process.pid}-987654-5d1f7c1e-2a2b-4c3d-8e4f-5a6b7c8d9e0f.subiendo`);
    writeFileSync(vivo, 'x');
    // Written where older versions put them (next to the stored files).
    mkdirSync(join(otroDir, 'archivos', '2026', '01'), { recursive: true });
    writeFileSync(join(otroDir, 'archivos', '2026', '01', 'antiguo.subiendo'), 'x');
    expect(readdirSync(temporal).length).toBe(2);
    const otro = await crearEntorno({ env: { DATA_DIR: otroDir } });
    try {
      expect(readdirSync(temporal)).toEqual([vivo.split('/').pop()]);
      expect(existsSync(join(otroDir, 'archivos', '2026', '01', 'antiguo.subiendo'))).toBe(false);
      // Periodically, a file of a live process is removed once it is older than an upload can last.
      expect(await limpiarSubidasCortadas(join(otroDir, 'archivos'), { edadMs: -1 })).toBe(1);
    } finally {
      await otro.cerrar();
      rmSync(otroDir, { recursive: true, force: true });
    }
  });
});
