import { MENSAJES_FINANZAS } from '@cronos/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { fabricaEtapas } from '../../../test/fabricas-etapas';
import {
  comprobante,
  empresaUsuario,
  importador,
  kardex,
  logSistema,
  lote,
  parametroFinanzas,
  transportistaUsuario,
} from '../../db/schema';
import { diasAlmacenaje } from './corridas.service';

/** Finance, second part: importers' registration, storage days and renewals in the run, parameters, manual forms. */
type Sesion = Awaited<ReturnType<Entorno['sesion']>>;
let e: Entorno;
let tesorero: Sesion;
const servicios: Record<string, number> = {};

const tarifa = (
  codigo: string,
  descripcion: string,
  unidad: string,
  moneda: string,
  afectacionIgv: string,
  precio: number,
) =>
  tesorero.post('/api/Tarifa/Guardar', {
    data: { codigo, descripcion, unidad, moneda, afectacionIgv, precio, vigenteDesde: '2026-01-01' },
  });

beforeAll(async () => {
  e = await crearEntorno();
  tesorero = await e.sesion(9, 1);
  for (const [codigo, descripcion, unidad, moneda, afectacion, precio] of [
    ['PESAJE', 'Pesaje de vehículo', 'ORDEN_PESADA', 'PEN', '10', 100],
    ['ALMACEN', 'Almacenaje por día', 'DIA_ALMACEN', 'PEN', '20', 50],
    ['REG_TRANSP', 'Registro anual de transportista', 'REGISTRO_ANUAL', 'PEN', '30', 120],
  ] as const) {
    const r = await tarifa(codigo, descripcion, unidad, moneda, afectacion, precio);
    expect(r.statusCode, r.body).toBe(200);
    servicios[codigo] = r.json().data.codigoServicio;
  }
});
afterAll(async () => {
  await e.cerrar();
});

const detalle = async (id: number) =>
  (await tesorero.get(`/api/Comprobante/Consultar?CodigoComprobante=${id}`)).json().data;
const auditados = async (tipo: string) =>
  (await e.db.select().from(logSistema).where(eq(logSistema.tipo, tipo))).length;

describe('registro anual de importadores', () => {
  it('lista vencidos, renueva por un año y factura REG_IMPORT en una transacción; sin tarifa no cambia nada', async () => {
    const empresa = (await e.crearEmpresa()).codigoEmpresaUsuario;
    const [vencido, vigente] = await e.db
      .insert(importador)
      .values([
        {
          codigoEmpresaUsuario: empresa,
          ruc: '20100070970',
          razonSocial: 'IMPORTADOR VENCIDO S.A.',
          fechaInicio: '2025-11-01',
          fechaCese: '2026-10-31',
        },
        {
          codigoEmpresaUsuario: empresa,
          ruc: '20100128056',
          razonSocial: 'IMPORTADOR VIGENTE S.A.',
          fechaInicio: '2026-06-01',
          fechaCese: '2027-05-31',
        },
      ])
      .returning();
    const id = vencido?.codigoImportador ?? 0;
    const lista = (
      await tesorero.get(`/api/Finanzas/ListarImportadores?limit=10&CodigoEmpresaUsuario=${empresa}`)
    ).json().data;
    expect(
      lista.map((f: { razonSocial: string; estadoRegistro: string }) => [f.razonSocial, f.estadoRegistro]),
    ).toEqual([
      ['IMPORTADOR VENCIDO S.A.', 'VENCIDO'],
      ['IMPORTADOR VIGENTE S.A.', 'VIGENTE'],
    ]);
    const soloVencidos = (
      await tesorero.get(`/api/Finanzas/ListarImportadores?SoloVencidos=true&CodigoEmpresaUsuario=${empresa}`)
    ).json().data;
    expect(soloVencidos.map((f: { codigoImportador: number }) => f.codigoImportador)).toEqual([id]);

    const antes = await e.contarAuditoria();
    const sinTarifa = await tesorero.post('/api/Finanzas/RenovarImportador', { data: { codigoImportador: id } });
    expect(sinTarifa.statusCode).toBe(422);
    expect(sinTarifa.json().message).toBe(MENSAJES_FINANZAS.sinTarifaImportador);
    expect(await e.contarAuditoria()).toBe(antes);
    const [sinCambio] = await e.db.select().from(importador).where(eq(importador.codigoImportador, id));
    expect(sinCambio?.fechaCese).toBe('2026-10-31');

    expect(
      (await tarifa('REG_IMPORT', 'Registro anual de importador', 'REGISTRO_ANUAL', 'USD', '10', 80)).statusCode,
    ).toBe(200);
    const otraEmpresa = await e.sesion(8, (await e.crearEmpresa()).codigoEmpresaUsuario);
    const ajeno = await otraEmpresa.post('/api/Finanzas/RenovarImportador', { data: { codigoImportador: id } });
    expect(ajeno.statusCode).toBe(403);

    const antesRenovar = await e.contarAuditoria();
    const r = await tesorero.post('/api/Finanzas/RenovarImportador', { data: { codigoImportador: id } });
    expect(r.statusCode, r.body).toBe(200);
    // 80.00 + IGV 14.40 = 94.40 USD, billed to the importer's company.
    expect([r.json().data.codigoEmpresaUsuario, r.json().data.moneda, r.json().data.total]).toEqual([
      empresa,
      'USD',
      '94.40',
    ]);
    expect(await e.contarAuditoria()).toBe(antesRenovar + 1);
    expect(await auditados('IMPORTADOR_RENOVACION_FACTURADA')).toBe(1);
    const [despues] = await e.db.select().from(importador).where(eq(importador.codigoImportador, id));
    // Today is 2026-11-20 (the tests' clock): a year from today.
    expect([despues?.fechaInicio, despues?.fechaCese]).toEqual(['2026-11-20', '2027-11-19']);
    const d = await detalle(r.json().data.codigoComprobante);
    expect(d.lineas[0].origen).toEqual(['importador 20100070970']);
    const ahora = (
      await tesorero.get(`/api/Finanzas/ListarImportadores?SoloVencidos=true&CodigoEmpresaUsuario=${empresa}`)
    ).json().data;
    expect(ahora).toEqual([]);
    expect(vigente?.fechaCese).toBe('2027-05-31');
  });
});

