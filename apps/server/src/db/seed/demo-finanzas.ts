import { randomUUID } from 'node:crypto';
import { EMPRESA_OPERADOR, fechaLima, PERMISOS_POR_ROL, sumarDias } from '@cronos/contract';
import { count, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { solicitudesAuditadas } from '../../platform/auditoria';
import type { Ctx } from '../../platform/contexto';
import { firmanteGuardado } from '../../modules/finanzas/certificado-firma';
import * as finanzas from '../../modules/finanzas/finanzas.service';
import type { Db } from '../client';
import { almacen, catalogoUsuario, comprobante, kardex, lote, servicioTarifa, usuario } from '../schema';

const DIA = 86_400_000;
const silencio = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  child: () => silencio,
} as unknown as FastifyBaseLogger;

/**
 * Lots that have spent months in the zone, so a run's storage line has substance: per company, one in storage
 * since four months ago, one that entered two months ago and left in the middle of last month, one of this month's
 * first days (entry and exit dated, each with its ledger entry). `[company, product, heading, days ago in, days ago out]`.
 */
const LOTES_ALMACEN: [number, string, string, number, number | null][] = [
  [2, 'CAJAS DE CARTÓN CORRUGADO', '4819100000', 125, null],
  [2, 'BOBINAS DE FILM STRETCH', '3920109000', 62, 20],
  [3, 'REPUESTOS DE MAQUINARIA AGRÍCOLA', '8433900000', 150, null],
  [4, 'LLANTAS PARA CAMIÓN 295/80', '4011200000', 95, 35],
  [4, 'ACEITE LUBRICANTE EN CILINDROS', '2710198000', 40, null],
  [5, 'TELAS DE ALGODÓN EN ROLLOS', '5208520000', 110, null],
  [6, 'ARTEFACTOS ELECTRODOMÉSTICOS', '8516799000', 70, 8],
];

async function sembrarLotesAlmacen(db: Db, hoy: Date) {
  const hace = (dias: number) => new Date(hoy.getTime() - dias * DIA);
  for (const [empresa, producto, partida, entrada, salida] of LOTES_ALMACEN) {
    const [a] = await db.select().from(almacen).where(eq(almacen.codigoEmpresaUsuario, empresa)).limit(1);
    if (!a) continue;
    const [c] = await db
      .insert(catalogoUsuario)
      .values({
        codigoEmpresaUsuario: empresa,
        descripcion: producto,
        numeroPartida: partida,
        codigoUnidadMedida: 'NIU',
        codigoExistencia: '01',
      })
      .returning();
    if (!c) continue;
    const cantidad = '425.000';
    const [l] = await db
      .insert(lote)
      .values({
        codigoEmpresaAlmacen: a.codigoEmpresaAlmacen,
        codigoCatalogoUsuario: c.codigoCatalogoUsuario,
        numeroDocumento: `ALM-${empresa}-${entrada}`,
        cantidadIngresada: cantidad,
        cantidadStock: salida === null ? cantidad : '0.000',
        fechaIngreso: hace(entrada),
      })
      .returning();
    if (!l) continue;
    const base = {
      codigoLote: l.codigoLote,
      codigoEmpresaAlmacen: a.codigoEmpresaAlmacen,
      codigoCatalogoUsuario: c.codigoCatalogoUsuario,
      cantidad,
    };
    await db.insert(kardex).values({ ...base, tipo: 'E', saldoLote: cantidad, fecha: hace(entrada) });
    if (salida !== null)
      await db.insert(kardex).values({ ...base, tipo: 'S', saldoLote: '0.000', fecha: hace(salida) });
  }
}

/** People who buy at the zone's counter (an access card, a copy): their boletas name them by DNI, never a RUC. */
const PERSONAS = [
  { tipoDocumento: '1' as const, numeroDocumento: '45879632', nombre: 'ROSA ELENA QUISPE MAMANI' },
  { tipoDocumento: '1' as const, numeroDocumento: '70214589', nombre: 'JORGE LUIS CONDORI APAZA' },
];

/**
 * Finance demo (DOMAIN §14): tariffs with a price history, lots that spent months in storage, the invoicing runs of
 * the two previous months (storage days and the demo's weighed orders), a factura, boletas to people (DNI) and a
 * credit note by hand, payments (full and partial), and company 7 blocked by a factura overdue for months. Issued
 * through the module's own services, as the Tesorero, each on its own date. Runs once: nothing when a tariff exists.
 */
