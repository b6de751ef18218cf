import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MENSAJES_CERTIFICADO as M, RUTA_VERIFICACION_CERTIFICADO } from '@cronos/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { textoDePdf } from '../../../test/pdf-texto';
import { catalogoUsuario, certificadoManufactura } from '../../db/schema';

type Sesion = Awaited<ReturnType<Entorno['sesion']>>;
let e: Entorno;
let dir: string;
let solicitante: Sesion;
let otraEmpresa: Sesion;
let tesorero: Sesion;
let productos: number[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cronos-certpdf-'));
  e = await crearEntorno({ env: { DATA_DIR: dir } });
  const emp = await e.crearEmpresa({
    razonSocial: 'TEXTILES CAPLINA S.A.C.',
    direccion: 'Zona Franca de Tacna, Lote 42',
  });
  const otra = await e.crearEmpresa();
  const filas = await e.db
    .insert(catalogoUsuario)
    .values(
      ['POLO DE ALGODÓN PIMA', 'CHOMPA DE ALPACA', 'MANTA TEJIDA A MANO'].map((descripcion, i) => ({
        codigoEmpresaUsuario: emp.codigoEmpresaUsuario,
        descripcion,
        numeroPartida: `61091000${i}0`,
        codigoUnidadMedida: 'NIU',
        codigoExistencia: '02',
      })),
    )
    .returning({ c: catalogoUsuario.codigoCatalogoUsuario });
  productos = filas.map((f) => f.c);
  solicitante = await e.sesion(2, emp.codigoEmpresaUsuario);
  otraEmpresa = await e.sesion(2, otra.codigoEmpresaUsuario);
  tesorero = await e.sesion(9, 1, { nombre: 'ELENA', apellidoPaterno: 'CHAMBI', apellidoMaterno: 'TORRES' });
});
afterAll(async () => {
  await e.cerrar();
  rmSync(dir, { recursive: true, force: true });
});

async function certificado(estadoAutorizacion?: 2 | 3) {
  const r = await solicitante.post('/api/Movimiento/GuardarCertificadoManufactura', {
    data: {
      fechaEmision: '2026-11-20',
      detalle: productos.map((c, i) => ({
        codigoCatalogoUsuario: c,
        cantidad: 1250.5 + i,
        cantidadBulto: 25,
        pesoNeto: 310.2,
        pesoBruto: 320,
      })),
    },
  });
  const codigo = r.json().data as number;
  if (estadoAutorizacion) {
    const a = await tesorero.post('/api/Movimiento/AprobarRechazarCertificadoManufactura', {
      data: {
        codigoCertificadoManufactura: codigo,
        estadoAutorizacion,
        opcionNuevaFuncionalidad: true,
        observaciones: 'Revisado',
      },
    });
    expect(a.statusCode, a.body).toBe(200);
  }
  const [fila] = await e.db
    .select()
    .from(certificadoManufactura)
    .where(eq(certificadoManufactura.codigoCertificadoManufactura, codigo));
  if (!fila) throw new Error('certificado');
  return fila;
}
const descargar = (s: Sesion, codigo: number) =>
  e.app.inject({
    url: `/api/Movimiento/DescargarCertificadoManufactura?CodigoCertificadoManufactura=${codigo}`,
    headers: { authorization: `Bearer ${s.token}`, host: 'cronos.zofratacna.demo' },
  });
const verificar = (numero: string, codigo?: string) =>
  e.app.inject({
    url: `/api/Movimiento/VerificarCertificadoManufactura?NumeroCertificado=${encodeURIComponent(numero)}${codigo === undefined ? '' : `&CodigoVerificacion=${encodeURIComponent(codigo)}`}`,
  });

describe('the generated certificate PDF', () => {
  it('opens and says the number, company, products, validity, approver and where to verify it', async () => {
    const c = await certificado(3);
    const r = await descargar(solicitante, c.codigoCertificadoManufactura);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['content-disposition']).toContain(`${c.numeroCertificado}.pdf`);
    const lineas = textoDePdf(r.rawPayload);
    const texto = lineas.join('\n');
    expect(texto).toContain('CERTIFICADO DE MANUFACTURA');
    expect(texto).toContain(`N° ${c.numeroCertificado}`);
    expect(texto).toContain('TEXTILES CAPLINA S.A.C.');
    for (const p of ['POLO DE ALGODÓN PIMA', 'CHOMPA DE ALPACA', 'MANTA TEJIDA A MANO']) expect(texto).toContain(p);
    expect(texto).toContain('6109.10.00.00');
    expect(texto).toContain('1,250.500');
    expect(texto).toContain('20/11/2026');
    expect(texto).toContain('19/05/2027');
    expect(texto).toContain('ELENA CHAMBI TORRES');
    const url = `http://cronos.zofratacna.demo${RUTA_VERIFICACION_CERTIFICADO}?numero=${c.numeroCertificado}&codigo=${c.tokenVerificacion}`;
    // The address is wrapped over two lines in the PDF; the QR carries the same string.
    expect(lineas.join('')).toContain(url);
  });

  it('is refused before authorization, and to another company', async () => {
    const pendiente = await certificado();
    const r = await descargar(solicitante, pendiente.codigoCertificadoManufactura);
    expect(r.statusCode).toBe(422);
    expect(r.json().message).toBe(M.sinPdf);
    const autorizado = await certificado(3);
    expect((await descargar(otraEmpresa, autorizado.codigoCertificadoManufactura)).statusCode).toBe(404);
    expect((await descargar(tesorero, autorizado.codigoCertificadoManufactura)).statusCode).toBe(200);
  });
});

describe('public verification', () => {
  it('says valid for the number and code of the QR, without a session and without other data', async () => {
    const c = await certificado(3);
    const r = await verificar(c.numeroCertificado ?? '', c.tokenVerificacion ?? '');
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toEqual({
      numeroCertificado: c.numeroCertificado,
      valido: true,
      estado: 'VIGENTE',
      fechaEmision: '2026-11-20',
      fechaFinVigencia: '2027-05-19',
    });
  });

  it('says not valid for a tampered code, an unknown or altered number, or no code at all', async () => {
    const c = await certificado(3);
    const numero = c.numeroCertificado ?? '';
    const token = c.tokenVerificacion ?? '';
    const otroDigito = numero.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
    const casos = [
      [numero, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`],
      [numero, ''],
      [numero, undefined],
      [otroDigito, token],
      ['CM-2026-999999', token],
      ["' or 1=1 --", token],
    ] as const;
    for (const [n, t] of casos) {
      const r = await verificar(n, t);
      expect(r.statusCode).toBe(200);
      expect(r.json().data).toMatchObject({
        valido: false,
        estado: 'NO_VALIDO',
        fechaEmision: null,
        fechaFinVigencia: null,
      });
    }
  });

  it('says not valid for a rejected request and for a pending one', async () => {
    const rechazado = await certificado(2);
    expect(rechazado.numeroCertificado).toBeNull();
    expect(rechazado.tokenVerificacion).toBeNull();
    const pendiente = await certificado();
    expect(pendiente.numeroCertificado).toBeNull();
    expect((await verificar('', '')).statusCode).toBe(422);
  });

  it('says expired (not valid) once the validity has passed', async () => {
    const c = await certificado(3);
    e.reloj.avanzar(181 * 24 * 3_600_000);
    const r = await verificar(c.numeroCertificado ?? '', c.tokenVerificacion ?? '');
    expect(r.json().data).toMatchObject({ valido: false, estado: 'VENCIDO', fechaFinVigencia: '2027-05-19' });
  });
});