describe('corrida: almacenaje por día y renovaciones que vencen', () => {
  it('días de almacenaje calculados a mano', () => {
    // Both ends count; clipped to the period.
    expect(diasAlmacenaje('2026-09-20', null, '2026-10-01', '2026-10-31').dias).toBe(31);
    expect(diasAlmacenaje('2026-10-09', '2026-10-20', '2026-10-01', '2026-10-31').dias).toBe(12);
    expect(diasAlmacenaje('2026-10-25', '2026-10-31', '2026-10-01', '2026-10-31').dias).toBe(7);
    expect(diasAlmacenaje('2026-09-01', '2026-09-30', '2026-10-01', '2026-10-31').dias).toBe(0);
    expect(diasAlmacenaje('2026-10-05', '2026-10-05', '2026-10-01', '2026-10-31').dias).toBe(1);
    expect(diasAlmacenaje('2026-09-20', null, '2026-09-01', '2026-09-30').dias).toBe(11);
  });

  it('factura días de almacenaje por lote y las renovaciones del periodo, trazados; emitir dos veces factura una vez', async () => {
    const f = fabricaEtapas(e.db);
    const empresa = (await e.crearEmpresa()).codigoEmpresaUsuario;
    // Lots (instants in UTC; Lima is UTC-5):
    //  A in since Sep 20, still in stock          → Oct 1..31  = 31 days
    //  B in Oct 9 23:30 Lima, out Oct 20           → Oct 9..20  = 12 days
    //  C in Oct 25, out Oct 31 23:00 Lima          → Oct 25..31 =  7 days
    //  D in and out in September                   → 0
    //  E in Nov 1 00:00 Lima                       → 0
    // 50 days × 50.00 (exonerado) = 2500.00
    const lotes: [string, string, string | null][] = [
      ['A', '2026-09-20T15:00:00Z', null],
      ['B', '2026-10-10T04:30:00Z', '2026-10-20T16:00:00Z'],
      ['C', '2026-10-25T12:00:00Z', '2026-11-01T04:00:00Z'],
      ['D', '2026-09-01T15:00:00Z', '2026-09-30T12:00:00Z'],
      ['E', '2026-11-01T05:00:00Z', null],
    ];
    const codigos: Record<string, number> = {};
    for (const [nombre, entrada, salida] of lotes) {
      const l = await f.crearLote(empresa, 10);
      codigos[nombre] = l.codigoLote;
      await e.db
        .update(lote)
        .set({ fechaIngreso: new Date(entrada), numeroDocumento: `DOC-${nombre}` })
        .where(eq(lote.codigoLote, l.codigoLote));
      if (salida) {
        await e.db.update(lote).set({ cantidadStock: '0' }).where(eq(lote.codigoLote, l.codigoLote));
        await e.db.insert(kardex).values({
          codigoLote: l.codigoLote,
          codigoEmpresaAlmacen: l.codigoEmpresaAlmacen,
          codigoCatalogoUsuario: l.codigoCatalogoUsuario,
          tipo: 'S',
          cantidad: '10.000',
          saldoLote: '0.000',
          fecha: new Date(salida),
        });
      }
    }
    // Registrations: a carrier due Oct 15 and an importer due Oct 31 are renewed; one due Nov 1 is not.
    const [t] = await e.db
      .insert(transportistaUsuario)
      .values({
        codigoEmpresaUsuario: empresa,
        ruc: '20445566773',
        razonSocial: 'TRANSPORTES OCTUBRE S.A.C.',
        fechaInicio: '2025-10-16',
        fechaCese: '2026-10-15',
      })
      .returning();
    const [i1, i2] = await e.db
      .insert(importador)
      .values([
        {
          codigoEmpresaUsuario: empresa,
          ruc: '20331898008',
          razonSocial: 'IMPORTADOR OCTUBRE S.A.',
          fechaInicio: '2025-11-01',
          fechaCese: '2026-10-31',
        },
        {
          codigoEmpresaUsuario: empresa,
          ruc: '20536557858',
          razonSocial: 'IMPORTADOR NOVIEMBRE S.A.',
          fechaInicio: '2025-11-02',
          fechaCese: '2026-11-01',
        },
      ])
      .returning();

    const url = `/api/Facturacion/Previsualizar?Periodo=2026-10&CodigoEmpresaUsuario=${empresa}`;
    const previa = (await tesorero.get(url)).json().data;
    expect(previa.map((p: { moneda: string; total: string }) => [p.moneda, p.total])).toEqual([
      // 2500.00 exonerado + 120.00 inafecto
      ['PEN', '2620.00'],
      // 80.00 + 14.40
      ['USD', '94.40'],
    ]);
    const [almacen, regT] = previa[0].lineas;
    expect([almacen.unidad, almacen.cantidad, almacen.valorVenta, almacen.igv]).toEqual([
      'DIA_ALMACEN',
      '50',
      '2500.00',
      '0.00',
    ]);
    expect(almacen.origen).toEqual([
      `DOC-A lote ${codigos.A}: 31 d (2026-10-01 a 2026-10-31)`,
      `DOC-B lote ${codigos.B}: 12 d (2026-10-09 a 2026-10-20)`,
      `DOC-C lote ${codigos.C}: 7 d (2026-10-25 a 2026-10-31)`,
    ]);
    expect([regT.unidad, regT.cantidad, regT.valorVenta, regT.origen]).toEqual([
      'REGISTRO_ANUAL',
      '1',
      '120.00',
      ['transportista 20445566773'],
    ]);
    expect(previa[1].lineas[0].origen).toEqual(['importador 20331898008']);

    const [a, b] = await Promise.all([
      tesorero.post('/api/Facturacion/Emitir', { data: { periodo: '2026-10', codigoEmpresaUsuario: empresa } }),
      tesorero.post('/api/Facturacion/Emitir', { data: { periodo: '2026-10', codigoEmpresaUsuario: empresa } }),
    ]);
    expect([a?.statusCode, b?.statusCode]).toEqual([200, 200]);
    expect((a?.json().data.comprobantesEmitidos ?? 0) + (b?.json().data.comprobantesEmitidos ?? 0)).toBe(2);
    const otra = await tesorero.post('/api/Facturacion/Emitir', {
      data: { periodo: '2026-10', codigoEmpresaUsuario: empresa },
    });
    expect([otra.json().data.comprobantesEmitidos, otra.json().data.empresasOmitidas]).toEqual([0, 1]);
    const emitidos = await e.db.select().from(comprobante).where(eq(comprobante.codigoEmpresaUsuario, empresa));
    expect(emitidos.map((c) => [c.moneda, c.total]).sort()).toEqual([
      ['PEN', '2620.00'],
      ['USD', '94.40'],
    ]);
    // Renewed from the day after each was due, for a year; the one due in November is untouched.
    const [tt] = await e.db
      .select()
      .from(transportistaUsuario)
      .where(eq(transportistaUsuario.codigoTransportistaUsuario, t?.codigoTransportistaUsuario ?? 0));
    expect([tt?.fechaInicio, tt?.fechaCese]).toEqual(['2026-10-16', '2027-10-15']);
    const [ii1] = await e.db
      .select()
      .from(importador)
      .where(eq(importador.codigoImportador, i1?.codigoImportador ?? 0));
    expect([ii1?.fechaInicio, ii1?.fechaCese]).toEqual(['2026-11-01', '2027-10-31']);
    const [ii2] = await e.db
      .select()
      .from(importador)
      .where(eq(importador.codigoImportador, i2?.codigoImportador ?? 0));
    expect(ii2?.fechaCese).toBe('2026-11-01');
    const despues = (await tesorero.get(url)).json().data;
    expect(despues.every((p: { facturado: boolean }) => p.facturado)).toBe(true);
    expect(despues[0].comprobante).toMatch(/^F001-\d{8}$/);
  });
});

