/** Shared setup of the certificate API tests: one environment per test file, factories and calls. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { crearEntorno, type Entorno } from './entorno';
import { catalogoUsuario, certificadoManufactura, logSistema } from '../src/db/schema';

export type Sesion = Awaited<ReturnType<Entorno['sesion']>>;
export let e: Entorno;
export let dir: string;
export let empA: number;
export let empB: number;
export let productosA: number[];
export let productoB: number;
export let solicitante: Sesion; // level 2 of company A
export let usuarioA: Sesion; // level 8 of company A
export let solicitanteB: Sesion; // level 2 of company B
export let tesorero: Sesion; // level 9, operator
export let superadmin: Sesion; // level 1, operator
export let balanza: Sesion; // level 4, operator

/** Registers the shared environment of a certificate test file (fresh database, companies, users). */
export function prepararEntorno() {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cronos-cert-'));
    e = await crearEntorno({ env: { DATA_DIR: dir } });
    empA = (await e.crearEmpresa({ razonSocial: 'MANUFACTURAS ALFA S.A.C.', direccion: 'Lote 12' }))
      .codigoEmpresaUsuario;
    empB = (await e.crearEmpresa({ razonSocial: 'BETA INDUSTRIAL S.A.' })).codigoEmpresaUsuario;
    const filas = await e.db
      .insert(catalogoUsuario)
      .values([
        {
          codigoEmpresaUsuario: empA,
          descripcion: 'CAMISA DE ALGODÓN',
          numeroPartida: '6205200000',
          codigoUnidadMedida: 'NIU',
          codigoExistencia: '02',
        },
        {
          codigoEmpresaUsuario: empA,
          descripcion: 'PANTALÓN DE JEAN',
          numeroPartida: '6203420000',
          codigoUnidadMedida: 'NIU',
          codigoExistencia: '02',
        },
        {
          codigoEmpresaUsuario: empA,
          descripcion: 'CASACA TÉRMICA',
          numeroPartida: '6201930000',
          codigoUnidadMedida: 'NIU',
          codigoExistencia: '02',
        },
        {
          codigoEmpresaUsuario: empA,
          descripcion: 'PRODUCTO DESHABILITADO',
          numeroPartida: '6201930000',
          codigoUnidadMedida: 'NIU',
          codigoExistencia: '02',
          estadoAnulado: 1,
        },
        {
          codigoEmpresaUsuario: empB,
          descripcion: 'ZAPATO DE CUERO',
          numeroPartida: '6403990000',
          codigoUnidadMedida: 'PR',
          codigoExistencia: '02',
        },
      ])
      .returning({ c: catalogoUsuario.codigoCatalogoUsuario });
    productosA = filas.slice(0, 4).map((f) => f.c);
    productoB = filas[4]?.c ?? 0;
    solicitante = await e.sesion(2, empA);
    usuarioA = await e.sesion(8, empA);
    solicitanteB = await e.sesion(2, empB);
    tesorero = await e.sesion(9, 1, { nombre: 'ELENA', apellidoPaterno: 'CHAMBI', apellidoMaterno: 'TORRES' });
    superadmin = await e.sesion(1, 1);
    balanza = await e.sesion(4, 1);
  });
  afterAll(async () => {
    await e.cerrar();
    rmSync(dir, { recursive: true, force: true });
  });
}

export const HOY = '2026-11-20'; // the test clock is 2026-11-20 09:00 in Lima
export const linea = (i: number, extra: Record<string, unknown> = {}) => ({
  codigoCatalogoUsuario: productosA[i],
  cantidad: 100 + i,
  cantidadBulto: 10,
  codigoTipoBulto: '1',
  pesoNeto: 50.125,
  pesoBruto: 55.5,
  ...extra,
});
export const formulario = (extra: Record<string, unknown> = {}) => ({
  data: {
    fechaEmision: HOY,
    fechaFinVigencia: '2027-05-19',
    diasVigencia: 180,
    detalle: [linea(0), linea(1), linea(2)],
    ...extra,
  },
});
export const guardar = async (s: Sesion = solicitante, extra: Record<string, unknown> = {}) => {
  const r = await s.post('/api/Movimiento/GuardarCertificadoManufactura', formulario(extra));
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as number;
};
export const aprobar = (s: Sesion, codigo: number, extra: Record<string, unknown> = {}) =>
  s.post('/api/Movimiento/AprobarRechazarCertificadoManufactura', {
    data: { codigoCertificadoManufactura: codigo, estadoAutorizacion: 3, opcionNuevaFuncionalidad: true, ...extra },
  });
export const consultar = (s: Sesion, codigo: number) =>
  s.get(`/api/Movimiento/ConsultarCertificadoManufactura?CodigoCertificadoManufactura=${codigo}`);
export const contarCertificados = async () => (await e.db.select().from(certificadoManufactura)).length;
export const auditoriaDe = (codigo: number) =>
  e.db
    .select()
    .from(logSistema)
    .where(and(eq(logSistema.entidad, 'certificado_manufactura'), eq(logSistema.codigoEntidad, String(codigo))));
