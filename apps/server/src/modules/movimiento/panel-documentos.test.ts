import { rmSync } from 'node:fs';
import { MENSAJES_MOVIMIENTO as M } from '@cronos/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { fabricaEtapas, JPEG_MINIMO, multipart } from '../../../test/fabricas-etapas';
import { movimientoArchivo, verificacionImagen } from '../../db/schema';
import { crearPersona, directorioTemporal, ordenVehicular, prepararEmpresa } from '../../../test/fabricas-movimiento';

/**
 * The movement documents panel (spec 01 §6): what each role's buttons offer is exactly what the server
 * lets it do — roles 1, 2: delete, upload, photos, add images; 3, 7: photos only; 4: photos and add images;
 * 8: delete and upload, no photos; others nothing.
 */
let e: Entorno;
let dir: string;
type Sesion = Awaited<ReturnType<Entorno['sesion']>>;
let empresa: number;
let verificada: { codigoMovimiento: number; codigoIngreso: string };
let registrada: number;
const sesiones = new Map<number, Sesion>();

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

beforeAll(async () => {
  dir = directorioTemporal();
  e = await crearEntorno({ env: { DATA_DIR: dir } });
  const base = await prepararEmpresa(e);
  empresa = base.empresa.codigoEmpresaUsuario;
  await crearPersona(e);
  for (const rol of [1, 2, 3, 4, 5, 7, 9]) sesiones.set(rol, await e.sesion(rol, 1));
  sesiones.set(8, await e.sesion(8, empresa));
  const usuario = sesiones.get(8) as Sesion;
  const r = await usuario.post('/api/Movimiento/GuardarMovimiento', {
    data: ordenVehicular(base.productos.slice(0, 1)),
  });
  expect(r.statusCode, r.body).toBe(200);
  registrada = r.json().data.codigoMovimiento;
  const m = await fabricaEtapas(e.db).crearMovimiento({ codigoEmpresaUsuario: empresa, codigoEstadoMovimiento: 3 });
  verificada = { codigoMovimiento: m.codigoMovimiento, codigoIngreso: m.codigoIngreso };
  const v = await (sesiones.get(4) as Sesion).post('/api/Verificacion/GuardarVerificacionTipoControlIngreso', {
    data: {
      codigoMovimiento: m.codigoMovimiento,
      codigoTipoCarga: 1,
      codigoTipoControl: 3,
      numerobultosVerificado: '3',
    },
  });
  expect(v.statusCode, v.body).toBe(200);
});
afterAll(async () => {
  await e.cerrar();
  rmSync(dir, { recursive: true, force: true });
});

const enviar = (s: Sesion, url: string, campos: Record<string, string | number>, nombre: string, contenido: Buffer) => {
  const c = multipart(campos, [
    { campo: 'files', nombre, contenido, tipo: nombre.endsWith('.pdf') ? 'application/pdf' : 'image/jpeg' },
  ]);
  return e.app.inject({
    method: 'POST',
    url,
    headers: { ...c.headers, authorization: `Bearer ${s.token}` },
    payload: c.payload,
  });
};
const subirDocumento = (s: Sesion) =>
  enviar(
    s,
    '/api/Movimiento/GuardarImagenMovimiento?Categoria=panel',
    { CodigoMovimiento: registrada },
    'acta.pdf',
    PDF,
  );
const agregarImagen = (s: Sesion) =>
  enviar(
    s,
    '/api/Verificacion/AgregarVerificacionImagenesPrueba',
    { CodigoMovimiento: verificada.codigoMovimiento, CodigoTipoControl: 3 },
    'foto.jpg',
    JPEG_MINIMO,
  );
const contar = async (t: typeof movimientoArchivo | typeof verificacionImagen) =>
  (await e.db.select({ n: count() }).from(t))[0]?.n ?? 0;

/** Role → [delete and upload, photos, add images] as the panel shows them. */
const REGLAS: [number, boolean, boolean, boolean][] = [
  [1, true, true, true],
  [2, true, true, true],
  [3, false, true, false],
  [4, false, true, true],
  [7, false, true, false],
  [8, true, false, false],
  [9, false, false, false],
];

describe('documents panel by role (spec 01 §6)', () => {
  it.each(REGLAS)('role %i: documents %s, photos %s, add images %s', async (rol, documentos, fotos, imagenes) => {
    const s = sesiones.get(rol) as Sesion;
    const archivosAntes = await contar(movimientoArchivo);
    const subida = await subirDocumento(s);
    expect(subida.statusCode, subida.body).toBe(documentos ? 200 : 403);
    expect(await contar(movimientoArchivo)).toBe(archivosAntes + (documentos ? 1 : 0));

    // Delete: a file uploaded by an allowed user, deleted (or not) by this role.
    const propia = documentos ? subida.json().data[0].codigoMovimientoArchivo : null;
    const ajena = propia ?? (await subirDocumento(sesiones.get(1) as Sesion)).json().data[0].codigoMovimientoArchivo;
    const borrado = await s.post('/api/Movimiento/EliminarMovimientoArchivo', {
      data: { CodigoMovimientoArchivo: ajena },
    });
    expect(borrado.statusCode, borrado.body).toBe(documentos ? 200 : 403);
    if (documentos) expect(borrado.json().message).toBe(M.eliminado);

    const lista = await s.get(`/api/Verificacion/ListarVerficacionImagenes?CodigoIngreso=${verificada.codigoIngreso}`);
    expect(lista.statusCode, lista.body).toBe(fotos ? 200 : 403);
    if (fotos) expect(lista.json().data.codigoVerificacionTipoControlEntrada).toBeGreaterThan(0);

    const imagenesAntes = await contar(verificacionImagen);
    const imagen = await agregarImagen(s);
    expect(imagen.statusCode, imagen.body).toBe(imagenes ? 200 : 403);
    expect(await contar(verificacionImagen)).toBe(imagenesAntes + (imagenes ? 1 : 0));
  });

  it('the reviewer (role 5) keeps the verified-operations images of its own screen, but adds none', async () => {
    const s = sesiones.get(5) as Sesion;
    const lista = await s.get(`/api/Verificacion/ListarVerficacionImagenes?CodigoIngreso=${verificada.codigoIngreso}`);
    expect(lista.statusCode).toBe(200);
    expect((await agregarImagen(s)).statusCode).toBe(403);
  });
});

describe("company 23's document types", () => {
  it('company 23 registers only customs declarations, remission guides and simplified declarations', async () => {
    const base = await prepararEmpresa(e, { codigoEmpresaUsuario: 23 });
    const s = await e.sesion(8, 23);
    const orden = ordenVehicular(base.productos.slice(0, 1));
    const factura = await s.post('/api/Movimiento/GuardarMovimiento', { data: orden });
    expect(factura.statusCode).toBe(422);
    expect(factura.json().errors['documentos.0.codigoTipoDocumento']).toEqual([M.tipoDocumentoNoPermitido]);
    const documentos = (orden.documentos ?? []).map((d) => ({ ...d, codigoTipoDocumento: '4' }));
    const dam = await s.post('/api/Movimiento/GuardarMovimiento', { data: { ...orden, documentos } });
    expect(dam.statusCode, dam.body).toBe(200);
    // Every other company keeps the whole list (the foreign invoice of the base order).
    const otra = await (sesiones.get(8) as Sesion).post('/api/Movimiento/GuardarMovimiento', {
      data: ordenVehicular([]),
    });
    expect(otra.json().errors?.['documentos.0.codigoTipoDocumento']).toBeUndefined();
  });
});