describe('parámetros de finanzas', () => {
  it('valida con mensajes, guarda auditado y el bloqueo sigue a los nuevos días', async () => {
    const cliente = await e.sesion(8, (await e.crearEmpresa()).codigoEmpresaUsuario);
    const antes = await e.contarAuditoria();
    const mal = await tesorero.post('/api/Finanzas/GuardarParametros', {
      data: { diasCredito: -1, diasBloqueo: 'x', tasaMoraDiaria: 2 },
    });
    expect(mal.statusCode).toBe(422);
    expect(mal.json().errors.diasCredito).toEqual(['Los días de crédito no pueden ser negativos']);
    expect(Object.keys(mal.json().errors).sort()).toEqual(['diasBloqueo', 'diasCredito', 'tasaMoraDiaria']);
    expect(mal.json().errors.tasaMoraDiaria).toEqual(['La mora diaria no puede superar 1 % por día']);
    const decimales = await tesorero.post('/api/Finanzas/GuardarParametros', {
      data: { diasCredito: 30, diasBloqueo: 15, tasaMoraDiaria: 0.12345 },
    });
    expect(decimales.json().errors.tasaMoraDiaria).toEqual(['Máximo 4 decimales']);
    expect(
      (
        await cliente.post('/api/Finanzas/GuardarParametros', {
          data: { diasCredito: 1, diasBloqueo: 1, tasaMoraDiaria: 0 },
        })
      ).statusCode,
    ).toBe(403);
    expect(await e.contarAuditoria()).toBe(antes);
    expect(await e.db.select().from(parametroFinanzas)).toHaveLength(0);

    const deudora = (await e.crearEmpresa()).codigoEmpresaUsuario;
    const v = await tesorero.post('/api/Comprobante/Emitir', {
      data: {
        codigoEmpresaUsuario: deudora,
        tipoComprobante: '01',
        lineas: [{ codigoServicio: servicios.PESAJE, cantidad: 1 }],
      },
    });
    expect(v.statusCode, v.body).toBe(200);
    const bloqueo = async () =>
      (await e.db.select().from(empresaUsuario).where(eq(empresaUsuario.codigoEmpresaUsuario, deudora)))[0]
        ?.indicadorBloqueo;
    // Issued today, due in 30 days: with no days of grace it is not late yet.
    const guardar = (diasCredito: number, diasBloqueo: number, tasaMoraDiaria: number | string) =>
      tesorero.post('/api/Finanzas/GuardarParametros', { data: { diasCredito, diasBloqueo, tasaMoraDiaria } });
    const ok = await guardar(30, 0, '0.1');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toEqual({ diasCredito: 30, diasBloqueo: 0, tasaMoraDiaria: '0.1', version: 2 });
    expect(ok.json().message).toBe('Parámetros guardados');
    expect(await auditados('PARAMETROS_FINANZAS_GUARDAR')).toBe(1);
    expect(await bloqueo()).toBe(false);
    // The due date is fixed at issue (today + 30); 31 days later, with no grace, the company is blocked at once
    // when the parameters are saved, and lifted when the grace is raised again.
    e.reloj.avanzar(31 * 86_400_000);
    const tesoreroLuego = await e.sesion(9, 1);
    const r1 = await tesoreroLuego.post('/api/Finanzas/GuardarParametros', {
      data: { diasCredito: 30, diasBloqueo: 0, tasaMoraDiaria: 0.1 },
    });
    expect(r1.statusCode).toBe(200);
    expect(await bloqueo()).toBe(true);
    const r2 = await tesoreroLuego.post('/api/Finanzas/GuardarParametros', {
      data: { diasCredito: 30, diasBloqueo: 15, tasaMoraDiaria: 0.05 },
    });
    expect(r2.statusCode).toBe(200);
    expect(await bloqueo()).toBe(false);
    expect((await tesoreroLuego.get('/api/Finanzas/Parametros')).json().data.tasaMoraDiaria).toBe('0.05');
    expect(await auditados('PARAMETROS_FINANZAS_GUARDAR')).toBe(3);
    e.reloj.avanzar(-31 * 86_400_000);
  });
});

