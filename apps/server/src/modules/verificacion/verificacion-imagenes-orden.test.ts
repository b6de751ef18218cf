import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MENSAJES_ETAPAS } from '@cronos/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { fabricaEtapas, JPEG_MINIMO, multipart } from '../../../test/fabricas-etapas';
import { logSistema, movimiento, movimientoArchivo, verificacionImagen } from '../../db/schema';

/** POST /Verificacion/AgregarVerificacionImagenes: the order's uploaded photos become the verification's. */
let e: Entorno;
let f: ReturnType<typeof fabricaEtapas>;
const dir = mkdtempSync(join(tmpdir(), 'cronos-verif-json-'));
type Sesion = Awaited<ReturnType<Entorno['sesion']>>;
let balanza: Sesion;
let empresa: number;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const RUTA = '/api/Verificacion/AgregarVerificacionImagenes';

beforeAll(async () => {
  e = await crearEntorno({ env: { DATA_DIR: dir } });
  f = fabricaEtapas(e.db);
  empresa = (await e.crearEmpresa()).codigoEmpresaUsuario;
  balanza = await e.sesion(4, 1);
});
afterAll(async () => {
  await e.cerrar();
  rmSync(dir, { recursive: true, force: true });
});

async function subirAOrden(s: Sesion, codigoMovimiento: number, nombre: string, contenido: Buffer, tipo: string) {
  const m = multipart({ CodigoMovimiento: codigoMovimiento }, [{ campo: 'files', nombre, contenido, tipo }]);
  const r = await e.app.inject({
    method: 'POST',
    url: '/api/Movimiento/GuardarImagenMovimiento?Categoria=sustento',
    headers: { ...m.headers, authorization: `Bearer ${s.token}` },
    payload: m.payload,
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data[0].codigoMovimientoArchivo as number;
}

/** An order at state 3 with its files (two photos and a PDF) and, unless told, its entry verification saved. */
async function ordenConArchivos(guardarVerificacion = true, codigoEmpresaUsuario = empresa) {
  const m = await f.crearMovimiento({ codigoEmpresaUsuario, codigoEstadoMovimiento: 3 });
  const fotos = [
    await subirAOrden(balanza, m.codigoMovimiento, 'frente.jpg', JPEG_MINIMO, 'image/jpeg'),
    await subirAOrden(balanza, m.codigoMovimiento, 'lateral.jpg', JPEG_MINIMO, 'image/jpeg'),
  ];
  const pdf = await subirAOrden(balanza, m.codigoMovimiento, 'factura.pdf', PDF, 'application/pdf');
  let codigoVerificacionTipoControl = 0;
  if (guardarVerificacion) {
    const v = await balanza.post('/api/Verificacion/GuardarVerificacionTipoControlIngreso', {
      data: {
        codigoMovimiento: m.codigoMovimiento,
        codigoTipoCarga: 1,
        codigoTipoControl: 3,
        numerobultosVerificado: '10',
        detalleTipoControl: [],
      },
    });
    expect(v.statusCode, v.body).toBe(200);
    codigoVerificacionTipoControl = v.json().data;
  }
  return { m, fotos, pdf, codigoVerificacionTipoControl };
}

const cuerpo = (codigoMovimiento: number, ids: number[], extra: Record<string, unknown> = {}) => ({
  data: {
    codigoMovimiento,
    codigoTipoControl: 3,
    usuarioRegistro: 'quien sea',
    imagenes: ids.map((codigoMovimientoArchivo) => ({ codigoMovimientoArchivo })),
    ...extra,
  },
});

/** Rows a refusal must not add. */
async function conteos() {
  const [i] = await e.db.select({ n: count() }).from(verificacionImagen);
  const [a] = await e.db.select({ n: count() }).from(logSistema).where(eq(logSistema.tipo, 'VERIFICACION_IMAGENES'));
  return { imagenes: i?.n ?? 0, auditoria: a?.n ?? 0 };
}

describe('AgregarVerificacionImagenes (JSON)', () => {
  it('registra como imágenes de la verificación copias de las fotos ya cargadas a la orden, con una fila de auditoría', async () => {
    const o = await ordenConArchivos();
    const antes = await conteos();
    const r = await balanza.post(
      RUTA,
      cuerpo(o.m.codigoMovimiento, o.fotos, { codigoVerificacionTipoControl: o.codigoVerificacionTipoControl }),
    );
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      success: true,
      message: MENSAJES_ETAPAS.cargaExitosa,
      data: { codigoVerificacionTipoControl: o.codigoVerificacionTipoControl, imagenes: 2 },
    });
    expect(await conteos()).toEqual({ imagenes: antes.imagenes + 2, auditoria: antes.auditoria + 1 });
    const filas = await e.db
      .select()
      .from(verificacionImagen)
      .where(eq(verificacionImagen.codigoMovimiento, o.m.codigoMovimiento));
    expect(
      filas.map((x) => [x.codigoMovimientoArchivo, x.nombreArchivo, x.tipoContenido, x.codigoTipoControl]),
    ).toEqual([
      [o.fotos[0], 'frente.jpg', 'image/jpeg', 3],
      [o.fotos[1], 'lateral.jpg', 'image/jpeg', 3],
    ]);
    const originales = await e.db
      .select()
      .from(movimientoArchivo)
      .where(eq(movimientoArchivo.codigoMovimiento, o.m.codigoMovimiento));
    for (const x of filas) {
      expect(originales.map((a) => a.rutaArchivo)).not.toContain(x.rutaArchivo);
      expect(existsSync(join(dir, 'archivos', x.rutaArchivo))).toBe(true);
    }

    // They count as the verification's photos: the images screen lists them and Finalizar accepts them.
    const lista = await balanza.get(`/api/Verificacion/ListarVerficacionImagenes?CodigoIngreso=${o.m.codigoIngreso}`);
    expect(lista.json().data.imagenesEntrada).toHaveLength(2);
    const fin = await balanza.post('/api/Verificacion/FinalizarVerificacion', {
      data: { codigoMovimiento: o.m.codigoMovimiento, codigoTipoControl: 3 },
    });
    expect(fin.statusCode, fin.body).toBe(200);

    // Deleting the order's file later leaves the verification's copy.
    const admin = await e.sesion(1, 1);
    const borrar = await admin.post('/api/Movimiento/EliminarMovimientoArchivo', {
      data: { CodigoMovimientoArchivo: o.fotos[0] },
    });
    expect(borrar.statusCode, borrar.body).toBe(200);
    const foto = await balanza.get(lista.json().data.imagenesEntrada[0].rutaArchivo);
    expect(foto.statusCode).toBe(200);
    expect(foto.headers['content-type']).toBe('image/jpeg');
  });

  it('la búsqueda de imágenes de una orden lista solo las suyas, aunque otras órdenes tengan fotos', async () => {
    const a = await ordenConArchivos();
    const b = await ordenConArchivos();
    const sinVerificar = await ordenConArchivos(false);
    expect((await balanza.post(RUTA, cuerpo(a.m.codigoMovimiento, [a.fotos[0] ?? 0]))).statusCode).toBe(200);
    expect((await balanza.post(RUTA, cuerpo(b.m.codigoMovimiento, b.fotos))).statusCode).toBe(200);
    const de = async (codigo: string) =>
      (await balanza.get(`/api/Verificacion/ListarVerficacionImagenes?CodigoIngreso=${codigo}`)).json().data;
    const la = await de(a.m.codigoIngreso);
    expect([la.codigoMovimiento, la.codigoVerificacionTipoControlEntrada]).toEqual([
      a.m.codigoMovimiento,
      a.codigoVerificacionTipoControl,
    ]);
    expect(la.imagenesEntrada.map((i: { nombreArchivo: string }) => i.nombreArchivo)).toEqual(['frente.jpg']);
    expect(la.imagenesSalida).toEqual([]);
    const lb = await de(b.m.codigoIngreso);
    expect(lb.codigoVerificacionTipoControlEntrada).toBe(b.codigoVerificacionTipoControl);
    expect(lb.imagenesEntrada.map((i: { nombreArchivo: string }) => i.nombreArchivo)).toEqual([
      'frente.jpg',
      'lateral.jpg',
    ]);
    const ids = [...la.imagenesEntrada, ...lb.imagenesEntrada].map(
      (i: { codigoVerificacionImagen: number }) => i.codigoVerificacionImagen,
    );
    expect(new Set(ids).size).toBe(3);
    const ninguna = await de(sinVerificar.m.codigoIngreso);
    expect([ninguna.codigoMovimiento, ninguna.imagenesEntrada, ninguna.imagenesSalida]).toEqual([0, [], []]);
  });

  it('rechaza una imagen ya agregada a la verificación sin agregar nada (409)', async () => {
    const o = await ordenConArchivos();
    expect((await balanza.post(RUTA, cuerpo(o.m.codigoMovimiento, [o.fotos[0] ?? 0]))).statusCode).toBe(200);
    const antes = await conteos();
    const otra = await balanza.post(RUTA, cuerpo(o.m.codigoMovimiento, o.fotos));
    expect([otra.statusCode, otra.json().message]).toEqual([409, MENSAJES_ETAPAS.imagenesYaAgregadas]);
    expect(await conteos()).toEqual(antes);
  });

  it('datos inválidos: 422 con el mensaje de cada campo y nada escrito', async () => {
    const o = await ordenConArchivos();
    const [a = 0] = o.fotos;
    const antes = await conteos();
    const casos: [unknown, string, string][] = [
      [cuerpo(o.m.codigoMovimiento, []), 'imagenes', MENSAJES_ETAPAS.imagenRequerida],
      [cuerpo(o.m.codigoMovimiento, [a, a]), 'imagenes', 'Hay imágenes repetidas en la lista'],
      [cuerpo(o.m.codigoMovimiento, [a], { codigoTipoControl: 4 }), 'codigoTipoControl', 'Tipo de control no válido'],
      [
        cuerpo(
          o.m.codigoMovimiento,
          Array.from({ length: 21 }, (_, i) => i + 1),
        ),
        'imagenes',
        'Se admite como máximo 20 imágenes por carga',
      ],
      [cuerpo(o.m.codigoMovimiento, [o.pdf]), 'imagenes.0', MENSAJES_ETAPAS.imagenNoValida],
    ];
    for (const [c, campo, mensaje] of casos) {
      const r = await balanza.post(RUTA, c);
      expect(r.statusCode, JSON.stringify(c)).toBe(422);
      expect(r.json().errors[campo], r.body).toEqual([mensaje]);
    }
    const sinData = await balanza.post(RUTA, { codigoMovimiento: o.m.codigoMovimiento });
    expect(sinData.statusCode).toBe(422);

    // A stored file over the dialog's 10 MB limit.
    const [grande] = await e.db
      .insert(movimientoArchivo)
      .values({
        codigoMovimiento: o.m.codigoMovimiento,
        nombreArchivo: 'enorme.jpg',
        rutaArchivo: 'no/existe.jpg',
        tipoContenido: 'image/jpeg',
        tamanio: 11 * 1024 * 1024,
      })
      .returning();
    const enorme = await balanza.post(RUTA, cuerpo(o.m.codigoMovimiento, [a, grande?.codigoMovimientoArchivo ?? 0]));
    expect(enorme.statusCode).toBe(422);
    expect(enorme.json().errors).toEqual({ 'imagenes.1': [MENSAJES_ETAPAS.archivoExcede(10)] });
    expect(await conteos()).toEqual(antes);
  });

  it('otra empresa: su orden, su archivo o una verificación ajena son 404; sin la pantalla, 403', async () => {
    const o = await ordenConArchivos();
    const otra = (await e.crearEmpresa()).codigoEmpresaUsuario;
    const ajena = await ordenConArchivos(true, otra);
    const antes = await conteos();
    // A user of another company given the verification screen sees only its own company's orders.
    const deOtra = await e.sesion(4, otra);
    const r1 = await deOtra.post(RUTA, cuerpo(o.m.codigoMovimiento, o.fotos));
    expect(r1.statusCode).toBe(404);
    // A file of another company's order is not revealed, nor is that order's verification code.
    const r2 = await balanza.post(RUTA, cuerpo(o.m.codigoMovimiento, [ajena.fotos[0] ?? 0]));
    expect(r2.statusCode).toBe(404);
    const r3 = await balanza.post(
      RUTA,
      cuerpo(o.m.codigoMovimiento, o.fotos, { codigoVerificacionTipoControl: ajena.codigoVerificacionTipoControl }),
    );
    expect(r3.statusCode).toBe(404);
    // The gate's role has no verification screen.
    const seguridad = await e.sesion(3, 1);
    expect((await seguridad.post(RUTA, cuerpo(o.m.codigoMovimiento, o.fotos))).statusCode).toBe(403);
    expect(await conteos()).toEqual(antes);
  });

  it('estado: sin verificación guardada o con la orden anulada se rechaza (409) sin escribir nada', async () => {
    const o = await ordenConArchivos(false);
    const antes = await conteos();
    const r = await balanza.post(RUTA, cuerpo(o.m.codigoMovimiento, o.fotos));
    expect([r.statusCode, r.json().message]).toEqual([409, MENSAJES_ETAPAS.procedimientosAnteriores]);
    // Exit verification not reached yet on an order at state 3.
    const salida = await balanza.post(RUTA, cuerpo(o.m.codigoMovimiento, o.fotos, { codigoTipoControl: 5 }));
    expect([salida.statusCode, salida.json().message]).toEqual([409, MENSAJES_ETAPAS.procedimientosAnteriores]);
    const anulada = await ordenConArchivos();
    await e.db
      .update(movimiento)
      .set({ estadoAnulado: 1 })
      .where(eq(movimiento.codigoMovimiento, anulada.m.codigoMovimiento));
    const r2 = await balanza.post(RUTA, cuerpo(anulada.m.codigoMovimiento, anulada.fotos));
    expect([r2.statusCode, r2.json().message]).toEqual([409, MENSAJES_ETAPAS.ordenAnulada]);
    expect((await conteos()).imagenes).toBe(antes.imagenes);
  });
});
