import { MENSAJES_FINANZAS } from '@cronos/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { fabricaEtapas } from '../../../test/fabricas-etapas';
import { comprobante, comprobanteLinea, controlMovimiento, importador, lote } from '../../db/schema';

/** Billing runs of a month still in course: billed through a cut-off, and each day or order billed once. */
type Sesion = Awaited<ReturnType<Entorno['sesion']>>;
let e: Entorno;

beforeAll(async () => {
  e = await crearEntorno();
  const tesorero = await e.sesion(9, 1);
  for (const [codigo, descripcion, unidad, afectacionIgv, precio] of [
    ['PESAJE', 'Pesaje de vehículo', 'ORDEN_PESADA', '10', 100],
    ['ALMACEN', 'Almacenaje', 'DIA_ALMACEN', '10', 1.5],
    ['REG_IMPORT', 'Registro anual de importador', 'REGISTRO_ANUAL', '30', 80],
  ] as const) {
    const r = await tesorero.post('/api/Tarifa/Guardar', {
      data: { codigo, descripcion, unidad, moneda: 'PEN', afectacionIgv, precio, vigenteDesde: '2026-01-01' },
    });
    expect(r.statusCode, r.body).toBe(200);
  }
});
afterAll(async () => {
  await e.cerrar();
});

/** The clock (it starts on 2026-11-20 09:00 Lima) moved to 09:00 Lima of a day, with a fresh treasurer session. */
async function dia(fecha: string): Promise<Sesion> {
  const objetivo = Date.parse(`${fecha}T14:00:00Z`);
  e.reloj.avanzar(objetivo - e.reloj.ahora().getTime());
  return e.sesion(9, 1);
}

