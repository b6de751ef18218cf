import { MENSAJES_FINANZAS } from '@cronos/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { empresaUsuario, logSistema, pagoComprobante } from '../../db/schema';

/** Payments: an amount of 0 or less is refused as typed; a payment entered by mistake is annulled, not deleted. */
type Sesion = Awaited<ReturnType<Entorno['sesion']>>;
let e: Entorno;
let tesorero: Sesion;
let servicio: number;

beforeAll(async () => {
  e = await crearEntorno();
  tesorero = await e.sesion(9, 1);
  const r = await tesorero.post('/api/Tarifa/Guardar', {
    data: {
      codigo: 'PESAJE',
      descripcion: 'Pesaje de vehículo',
      unidad: 'ORDEN_PESADA',
      moneda: 'PEN',
      afectacionIgv: '10',
      precio: 100,
      vigenteDesde: '2026-01-01',
    },
  });
  expect(r.statusCode, r.body).toBe(200);
  servicio = r.json().data.codigoServicio;
});
afterAll(async () => {
  await e.cerrar();
});

const factura = async (codigoEmpresaUsuario: number) => {
  const r = await tesorero.post('/api/Comprobante/Emitir', {
    data: { codigoEmpresaUsuario, tipoComprobante: '01', lineas: [{ codigoServicio: servicio, cantidad: 1 }] },
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as { codigoComprobante: number };
};
const pagosDe = async (codigoComprobante: number) =>
  (
    await e.db
      .select({ n: count() })
      .from(pagoComprobante)
      .where(eq(pagoComprobante.codigoComprobante, codigoComprobante))
  )[0]?.n;

describe('monto del pago', () => {
  it('un pago de 0 o negativo se rechaza con un mensaje claro y no guarda nada', async () => {
    const empresa = (await e.crearEmpresa()).codigoEmpresaUsuario;
    const v = await factura(empresa);
    const antes = await e.contarAuditoria();
    for (const monto of [0, -5, '0.00', '-0.01']) {
      const r = await tesorero.post('/api/Pago/Registrar', {
        data: { codigoComprobante: v.codigoComprobante, monto, fechaPago: '2026-11-20', metodo: 'EFECTIVO' },
      });
      expect(r.statusCode, String(monto)).toBe(422);
      expect(r.json().errors).toEqual({ monto: [MENSAJES_FINANZAS.pagoMontoPositivo] });
    }
    expect(await pagosDe(v.codigoComprobante)).toBe(0);
    expect(await e.contarAuditoria()).toBe(antes);
    const detalle = (await tesorero.get(`/api/Comprobante/Consultar?CodigoComprobante=${v.codigoComprobante}`)).json()
      .data;
    expect(detalle.saldo).toBe('118.00');
  });
});

describe('anulación de pagos', () => {
  it('el tesorero anula un pago con motivo: vuelve el saldo, queda auditado y el bloqueo por deuda se recalcula al instante', async () => {
    const empresa = (await e.crearEmpresa()).codigoEmpresaUsuario;
    const v = await factura(empresa); // 118.00, due in 30 days; blocked from day 46
    e.reloj.avanzar(46 * 86_400_000);
    const t = await e.sesion(9, 1);
    const bloqueo = async () =>
      (await e.db.select().from(empresaUsuario).where(eq(empresaUsuario.codigoEmpresaUsuario, empresa)))[0]
        ?.indicadorBloqueo;
    const pago = await t.post('/api/Pago/Registrar', {
      data: { codigoComprobante: v.codigoComprobante, monto: 118, fechaPago: '2027-01-05', metodo: 'DEPOSITO' },
    });
    expect(pago.statusCode, pago.body).toBe(200);
    expect(await bloqueo()).toBe(false);
    const codigoPago = pago.json().data.codigoPago;

    // The reason is required; nothing changes without it.
    const anulaciones = async () =>
      (await e.db.select().from(logSistema).where(eq(logSistema.tipo, 'PAGO_ANULAR'))).length;
    const sinMotivo = await t.post('/api/Pago/Anular', { data: { codigoPago, motivo: '  ' } });
    expect(sinMotivo.statusCode).toBe(422);
    expect(sinMotivo.json().errors).toEqual({ motivo: [MENSAJES_FINANZAS.motivoAnulacionRequerido] });
    // Only the treasurer (or the administrator): not a company's user, not the operations staff.
    for (const [rol, codigoEmpresa] of [
      [8, empresa],
      [4, 1],
    ] as const) {
      const otro = await e.sesion(rol, codigoEmpresa);
      const r = await otro.post('/api/Pago/Anular', { data: { codigoPago, motivo: 'Error' } });
      expect(r.statusCode, `rol ${rol}`).toBe(403);
    }
    expect(await anulaciones()).toBe(0);
    const [intacto] = await e.db.select().from(pagoComprobante).where(eq(pagoComprobante.codigoPago, codigoPago));
    expect(intacto?.estadoAnulado).toBe(false);
    expect(await bloqueo()).toBe(false);

    const anulado = await t.post('/api/Pago/Anular', {
      data: { codigoPago, motivo: 'Depósito registrado en el comprobante equivocado' },
    });
    expect(anulado.statusCode, anulado.body).toBe(200);
    expect(anulado.json().data).toMatchObject({
      estadoAnulado: true,
      motivoAnulacion: 'Depósito registrado en el comprobante equivocado',
      usuarioAnulacion: t.usuario.nombreUsuario,
    });
    // The balance is owed again and the company is blocked at once (security control reads it live).
    const d = (await t.get(`/api/Comprobante/Consultar?CodigoComprobante=${v.codigoComprobante}`)).json().data;
    expect([d.saldo, d.estado]).toEqual(['118.00', 'PENDIENTE']);
    expect(await bloqueo()).toBe(true);
    const seguridad = await e.sesion(3, 1);
    const gate = await seguridad.get(`/api/EmpresaUsuario/ConsultaEmpresaUsuarioBloqueo?Codigo=${empresa}`);
    expect(gate.json().data.indicadorBloqueo).toBe(true);
    const [log] = await e.db.select().from(logSistema).where(eq(logSistema.tipo, 'PAGO_ANULAR'));
    expect(log?.codigoEntidad).toBe(String(codigoPago));
    // Still listed, marked annulled; annulling it again is refused.
    const lista = (await t.get(`/api/Pago/ListarDatos?limit=50&Columna=numero&Valor=${d.serie}`)).json().data;
    expect(lista.find((p: { codigoPago: number }) => p.codigoPago === codigoPago)?.estadoAnulado).toBe(true);
    const otraVez = await t.post('/api/Pago/Anular', { data: { codigoPago, motivo: 'Otra vez' } });
    expect(otraVez.statusCode).toBe(422);
    expect(otraVez.json().message).toBe(MENSAJES_FINANZAS.pagoYaAnulado);
  });
});
