import { rmSync } from 'node:fs';
import { connect } from 'node:net';
import {
  MENSAJES_ADMINISTRACION,
  MENSAJES_CATALOGO,
  MENSAJES_CERTIFICADO,
  MENSAJES_ETAPAS,
  MENSAJES_MOVIMIENTO,
} from '@cronos/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directorioTemporal } from './fabricas-movimiento';
import { MB } from '../src/platform/archivos';
import { crearEntorno, type Entorno } from './entorno';
import { MUESTRAS } from './multipart';

/**
 * Every upload endpoint refuses an oversized file while the bytes arrive: the answer (413 with the rule's
 * message) comes while the client is still sending, never after the whole body was received. Two ways in:
 * a declared Content-Length over the limit (refused before any byte of the body is read) and a chunked body
 * without a length (refused at the first byte past the limit). The client below sends just past the limit
 * and then waits without ending the body: a server that reads the whole body never answers.
 */
let e: Entorno;
let dir: string;
let token: string;
let puerto: number;

beforeAll(async () => {
  dir = directorioTemporal();
  e = await crearEntorno({ env: { DATA_DIR: dir } });
  token = (await e.sesion(1, 1)).token;
  await e.app.listen({ port: 0, host: '127.0.0.1' });
  puerto = (e.app.server.address() as { port: number }).port;
});
afterAll(async () => {
  e.app.server.closeAllConnections();
  await e.cerrar();
  rmSync(dir, { recursive: true, force: true });
});

interface Respuesta {
  estado: number;
  texto: string;
  /** Body bytes the client had sent when the answer arrived. */
  enviados: number;
}

/**
 * Sends a multipart upload of `bytes` file bytes (PDF header, then padding) without ever ending the body,
 * and resolves with the first answer; rejects after 10 s without one.
 */
function enviarSinTerminar(
  ruta: string,
  campo: string,
  bytes: number,
  declarado: number | null,
  muestra: 'pdf' | 'jpg' = 'pdf',
) {
  const limite = '----cronoslimite';
  const cabeza = Buffer.from(
    `--${limite}\r\nContent-Disposition: form-data; name="${campo}"; filename="grande.${muestra}"\r\nContent-Type: ${muestra === 'pdf' ? 'application/pdf' : 'image/jpeg'}\r\n\r\n`,
  );
  return new Promise<Respuesta>((resolver, rechazar) => {
    let enviados = 0;
    let recibido = '';
    const trozosRecibidos: Buffer[] = [];
    let terminado = false;
    const s = connect(puerto, '127.0.0.1');
    const fin = (error?: Error, r?: Respuesta) => {
      if (terminado) return;
      terminado = true;
      clearTimeout(reloj);
      s.destroy();
      if (error) rechazar(error);
      else if (r) resolver(r);
    };
    const reloj = setTimeout(
      () => fin(new Error(`sin respuesta tras enviar ${enviados} bytes: el servidor espera el cuerpo entero`)),
      10_000,
    );
    s.on('error', (err) => {
      if (recibido) return;
      fin(err);
    });
    s.on('data', (d) => {
      trozosRecibidos.push(d);
      recibido = Buffer.concat(trozosRecibidos).toString('utf8');
      if (recibido.indexOf('\r\n\r\n') < 0 || !recibido.includes('}')) return;
      fin(undefined, { estado: Number(recibido.slice(9, 12)), texto: recibido, enviados });
    });
    const trozo = (b: Buffer) =>
      declarado === null ? Buffer.concat([Buffer.from(`${b.length.toString(16)}\r\n`), b, Buffer.from('\r\n')]) : b;
    s.on('connect', async () => {
      s.write(
        `POST ${ruta} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n` +
          `Content-Type: multipart/form-data; boundary=${limite}\r\n` +
          (declarado === null ? 'Transfer-Encoding: chunked\r\n' : `Content-Length: ${declarado}\r\n`) +
          '\r\n',
      );
      s.write(trozo(cabeza));
      enviados += cabeza.length;
      const primero = MUESTRAS[muestra](64 * 1024);
      const relleno = Buffer.alloc(256 * 1024, 0x20);
      let archivo = 0;
      while (archivo < bytes && !terminado) {
        const b = archivo === 0 ? primero : relleno.subarray(0, Math.min(relleno.length, bytes - archivo));
        archivo += b.length;
        enviados += b.length;
        if (!s.write(trozo(b))) await new Promise((r) => s.once('drain', r));
      }
      // The body is never ended: the client waits for the answer.
    });
  });
}