export async function sembrarFinanzas(db: Db) {
  const [hay] = await db.select({ n: count() }).from(servicioTarifa);
  if ((hay?.n ?? 0) > 0) return;
  const [t] = await db.select().from(usuario).where(eq(usuario.nombreUsuario, 'tesorero'));
  if (!t) return;
  const hoy = new Date();
  const ids: string[] = [];
  const ctxEn = (ahora: Date): Ctx => ({
    actor: {
      codigoUsuario: t.codigoUsuario,
      nombreUsuario: t.nombreUsuario,
      codigoRol: 9,
      nivelUsuario: t.nivelUsuario,
      codigoEmpresaUsuario: EMPRESA_OPERADOR,
      codigoSesion: 0,
      permisos: new Map(Object.entries(PERMISOS_POR_ROL[9] ?? {})),
    },
    db,
    idSolicitud: ids[ids.push(`semilla-${randomUUID()}`) - 1] as string,
    log: silencio,
    ahora: () => ahora,
  });
  const firmante = await firmanteGuardado(db, hoy);
  const motor: finanzas.Motor = { firmante: async () => firmante, avisarCola: () => {} };
  const ctx = ctxEn(hoy);

  const servicios: Record<string, number> = {};
  const tarifas = [
    ['PESAJE', 'Pesaje de vehículo en balanza', 'ORDEN_PESADA', 'PEN', '10', 25],
    ['ALMACEN', 'Almacenaje por día', 'DIA_ALMACEN', 'PEN', '20', 1.5],
    ['TARJETA', 'Tarjeta de acceso vehicular', 'TARJETA', 'PEN', '10', 15],
    ['REG_TRANSP', 'Registro anual de transportista', 'REGISTRO_ANUAL', 'PEN', '30', 120],
    ['REG_IMPORT', 'Registro anual de importador', 'REGISTRO_ANUAL', 'USD', '10', 80],
  ] as const;
  const inicioAnio = `${fechaLima(hoy).slice(0, 4)}-01-01`;
  for (const [codigo, descripcion, unidad, moneda, afectacionIgv, precio] of tarifas) {
    let codigoServicio: number | null = null;
    if (codigo === 'PESAJE') {
      ({ codigoServicio } = await finanzas.guardarTarifa(ctxEn(hoy), {
        codigo,
        descripcion,
        unidad,
        moneda,
        afectacionIgv,
        precio: 22,
        vigenteDesde: sumarDias(inicioAnio, -365),
      }));
    }
    const f = await finanzas.guardarTarifa(ctxEn(hoy), {
      codigoServicio,
      codigo,
      descripcion,
      unidad,
      moneda,
      afectacionIgv,
      precio,
      vigenteDesde: inicioAnio,
    });
    servicios[codigo] = f.codigoServicio;
  }
  const s = (c: string) => servicios[c] ?? 0;

  // Company 7: a factura issued four months ago, never paid (the gate refuses its trucks).
  const hace = (dias: number) => new Date(hoy.getTime() - dias * DIA);
  await finanzas.emitir(ctxEn(hace(120)), motor, {
    codigoEmpresaUsuario: 7,
    tipoComprobante: '01',
    lineas: [
      { codigoServicio: s('PESAJE'), cantidad: 12 },
      { codigoServicio: s('ALMACEN'), cantidad: 30 },
    ],
  });
  await finanzas.sincronizarBloqueo(db, 7, hoy);

  await sembrarLotesAlmacen(db, hoy);

  // The runs of the two previous months, issued on the first day of the next month; the older one paid.
  const mes = fechaLima(hoy).slice(0, 7);
  const anterior = (p: string) => {
    const [a, m] = p.split('-').map(Number) as [number, number];
    return m === 1 ? `${a - 1}-12` : `${a}-${String(m - 1).padStart(2, '0')}`;
  };
  const p1 = anterior(mes);
  const p2 = anterior(p1);
  const primerDia = (p: string) => new Date(`${p}-01T15:00:00Z`);
  await finanzas.emitirCorrida(ctxEn(primerDia(p1)), motor, p2, null);
  await finanzas.emitirCorrida(ctxEn(primerDia(mes)), motor, p1, null);
  const deCorrida = await db.select().from(comprobante);
  for (const c of deCorrida) {
    if (c.codigoEmpresaUsuario === 7 || !c.codigoCorrida) continue;
    const delMasViejo = c.fechaEmision < `${mes}-01`;
    const monto = delMasViejo ? Number(c.total) : Math.round(Number(c.total) * 50) / 100;
    if (!delMasViejo && c.codigoEmpresaUsuario % 2 === 1) continue;
    await finanzas.registrarPago(ctxEn(hoy), {
      codigoComprobante: c.codigoComprobante,
      monto,
      fechaPago: fechaLima(hoy),
      metodo: 'TRANSFERENCIA',
      referencia: `OP-${c.codigoComprobante}`,
    });
  }

  // By hand: a factura for cards and registration, a boleta, and a credit note correcting one card.
  const f = await finanzas.emitir(ctxEn(hace(10)), motor, {
    codigoEmpresaUsuario: 2,
    tipoComprobante: '01',
    lineas: [
      { codigoServicio: s('TARJETA'), cantidad: 4 },
      { codigoServicio: s('REG_TRANSP'), cantidad: 1 },
      { codigoServicio: s('ALMACEN'), cantidad: 15 },
    ],
  });
  // Boletas to people (a driver's access card, paid at the counter): the buyer is the person, by DNI.
  for (const [i, persona] of PERSONAS.entries()) {
    const b = await finanzas.emitir(ctxEn(hace(5 - i)), motor, {
      codigoEmpresaUsuario: 3,
      tipoComprobante: '03',
      lineas: [{ codigoServicio: s('TARJETA'), cantidad: i + 1 }],
      persona,
    });
    await finanzas.registrarPago(ctxEn(hace(5 - i)), {
      codigoComprobante: b.codigoComprobante,
      monto: Number(b.total),
      fechaPago: fechaLima(hace(5 - i)),
      metodo: 'EFECTIVO',
      referencia: `CAJA-${b.numero}`,
    });
  }
  await finanzas.emitirNotaCredito(ctxEn(hace(3)), motor, {
    codigoComprobante: f.codigoComprobante,
    codigoMotivo: '07',
    motivo: 'Una tarjeta no fue entregada',
    lineas: [{ orden: 1, cantidad: 1 }],
  });
  await finanzas.registrarPago(ctx, {
    codigoComprobante: f.codigoComprobante,
    monto: 100,
    fechaPago: fechaLima(hoy),
    metodo: 'DEPOSITO',
    referencia: 'DEP-0001',
  });
  for (const id of ids) solicitudesAuditadas.delete(id);
}
