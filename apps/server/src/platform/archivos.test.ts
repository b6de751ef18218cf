import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cuerpoMultipart, MUESTRAS } from '../../test/multipart';
import { type ArchivoGuardado, conArchivos, enviarArchivo, leerMultipart, MB, type ReglaArchivo } from './archivos';
import { AppError } from './errores';
import { manejoErrores } from './manejo-errores';

const REGLA: ReglaArchivo = {
  tipos: ['pdf', 'jpg'],
  maxBytes: 1 * MB,
  mensajeTamanio: 'Error! El archivo excede los 1MB!',
  mensajeTipo: 'El archivo en formato no admitido',
};

let dir: string;
let app: FastifyInstance;
let guardados: ArchivoGuardado[] = [];

/** Every file below the directory (a failed upload must leave nothing). */
const archivosEnDisco = (d = dir): string[] =>
  readdirSync(d, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? archivosEnDisco(join(d, e.name)) : [join(d, e.name)],
  );

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cronos-archivos-'));
  app = Fastify();
  await app.register(manejoErrores);
  await app.register(multipart);
  app.post('/subir', async (req) => {
    const { campos, archivos } = await leerMultipart(req, dir, { archivo: { ...REGLA, maxArchivos: 2 } });
    return conArchivos(dir, archivos, async () => {
      if (campos.fallar === 'si') throw new AppError(422, 'Falla de la transacción');
      guardados.push(...archivos);
      return { campos, archivos };
    });
  });
  app.get('/bajar/:i', async (req, reply) => {
    const a = guardados[Number((req.params as { i: string }).i)];
    if (!a) throw new AppError(404, 'no');
    return enviarArchivo(reply, dir, a);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

const subir = (campos: Record<string, string>, archivos: Parameters<typeof cuerpoMultipart>[1]) =>
  app.inject({ method: 'POST', url: '/subir', ...cuerpoMultipart(campos, archivos) });

describe('leerMultipart', () => {
  it('stores a PDF under a generated name with its type from the content', async () => {
    guardados = [];
    const r = await subir({ CodigoMovimiento: '5' }, [
      { campo: 'archivo', nombre: '../../etc/factura<1>.pdf', contenido: MUESTRAS.pdf(2000) },
    ]);
    expect(r.statusCode).toBe(200);
    const { archivos, campos } = r.json();
    expect(campos).toEqual({ CodigoMovimiento: '5' });
    expect(archivos[0]).toMatchObject({
      nombreArchivo: 'factura_1_.pdf',
      tipo: 'pdf',
      tipoContenido: 'application/pdf',
      tamanio: 2000,
    });
    expect(archivos[0].rutaArchivo).toMatch(/^\d{4}\/\d{2}\/[0-9a-f-]{36}\.pdf$/);
    expect(statSync(join(dir, archivos[0].rutaArchivo)).size).toBe(2000);
  });

  it('accepts exactly the limit and refuses one byte more with the rule message, leaving nothing', async () => {
    const antes = archivosEnDisco().length;
    expect((await subir({}, [{ campo: 'archivo', nombre: 'a.pdf', contenido: MUESTRAS.pdf(MB) }])).statusCode).toBe(
      200,
    );
    const r = await subir({}, [{ campo: 'archivo', nombre: 'b.pdf', contenido: MUESTRAS.pdf(MB + 1) }]);
    expect(r.statusCode).toBe(413);
    expect(r.json().message).toBe('Error! El archivo excede los 1MB!');
    expect(archivosEnDisco().length).toBe(antes + 1);
  });

  it('refuses a renamed executable whatever its name and declared type', async () => {
    const antes = archivosEnDisco().length;
    const r = await subir({}, [
      { campo: 'archivo', nombre: 'factura.pdf', contenido: MUESTRAS.exe(), tipo: 'application/pdf' },
    ]);
    expect(r.statusCode).toBe(415);
    expect(r.json().message).toBe('El archivo en formato no admitido');
    const png = await subir({}, [{ campo: 'archivo', nombre: 'foto.jpg', contenido: MUESTRAS.png() }]);
    expect(png.statusCode).toBe(415);
    expect(archivosEnDisco().length).toBe(antes);
  });

  it('a failure after the upload removes every file of the request', async () => {
    const antes = archivosEnDisco().length;
    const r = await subir({ fallar: 'si' }, [
      { campo: 'archivo', nombre: 'a.pdf', contenido: MUESTRAS.pdf() },
      { campo: 'archivo', nombre: 'b.jpg', contenido: MUESTRAS.jpg() },
    ]);
    expect(r.statusCode).toBe(422);
    expect(archivosEnDisco().length).toBe(antes);
  });

  it('refuses a missing file, too many files, and files in unknown fields', async () => {
    const antes = archivosEnDisco().length;
    expect((await subir({ a: '1' }, [])).statusCode).toBe(422);
    const tres = [1, 2, 3].map((i) => ({ campo: 'archivo', nombre: `${i}.pdf`, contenido: MUESTRAS.pdf() }));
    expect((await subir({}, tres)).statusCode).toBe(422);
    expect((await subir({}, [{ campo: 'otro', nombre: 'x.pdf', contenido: MUESTRAS.pdf() }])).statusCode).toBe(422);
    expect(archivosEnDisco().length).toBe(antes);
  });

  it('a cut upload (client gone mid-file) leaves no file', async () => {
    const antes = archivosEnDisco().length;
    const { payload, headers } = cuerpoMultipart({}, [
      { campo: 'archivo', nombre: 'grande.pdf', contenido: MUESTRAS.pdf(600_000) },
    ]);
    const direccion = app.server.address() as { port: number };
    await new Promise<void>((listo) => {
      const s = connect(direccion.port, '127.0.0.1', () => {
        s.write(
          `POST /subir HTTP/1.1\r\nHost: x\r\nContent-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\n\r\n`,
        );
        s.write(payload.subarray(0, 300_000), () => setTimeout(() => s.destroy(), 50));
      });
      s.on('close', () => listo());
      s.on('error', () => listo());
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(archivosEnDisco().length).toBe(antes);
  });
});

describe('enviarArchivo', () => {
  it('downloads with the detected type, attachment and no sniffing', async () => {
    guardados = [];
    await subir({}, [{ campo: 'archivo', nombre: 'Guía ñandú.pdf', contenido: MUESTRAS.pdf(1500) }]);
    const r = await app.inject({ url: '/bajar/0' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['content-disposition']).toBe(
      `attachment; filename="Gu_a _and_.pdf"; filename*=UTF-8''${encodeURIComponent('Guía ñandú.pdf')}`,
    );
    expect(r.rawPayload.length).toBe(1500);
  });
});