/**
 * `limite` per file; `archivos`: how many files the endpoint takes in one request (its whole body's bound);
 * `muestra`: the kind of file it takes (a field of images checks the first bytes while they stream and would refuse
 * a PDF by its type before its size).
 */
const ENDPOINTS: {
  ruta: string;
  campo: string;
  limite: number;
  archivos?: number;
  mensaje: string;
  muestra?: 'pdf' | 'jpg';
}[] = [
  {
    ruta: '/api/Movimiento/CargarArchivoTemporal',
    campo: 'files',
    limite: 8 * MB,
    mensaje: MENSAJES_MOVIMIENTO.excede8,
  },
  {
    ruta: '/api/Movimiento/GuardarImagenMovimiento?Categoria=sustento',
    campo: 'files',
    limite: 8 * MB,
    archivos: 10,
    mensaje: MENSAJES_MOVIMIENTO.excede8,
  },
  {
    ruta: '/api/Movimiento/GuardarImagenMovimiento?Categoria=panel',
    campo: 'files',
    limite: 25 * MB,
    archivos: 10,
    mensaje: MENSAJES_MOVIMIENTO.excede25,
  },
  {
    ruta: '/api/Movimiento/RegistrarDetalleMovimientoEspecial',
    campo: 'archivo',
    limite: 2 * MB,
    mensaje: 'El archivo excede los 2MB!',
  },
  {
    ruta: '/api/Verificacion/AgregarVerificacionImagenesPrueba',
    campo: 'files',
    limite: 10 * MB,
    archivos: 20,
    mensaje: MENSAJES_ETAPAS.archivoExcede(10),
    muestra: 'jpg',
  },
  {
    ruta: '/api/Movimiento/AgregarVerificacionImagen',
    campo: 'files',
    limite: 7 * MB,
    archivos: 20,
    mensaje: 'Error, Archivo supera el máximo permitido - 7MB',
    muestra: 'jpg',
  },
  {
    ruta: '/api/EmpresaListaBlanca/GuardarEmpresaListaBlanca',
    campo: 'archivo',
    limite: 1 * MB,
    mensaje: MENSAJES_ADMINISTRACION.pdfTamanio,
  },
  {
    ruta: '/api/Movimiento/AgregarDocumentoSustentoActa',
    campo: 'Archivo',
    limite: 500 * 1024,
    mensaje: MENSAJES_CERTIFICADO.excede500,
  },
  {
    ruta: '/api/CatalogoUsuario/RegistrarCatalogoMasivo',
    campo: 'archivo',
    limite: 1 * MB,
    mensaje: MENSAJES_CATALOGO.excede1024,
  },
];

describe('every upload endpoint refuses an oversized file before the whole body is read', () => {
  for (const x of ENDPOINTS) {
    it(`${x.ruta}: a declared length over the limit is refused before the body is read`, async () => {
      const r = await enviarSinTerminar(x.ruta, x.campo, 128 * 1024, x.limite * (x.archivos ?? 1) + 2 * MB, x.muestra);
      expect(r.estado).toBe(413);
      expect(r.texto).toContain(x.mensaje);
    });

    it(`${x.ruta}: a chunked body is refused at the first bytes past the limit`, async () => {
      const r = await enviarSinTerminar(x.ruta, x.campo, x.limite + 512 * 1024, null, x.muestra);
      expect(r.estado).toBe(413);
      expect(r.texto).toContain(x.mensaje);
      expect(r.enviados).toBeLessThan(x.limite + 2 * MB);
    });
  }
});