type Fila = {
  codigoEmpresaUsuario: number;
  facturado: boolean;
  corte: string;
  facturadoHasta: string | null;
  lineas: { unidad: string; cantidad: string; origen: string[]; descripcion: string }[];
};
const previa = async (s: Sesion, periodo: string, empresa: number): Promise<Fila[]> => {
  const r = await s.get(`/api/Facturacion/Previsualizar?Periodo=${periodo}&CodigoEmpresaUsuario=${empresa}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data;
};
const linea = (f: Fila | undefined, unidad: string) => f?.lineas.find((l) => l.unidad === unidad);

describe('corte de la facturación del mes en curso', () => {
  it('una corrida factura solo hasta el día anterior; otra del mismo periodo en otra fecha factura solo lo que faltaba', async () => {
    const f = fabricaEtapas(e.db);
    const empresa = (await e.crearEmpresa()).codigoEmpresaUsuario;
    const otra = (await e.crearEmpresa()).codigoEmpresaUsuario;
    // A lot in storage since Dec 1 (Lima) that is still there, and one of another company.
    for (const c of [empresa, otra]) {
      const l = await f.crearLote(c, 425);
      await e.db
        .update(lote)
        .set({ fechaIngreso: new Date('2026-12-01T15:00:00Z'), numeroDocumento: `DOC-${c}` })
        .where(eq(lote.codigoLote, l.codigoLote));
    }
    // Orders weighed on Dec 3 and on Dec 7 (the first run's day, before it), an importer due on Dec 10.
    const pesadas: string[] = [];
    for (const fecha of ['2026-12-03T15:00:00Z', '2026-12-07T13:00:00Z']) {
      const m = await f.crearMovimiento({ codigoEmpresaUsuario: empresa });
      pesadas.push(m.codigoIngreso);
      const usuario = (await e.sesion(9, 1)).usuario.codigoUsuario;
      await e.db.insert(controlMovimiento).values({
        codigoMovimiento: m.codigoMovimiento,
        codigoTipoControl: 2,
        estadoDesde: 2,
        estadoHasta: 3,
        codigoUsuarioRegistro: usuario,
        fechaRegistro: new Date(fecha),
      });
    }
    await e.db.insert(importador).values({
      codigoEmpresaUsuario: empresa,
      ruc: '20331898008',
      razonSocial: 'IMPORTADOR DICIEMBRE S.A.',
      fechaInicio: '2025-12-11',
      fechaCese: '2026-12-10',
    });

    // Dec 1: nothing of December has closed yet.
    let s = await dia('2026-12-01');
    const primerDia = await s.get(`/api/Facturacion/Previsualizar?Periodo=2026-12&CodigoEmpresaUsuario=${empresa}`);
    expect(primerDia.statusCode).toBe(422);
    expect(primerDia.json().message).toBe(MENSAJES_FINANZAS.periodoSinDiasCerrados);

    // Dec 7: billed through Dec 6 — 6 storage days, the order of Dec 3; not the importer due on Dec 10.
    s = await dia('2026-12-07');
    let p = await previa(s, '2026-12', empresa);
    expect(p).toHaveLength(1);
    expect([p[0]?.corte, p[0]?.facturadoHasta, p[0]?.facturado]).toEqual(['2026-12-06', null, false]);
    expect(linea(p[0], 'DIA_ALMACEN')?.cantidad).toBe('6');
    expect(linea(p[0], 'DIA_ALMACEN')?.origen[0]).toMatch(/: 6 d \(2026-12-01 a 2026-12-06\)$/);
    expect(linea(p[0], 'DIA_ALMACEN')?.descripcion).toContain('del 2026-12-01 al 2026-12-06');
    expect(linea(p[0], 'ORDEN_PESADA')?.origen).toEqual([pesadas[0]]);
    expect(linea(p[0], 'REGISTRO_ANUAL')).toBeUndefined();
    const r1 = await s.post('/api/Facturacion/Emitir', { data: { periodo: '2026-12', codigoEmpresaUsuario: empresa } });
    expect(r1.statusCode, r1.body).toBe(200);
    expect([r1.json().data.comprobantesEmitidos, r1.json().data.fechaCorte]).toEqual([1, '2026-12-06']);
    // The same day again: nothing new, the company is listed as billed through Dec 6.
    const r2 = await s.post('/api/Facturacion/Emitir', { data: { periodo: '2026-12', codigoEmpresaUsuario: empresa } });
    expect([r2.json().data.comprobantesEmitidos, r2.json().data.empresasOmitidas]).toEqual([0, 1]);
    p = await previa(s, '2026-12', empresa);
    expect([p[0]?.facturado, p[0]?.facturadoHasta, p[0]?.lineas]).toEqual([true, '2026-12-06', []]);

    // Dec 20: only Dec 7..19 — 13 days, the order of Dec 7, the importer due Dec 10.
    s = await dia('2026-12-20');
    p = await previa(s, '2026-12', empresa);
    expect([p[0]?.corte, p[0]?.facturadoHasta, p[0]?.facturado]).toEqual(['2026-12-19', '2026-12-06', false]);
    expect(linea(p[0], 'DIA_ALMACEN')?.origen[0]).toMatch(/: 13 d \(2026-12-07 a 2026-12-19\)$/);
    expect(linea(p[0], 'ORDEN_PESADA')?.origen).toEqual([pesadas[1]]);
    expect(linea(p[0], 'REGISTRO_ANUAL')?.origen).toEqual(['importador 20331898008']);
    const r3 = await s.post('/api/Facturacion/Emitir', { data: { periodo: '2026-12', codigoEmpresaUsuario: empresa } });
    expect(r3.json().data.comprobantesEmitidos).toBe(1);

    // January 5: the rest of December, Dec 20..31.
    s = await dia('2027-01-05');
    p = await previa(s, '2026-12', empresa);
    expect([p[0]?.corte, p[0]?.facturadoHasta]).toEqual(['2026-12-31', '2026-12-19']);
    expect(linea(p[0], 'DIA_ALMACEN')?.origen[0]).toMatch(/: 12 d \(2026-12-20 a 2026-12-31\)$/);
    expect(linea(p[0], 'ORDEN_PESADA')).toBeUndefined();
    expect(linea(p[0], 'REGISTRO_ANUAL')).toBeUndefined();
    const r4 = await s.post('/api/Facturacion/Emitir', { data: { periodo: '2026-12', codigoEmpresaUsuario: empresa } });
    expect(r4.json().data.comprobantesEmitidos).toBe(1);

    // Every storage day of December billed exactly once (31 × 1.50), each order once, the registration once.
    const lineas = await e.db
      .select({ descripcion: comprobanteLinea.descripcion, cantidad: comprobanteLinea.cantidad })
      .from(comprobanteLinea)
      .innerJoin(comprobante, eq(comprobante.codigoComprobante, comprobanteLinea.codigoComprobante))
      .where(eq(comprobante.codigoEmpresaUsuario, empresa));
    const suma = (texto: string) =>
      lineas.filter((l) => l.descripcion.startsWith(texto)).reduce((t, l) => t + Number(l.cantidad), 0);
    expect([suma('Almacenaje'), suma('Pesaje'), suma('Registro anual')]).toEqual([31, 2, 1]);
    // The run for one company left the other untouched: its whole December is still to bill.
    const deOtra = await previa(s, '2026-12', otra);
    expect([deOtra[0]?.facturadoHasta, linea(deOtra[0], 'DIA_ALMACEN')?.cantidad]).toEqual([null, '31']);
  });
});
