import { MENSAJES_FINANZAS } from '@cronos/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';

/** A boleta may name a person (DNI) as its buyer; a factura is always to the company's RUC. */
type Sesion = Awaited<ReturnType<Entorno['sesion']>>;
let e: Entorno;
let tesorero: Sesion;
let servicio: number;
let empresa: number;

beforeAll(async () => {
  e = await crearEntorno();
  tesorero = await e.sesion(9, 1);
  empresa = (await e.crearEmpresa()).codigoEmpresaUsuario;
  const r = await tesorero.post('/api/Tarifa/Guardar', {
    data: {
      codigo: 'TARJETA',
      descripcion: 'Tarjeta de acceso',
      unidad: 'TARJETA',
      moneda: 'PEN',
      afectacionIgv: '10',
      precio: 15,
      vigenteDesde: '2026-01-01',
    },
  });
  expect(r.statusCode, r.body).toBe(200);
  servicio = r.json().data.codigoServicio;
});
afterAll(async () => {
  await e.cerrar();
});

const persona = { tipoDocumento: '1', numeroDocumento: '45879632', nombre: 'ROSA ELENA QUISPE MAMANI' };
const emitir = (tipoComprobante: string, p: unknown) =>
  tesorero.post('/api/Comprobante/Emitir', {
    data: {
      codigoEmpresaUsuario: empresa,
      tipoComprobante,
      lineas: [{ codigoServicio: servicio, cantidad: 1 }],
      persona: p,
    },
  });

describe('boleta a una persona', () => {
  it('la boleta nombra a la persona por su DNI en el XML y en su detalle; una factura a una persona o un DNI mal escrito se rechazan', async () => {
    const b = await emitir('03', persona);
    expect(b.statusCode, b.body).toBe(200);
    const id = b.json().data.codigoComprobante;
    const xml = (await tesorero.get(`/api/Comprobante/DescargarXml?CodigoComprobante=${id}`)).body;
    expect(xml).toContain('<cbc:ID schemeID="1">45879632</cbc:ID>');
    expect(xml).toContain('<cbc:RegistrationName>ROSA ELENA QUISPE MAMANI</cbc:RegistrationName>');
    const d = (await tesorero.get(`/api/Comprobante/Consultar?CodigoComprobante=${id}`)).json().data;
    expect([d.ruc, d.razonSocial, d.codigoEmpresaUsuario]).toEqual(['45879632', 'ROSA ELENA QUISPE MAMANI', empresa]);

    const factura = await emitir('01', persona);
    expect(factura.statusCode).toBe(422);
    expect(factura.json().errors.persona).toEqual([MENSAJES_FINANZAS.personaSoloBoleta]);
    const dni = await emitir('03', { ...persona, numeroDocumento: '4587963' });
    expect(dni.statusCode).toBe(422);
    expect(Object.keys(dni.json().errors)).toEqual(['persona.numeroDocumento']);
  });
});