describe('emisión manual y nota de crédito', () => {
  it('líneas de tarifa y de texto libre con su afectación; una línea libre incompleta se rechaza', async () => {
    const empresa = (await e.crearEmpresa()).codigoEmpresaUsuario;
    const r = await tesorero.post('/api/Comprobante/Emitir', {
      data: {
        codigoEmpresaUsuario: empresa,
        tipoComprobante: '01',
        moneda: 'PEN',
        lineas: [
          { codigoServicio: servicios.PESAJE, cantidad: 2 },
          { descripcion: 'Servicio de estiba', cantidad: 3, valorUnitario: 12.5, afectacionIgv: '10' },
          { descripcion: 'Copia certificada', cantidad: 1, valorUnitario: 7.3, afectacionIgv: '30' },
        ],
      },
    });
    expect(r.statusCode, r.body).toBe(200);
    const d = await detalle(r.json().data.codigoComprobante);
    // Gravado 200.00 + 37.50 = 237.50, IGV 42.75; inafecto 7.30; total 287.55
    expect([d.totalGravado, d.igv, d.totalInafecto, d.total]).toEqual(['237.50', '42.75', '7.30', '287.55']);
    expect(d.lineas[1]).toEqual(expect.objectContaining({ descripcion: 'Servicio de estiba', valorVenta: '37.50' }));
    const antes = await e.contarAuditoria();
    const mal = await tesorero.post('/api/Comprobante/Emitir', {
      data: { codigoEmpresaUsuario: empresa, tipoComprobante: '03', lineas: [{ cantidad: 1 }] },
    });
    expect(mal.statusCode).toBe(422);
    expect(Object.keys(mal.json().errors).sort()).toEqual([
      'lineas.0.afectacionIgv',
      'lineas.0.descripcion',
      'lineas.0.valorUnitario',
    ]);
    const usd = await tesorero.post('/api/Comprobante/Emitir', {
      data: {
        codigoEmpresaUsuario: empresa,
        tipoComprobante: '01',
        moneda: 'USD',
        lineas: [{ codigoServicio: servicios.PESAJE, cantidad: 1 }],
      },
    });
    expect(usd.statusCode).toBe(422);
    expect(usd.json().errors['lineas.0.codigoServicio']).toEqual([MENSAJES_FINANZAS.monedasDistintas]);
    expect(await e.contarAuditoria()).toBe(antes);
  });

  it('la nota de crédito no supera el saldo del comprobante', async () => {
    const empresa = (await e.crearEmpresa()).codigoEmpresaUsuario;
    const v = (
      await tesorero.post('/api/Comprobante/Emitir', {
        data: {
          codigoEmpresaUsuario: empresa,
          tipoComprobante: '01',
          lineas: [{ codigoServicio: servicios.PESAJE, cantidad: 2 }],
        },
      })
    ).json().data; // 236.00
    await tesorero.post('/api/Pago/Registrar', {
      data: { codigoComprobante: v.codigoComprobante, monto: 200, fechaPago: '2026-11-20', metodo: 'EFECTIVO' },
    });
    const antes = await e.contarAuditoria();
    // Balance 36.00: one weighing (118.00) is above it.
    const excede = await tesorero.post('/api/Comprobante/EmitirNotaCredito', {
      data: {
        codigoComprobante: v.codigoComprobante,
        codigoMotivo: '07',
        motivo: 'Devolución',
        lineas: [{ orden: 1, cantidad: 1 }],
      },
    });
    expect(excede.statusCode).toBe(422);
    expect(excede.json().message).toBe(MENSAJES_FINANZAS.notaExcede);
    expect(await e.contarAuditoria()).toBe(antes);
    // 0.25 of a weighing: 25.00 + 4.50 = 29.50 ≤ 36.00.
    const ok = await tesorero.post('/api/Comprobante/EmitirNotaCredito', {
      data: {
        codigoComprobante: v.codigoComprobante,
        codigoMotivo: '09',
        motivo: 'Ajuste',
        lineas: [{ orden: 1, cantidad: 0.25 }],
      },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect([ok.json().data.tipoComprobante, ok.json().data.total]).toEqual(['07', '29.50']);
    expect((await detalle(v.codigoComprobante)).saldo).toBe('6.50');
    // By amount (IGV included): 7.00 is above the 6.50 left; 5.00 = 4.24 + IGV 0.76.
    const porMonto = (monto: number, codigoComprobante = v.codigoComprobante) =>
      tesorero.post('/api/Comprobante/EmitirNotaCredito', {
        data: { codigoComprobante, codigoMotivo: '09', motivo: 'Descuento por demora', monto },
      });
    const alto = await porMonto(7);
    expect(alto.statusCode).toBe(422);
    expect(alto.json().message).toBe(MENSAJES_FINANZAS.notaExcede);
    const cinco = await porMonto(5);
    expect(cinco.statusCode, cinco.body).toBe(200);
    const dn = await detalle(cinco.json().data.codigoComprobante);
    expect([dn.totalGravado, dn.igv, dn.total, dn.lineas[0].descripcion]).toEqual([
      '4.24',
      '0.76',
      '5.00',
      'Descuento por demora',
    ]);
    expect((await detalle(v.codigoComprobante)).saldo).toBe('1.50');
    // 10.00 cannot be reached exactly (8.47 + 1.52 = 9.99; 8.48 + 1.53 = 10.01): the closest note below it.
    const otro = (
      await tesorero.post('/api/Comprobante/Emitir', {
        data: {
          codigoEmpresaUsuario: empresa,
          tipoComprobante: '01',
          lineas: [{ codigoServicio: servicios.PESAJE, cantidad: 1 }],
        },
      })
    ).json().data;
    expect((await porMonto(10, otro.codigoComprobante)).json().data.total).toBe('9.99');
    const mixto = (
      await tesorero.post('/api/Comprobante/Emitir', {
        data: {
          codigoEmpresaUsuario: empresa,
          tipoComprobante: '01',
          lineas: [
            { codigoServicio: servicios.PESAJE, cantidad: 1 },
            { codigoServicio: servicios.ALMACEN, cantidad: 1 },
          ],
        },
      })
    ).json().data;
    const noMixto = await porMonto(10, mixto.codigoComprobante);
    expect(noMixto.statusCode).toBe(422);
    expect(noMixto.json().errors.monto).toEqual([MENSAJES_FINANZAS.notaMontoMixta]);
    const [{ n } = { n: -1 }] = await e.db
      .select({ n: count() })
      .from(comprobante)
      .where(and(eq(comprobante.codigoComprobanteReferencia, v.codigoComprobante)));
    expect(n).toBe(2);
  });
});

describe('días de crédito y de bloqueo editados desde dos pantallas', () => {
  it('guardar sobre valores que otro cambió después de leerlos es 409 y no cambia nada, en ambos sentidos', async () => {
    const leidoFinanzas = (await tesorero.get('/api/Finanzas/Parametros')).json().data;
    const leidoAjustes = (await tesorero.get('/api/Ajustes/Plazos')).json().data;
    expect(leidoAjustes.versionDeuda).toBe(leidoFinanzas.version);

    // Configuración general saves first: the finance form, read before, would undo it; it is refused.
    const ajustes = await tesorero.post('/api/Ajustes/GuardarDeuda', {
      data: { diasCredito: 40, diasBloqueo: 12, versionDeuda: leidoAjustes.versionDeuda },
    });
    expect(ajustes.statusCode, ajustes.body).toBe(200);
    expect(ajustes.json().data.versionDeuda).toBe(leidoAjustes.versionDeuda + 1);
    const antes = await e.contarAuditoria();
    const viejo = await tesorero.post('/api/Finanzas/GuardarParametros', {
      data: { diasCredito: 30, diasBloqueo: 15, tasaMoraDiaria: 0.05, version: leidoFinanzas.version },
    });
    expect(viejo.statusCode).toBe(409);
    expect(viejo.json().message).toBe(MENSAJES_FINANZAS.parametrosCambiaron);
    expect(await e.contarAuditoria()).toBe(antes);
    const ahora = (await tesorero.get('/api/Finanzas/Parametros')).json().data;
    expect(ahora).toMatchObject({ diasCredito: 40, diasBloqueo: 12, version: leidoFinanzas.version + 1 });

    // Finance saves with the version it reloaded; now the settings form read before is the stale one.
    const finanzas = await tesorero.post('/api/Finanzas/GuardarParametros', {
      data: { diasCredito: 35, diasBloqueo: 10, tasaMoraDiaria: 0.05, version: ahora.version },
    });
    expect(finanzas.statusCode, finanzas.body).toBe(200);
    const viejoAjustes = await tesorero.post('/api/Ajustes/GuardarDeuda', {
      data: { diasCredito: 40, diasBloqueo: 12, versionDeuda: ahora.version },
    });
    expect(viejoAjustes.statusCode).toBe(409);
    expect(viejoAjustes.json().message).toBe(MENSAJES_FINANZAS.parametrosCambiaron);
    expect(await e.contarAuditoria()).toBe(antes + 1);
    const final = (await tesorero.get('/api/Ajustes/Plazos')).json().data;
    expect(final).toMatchObject({ diasCredito: 35, diasBloqueo: 10, versionDeuda: ahora.version + 1 });

    // A bad version is a field error, not a save.
    const mala = await tesorero.post('/api/Ajustes/GuardarDeuda', {
      data: { diasCredito: 1, diasBloqueo: 1, versionDeuda: -3 },
    });
    expect(mala.statusCode).toBe(422);
    // Leave the defaults for whatever runs after.
    const restaurar = await tesorero.post('/api/Finanzas/GuardarParametros', {
      data: { diasCredito: 30, diasBloqueo: 15, tasaMoraDiaria: 0.05, version: final.versionDeuda },
    });
    expect(restaurar.statusCode, restaurar.body).toBe(200);
  });
});

describe('comprobantes con saldo (selector de pagos y notas de crédito)', () => {
  it('ConSaldo=true filtra en el servidor: un comprobante antiguo con saldo sale en la primera página', async () => {
    const empresa = (await e.crearEmpresa()).codigoEmpresaUsuario;
    const emitir = async () => {
      const r = await tesorero.post('/api/Comprobante/Emitir', {
        data: {
          codigoEmpresaUsuario: empresa,
          tipoComprobante: '01',
          lineas: [{ codigoServicio: servicios.PESAJE, cantidad: 1 }],
        },
      });
      expect(r.statusCode, r.body).toBe(200);
      return r.json().data as { codigoComprobante: number; fechaEmision: string; total: string };
    };
    const antiguo = await emitir();
    // Newer ones without balance: three paid, one cancelled by a credit note (which has no balance itself).
    for (let i = 0; i < 3; i++) {
      const v = await emitir();
      const pago = await tesorero.post('/api/Pago/Registrar', {
        data: { codigoComprobante: v.codigoComprobante, monto: v.total, fechaPago: v.fechaEmision, metodo: 'EFECTIVO' },
      });
      expect(pago.statusCode, pago.body).toBe(200);
    }
    const anulado = await emitir();
    const nota = await tesorero.post('/api/Comprobante/EmitirNotaCredito', {
      data: { codigoComprobante: anulado.codigoComprobante, codigoMotivo: '01', motivo: 'Anulación', monto: 118 },
    });
    expect(nota.statusCode, nota.body).toBe(200);

    const lista = async (q: string) =>
      (await tesorero.get(`/api/Comprobante/ListarDatos?CodigoEmpresaUsuario=${empresa}&PageNumber=1&${q}`)).json();
    // Without the filter the old voucher is past the first page of 2.
    const todos = await lista('limit=2');
    expect(todos.meta.total).toBe(6);
    expect(todos.data.map((f: { codigoComprobante: number }) => f.codigoComprobante)).not.toContain(
      antiguo.codigoComprobante,
    );
    const conSaldo = await lista('limit=2&ConSaldo=true');
    expect(
      conSaldo.data.map((f: { codigoComprobante: number; saldo: string }) => [f.codigoComprobante, f.saldo]),
    ).toEqual([[antiguo.codigoComprobante, '118.00']]);
    expect(conSaldo.meta.total).toBe(1);
    // Searched by number too.
    const numero = (await detalle(antiguo.codigoComprobante)) as { serie: string; numero: number };
    const buscado = await lista(
      `limit=50&ConSaldo=true&Columna=numero&Valor=${numero.serie}-${String(numero.numero).padStart(8, '0')}`,
    );
    expect(buscado.data).toHaveLength(1);
    // An unknown value is refused in Spanish.
    const mala = await tesorero.get('/api/Comprobante/ListarDatos?ConSaldo=quizas');
    expect(mala.statusCode).toBe(422);
    expect(mala.json().errors).toHaveProperty('ConSaldo');
  });

  it('la lista se ordena en el servidor: la segunda página sigue a la primera en el orden pedido', async () => {
    const empresa = (await e.crearEmpresa()).codigoEmpresaUsuario;
    // Five vouchers whose totals do not follow their issue order, two of them equal (the tie-breaker decides).
    const cantidades = [3, 1, 5, 1, 2];
    for (const cantidad of cantidades) {
      const r = await tesorero.post('/api/Comprobante/Emitir', {
        data: {
          codigoEmpresaUsuario: empresa,
          tipoComprobante: '01',
          lineas: [{ codigoServicio: servicios.PESAJE, cantidad }],
        },
      });
      expect(r.statusCode, r.body).toBe(200);
    }
    const pagina = async (n: number, orden: string) =>
      (
        await tesorero.get(
          `/api/Comprobante/ListarDatos?CodigoEmpresaUsuario=${empresa}&limit=2&PageNumber=${n}&OrdenarPor=total&Orden=${orden}`,
        )
      ).json().data as { codigoComprobante: number; total: string }[];
    for (const orden of ['asc', 'desc']) {
      const filas = [...(await pagina(1, orden)), ...(await pagina(2, orden)), ...(await pagina(3, orden))];
      // Every voucher once, across the pages, in the order of their totals.
      expect(new Set(filas.map((f) => f.codigoComprobante)).size).toBe(5);
      const totales = filas.map((f) => Number(f.total));
      const esperado = [...totales].sort((a, b) => (orden === 'asc' ? a - b : b - a));
      expect(totales).toEqual(esperado);
      expect(totales[0]).toBe(orden === 'asc' ? Math.min(...totales) : Math.max(...totales));
      // The two equal totals follow their voucher id in the same direction, wherever the page boundary falls.
      const ids = filas
        .filter((f) => totales.filter((t) => t === Number(f.total)).length > 1)
        .map((f) => f.codigoComprobante);
      expect(ids).toHaveLength(2);
      expect(ids).toEqual([...ids].sort((a, b) => (orden === 'asc' ? a - b : b - a)));
    }
    // Only the columns the list's contract names (each with an index), in Spanish, never SQL text; a direction other
    // than asc/desc neither.
    for (const columna of ['hash', 'saldo', 'fecha_emision;drop table comprobante']) {
      const mala = await tesorero.get(`/api/Comprobante/ListarDatos?OrdenarPor=${encodeURIComponent(columna)}`);
      expect(mala.statusCode).toBe(422);
      expect(mala.json().errors.OrdenarPor).toEqual(['La lista no se puede ordenar por esa columna.']);
    }
    const malOrden = await tesorero.get('/api/Comprobante/ListarDatos?OrdenarPor=total&Orden=arriba');
    expect(malOrden.statusCode).toBe(422);
    expect(malOrden.json().errors.Orden).toEqual(['El orden debe ser asc o desc']);
    // The debt report sorts by days late on the server too (the most overdue first, descending).
    const deuda = await tesorero.get('/api/ReporteFinanciero/ListarDeuda?limit=100&OrdenarPor=diasAtraso&Orden=desc');
    expect(deuda.statusCode, deuda.body).toBe(200);
    const dias = (deuda.json().data as { diasAtraso: number }[]).map((f) => f.diasAtraso);
    expect(dias.length).toBeGreaterThan(1);
    expect(dias).toEqual([...dias].sort((a, b) => b - a));
    const malaDeuda = await tesorero.get('/api/ReporteFinanciero/ListarDeuda?OrdenarPor=total');
    expect(malaDeuda.statusCode).toBe(422);
    expect(malaDeuda.json().errors.OrdenarPor).toEqual(['La lista no se puede ordenar por esa columna.']);
    // The company's five vouchers fall due the same day (equal days late): pages 1–3 of two still hold each once, in
    // the order of their ids (the tie-breaker), the other way round when ascending.
    const paginaDeuda = async (n: number, orden: string) =>
      (
        await tesorero.get(
          `/api/ReporteFinanciero/ListarDeuda?CodigoEmpresaUsuario=${empresa}&limit=2&PageNumber=${n}&OrdenarPor=diasAtraso&Orden=${orden}`,
        )
      ).json().data as { codigoComprobante: number; diasAtraso: number }[];
    const deEmpresa = async (orden: string) =>
      [...(await paginaDeuda(1, orden)), ...(await paginaDeuda(2, orden)), ...(await paginaDeuda(3, orden))].map(
        (f) => f.codigoComprobante,
      );
    const desc = await deEmpresa('desc');
    expect(desc).toHaveLength(5);
    expect(desc).toEqual([...desc].sort((a, b) => a - b));
    expect(await deEmpresa('asc')).toEqual([...desc].reverse());
  });
});
