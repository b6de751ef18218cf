import { MENSAJES, MENSAJES_FINANZAS } from '@cronos/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { corridaFacturacion, precioServicio, servicioTarifa } from '../../db/schema';

/** Tariff saves that would undo another's or plan a price for ever, and billing runs of months that cannot be. */
type Sesion = Awaited<ReturnType<Entorno['sesion']>>;
let e: Entorno;
let tesorero: Sesion;
let otroTesorero: Sesion;

beforeAll(async () => {
  e = await crearEntorno();
  tesorero = await e.sesion(9, 1);
  otroTesorero = await e.sesion(9, 1);
});
afterAll(async () => {
  await e.cerrar();
});

const datos = {
  codigo: 'CONC_TARIFA',
  descripcion: 'Servicio de prueba',
  unidad: 'TARJETA',
  moneda: 'PEN',
  afectacionIgv: '10',
  precio: 10,
  vigenteDesde: '2026-01-01',
};
const precios = async (codigoServicio: number) =>
  (
    await e.db
      .select({ precio: precioServicio.precio, desde: precioServicio.vigenteDesde })
      .from(precioServicio)
      .where(eq(precioServicio.codigoServicio, codigoServicio))
  ).map((p) => `${p.desde} ${p.precio}`);

describe('tarifas: dos tesoreros editan la misma', () => {
  it('la lista da la versión; guardar sobre una versión más nueva es un 409 y no cambia nada', async () => {
    const alta = await tesorero.post('/api/Tarifa/Guardar', { data: datos });
    expect(alta.statusCode, alta.body).toBe(200);
    const leida = alta.json().data;
    expect(leida.version).toBe(1);
    const lista = (await tesorero.get('/api/Tarifa/ListarDatos?Columna=codigo&Valor=CONC_TARIFA')).json().data;
    expect(lista[0].version).toBe(1);

    // Both opened version 1; the first saves a new description.
    const primero = await tesorero.post('/api/Tarifa/Guardar', {
      data: { ...datos, codigoServicio: leida.codigoServicio, descripcion: 'Descripción nueva', version: 1 },
    });
    expect(primero.statusCode, primero.body).toBe(200);
    expect(primero.json().data.version).toBe(2);

    // The second still has version 1: its save would put the old description back and add its price.
    const antes = await e.contarAuditoria();
    const preciosAntes = await precios(leida.codigoServicio);
    const segundo = await otroTesorero.post('/api/Tarifa/Guardar', {
      data: { ...datos, codigoServicio: leida.codigoServicio, precio: 12, vigenteDesde: '2026-11-20', version: 1 },
    });
    expect(segundo.statusCode, segundo.body).toBe(409);
    expect(segundo.json().message).toBe(MENSAJES.conflicto);
    const [fila] = await e.db
      .select()
      .from(servicioTarifa)
      .where(eq(servicioTarifa.codigoServicio, leida.codigoServicio));
    expect([fila?.descripcion, fila?.version]).toEqual(['Descripción nueva', 2]);
    expect(await precios(leida.codigoServicio)).toEqual(preciosAntes);
    expect(await e.contarAuditoria()).toBe(antes);

    // Read again (version 2), the same save goes through.
    const otraVez = await otroTesorero.post('/api/Tarifa/Guardar', {
      data: {
        ...datos,
        codigoServicio: leida.codigoServicio,
        descripcion: 'Descripción nueva',
        precio: 12,
        vigenteDesde: '2026-11-20',
        version: 2,
      },
    });
    expect(otraVez.statusCode, otraVez.body).toBe(200);
    expect(otraVez.json().data).toMatchObject({ precio: '12.00', version: 3 });
  });
});

describe('tarifas: fecha de vigencia', () => {
  it('un precio que empieza más de un año después de hoy se rechaza en su campo y no se guarda', async () => {
    const antes = await e.contarAuditoria();
    const [{ n: tarifasAntes } = { n: 0 }] = await e.db.select({ n: count() }).from(servicioTarifa);
    for (const vigenteDesde of ['9999-12-31', '2027-11-21']) {
      const r = await tesorero.post('/api/Tarifa/Guardar', {
        data: { ...datos, codigo: 'LEJANA', vigenteDesde },
      });
      expect(r.statusCode, r.body).toBe(422);
      expect(r.json().errors).toEqual({ vigenteDesde: [MENSAJES_FINANZAS.vigenciaLejana] });
    }
    const [{ n: tarifasDespues } = { n: 0 }] = await e.db.select({ n: count() }).from(servicioTarifa);
    expect(tarifasDespues).toBe(tarifasAntes);
    expect(await e.contarAuditoria()).toBe(antes);
    // Exactly a year ahead (today is 2026-11-20 in Lima) is still a plan.
    const unAnio = await tesorero.post('/api/Tarifa/Guardar', {
      data: { ...datos, codigo: 'LEJANA', vigenteDesde: '2027-11-20' },
    });
    expect(unAnio.statusCode, unAnio.body).toBe(200);
  });
});

describe('facturación automática: periodos que no se facturan', () => {
  it('un mes anterior a 2019 o uno que aún no empieza se rechaza en su campo y no registra corrida', async () => {
    const corridas = async () => (await e.db.select({ n: count() }).from(corridaFacturacion))[0]?.n;
    const antes = await corridas();
    const auditoria = await e.contarAuditoria();
    for (const [periodo, mensaje] of [
      ['1900-01', MENSAJES_FINANZAS.periodoAntiguo],
      ['2018-12', MENSAJES_FINANZAS.periodoAntiguo],
      ['2026-12', MENSAJES_FINANZAS.periodoFuturo],
    ] as const) {
      const r = await tesorero.post('/api/Facturacion/Emitir', { data: { periodo } });
      expect(r.statusCode, `${periodo} ${r.body}`).toBe(422);
      expect(r.json().errors).toEqual({ periodo: [mensaje] });
      expect(r.json().message).toBe(mensaje);
      // The preview refuses the same months, under its own parameter.
      const previa = await tesorero.get(`/api/Facturacion/Previsualizar?Periodo=${periodo}`);
      expect(previa.statusCode, `${periodo} ${previa.body}`).toBe(422);
      expect(previa.json().errors).toEqual({ Periodo: [mensaje] });
    }
    expect((await tesorero.get('/api/Facturacion/Previsualizar?Periodo=2019-01')).statusCode).toBe(200);
    expect(await corridas()).toBe(antes);
    expect(await e.contarAuditoria()).toBe(auditoria);
    // The first month accepted is January 2019 (nothing to bill there, and it is recorded as such).
    const primero = await tesorero.post('/api/Facturacion/Emitir', { data: { periodo: '2019-01' } });
    expect(primero.statusCode, primero.body).toBe(200);
    expect(primero.json().data.resultado).toBe(MENSAJES_FINANZAS.nadaQueFacturar);
  });
});
