import { randomUUID } from 'node:crypto';
import { digitoVerificadorRuc, EMPRESA_OPERADOR, fechaLima, PERMISOS_POR_ROL, sumarDias } from '@cronos/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { firmanteGuardado } from '../../modules/finanzas/certificado-firma';
import * as finanzas from '../../modules/finanzas/finanzas.service';
import { solicitudesAuditadas } from '../../platform/auditoria';
import type { Ctx } from '../../platform/contexto';
import type { Db } from '../client';
import {
  almacen,
  catalogoUsuario,
  empresaUsuario,
  importador,
  movimiento,
  movimientoDetalle,
  movimientoDocumento,
  servicioTarifa,
  usuario,
} from '../schema';

const DIA = 86_400_000;
/** A company owing a factura long overdue, with a truck waiting at entry control (the gate refuses it until paid). */
export const RUC_MOROSA = `2060987654${digitoVerificadorRuc('2060987654')}`;
export const RAZON_MOROSA = 'COMERCIAL ALTO CAPLINA S.A.C.';

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
 * Finance at the gate: a demo company of its own (company 7 stays blocked for other screens) with a factura issued
 * 90 days ago and unpaid — blocked by debt — and an order of it waiting at entry control. Paying the factura lifts
 * the block and the truck passes. Runs once: nothing when the company exists.
 */
export async function sembrarFinanzasGarita(db: Db) {
  const [ya] = await db.select().from(empresaUsuario).where(eq(empresaUsuario.ruc, RUC_MOROSA));
  if (ya) return;
  const [t] = await db.select().from(usuario).where(eq(usuario.nombreUsuario, 'tesorero'));
  const [pesaje] = await db.select().from(servicioTarifa).where(eq(servicioTarifa.codigo, 'PESAJE'));
  if (!t || !pesaje) return;
  const [e] = await db
    .insert(empresaUsuario)
    .values({ ruc: RUC_MOROSA, razonSocial: RAZON_MOROSA, codigoTipoActividad: '3', indicadorAlmacenActivo: true })
    .returning();
  if (!e) return;
  const empresa = e.codigoEmpresaUsuario;
  const [a] = await db
    .insert(almacen)
    .values({ codigoEmpresaUsuario: empresa, nombre: 'Almacén principal' })
    .returning();

  const hoy = new Date();
  const id = `semilla-${randomUUID()}`;
  const ctx = (ahora: Date): Ctx => ({
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
    idSolicitud: id,
    log: silencio,
    ahora: () => ahora,
  });
  const firmante = await firmanteGuardado(db, hoy);
  const motor: finanzas.Motor = { firmante: async () => firmante, avisarCola: () => {} };
  await finanzas.emitir(ctx(new Date(hoy.getTime() - 90 * DIA)), motor, {
    codigoEmpresaUsuario: empresa,
    tipoComprobante: '01',
    lineas: [{ codigoServicio: pesaje.codigoServicio, cantidad: 4 }],
  });
  await finanzas.sincronizarBloqueo(db, empresa, hoy);
  solicitudesAuditadas.delete(id);

  // Its importers: one whose yearly registration expired before last month (finances/importador flags it; the
  // current month's run, which renews registrations due in the month, does not take it), and one in force.
  const dia = (n: number) => fechaLima(hoy, n);
  const vencio = sumarDias(`${fechaLima(hoy).slice(0, 7)}-01`, -40);
  await db.insert(importador).values([
    {
      codigoEmpresaUsuario: empresa,
      ruc: '20100055237',
      razonSocial: 'IMPORTACIONES ANDINAS CAPLINA S.A.C.',
      fechaInicio: sumarDias(vencio, -364),
      fechaCese: vencio,
    },
    {
      codigoEmpresaUsuario: empresa,
      ruc: '20100123330',
      razonSocial: 'DISTRIBUIDORA ALTO TACNA S.A.',
      fechaInicio: dia(-100),
      fechaCese: dia(264),
    },
  ]);

  // Its truck, registered an hour ago, waiting at entry control (state 1).
  await db.transaction(async (tx) => {
    const filas = await tx.execute<{ n: string }>(sql`select nextval('movimiento_codigo_ingreso_seq') as n`);
    const sec = Number((filas as unknown as { rows: { n: string }[] }).rows[0]?.n);
    const hace = new Date(hoy.getTime() - 3_600_000);
    const [m] = await tx
      .insert(movimiento)
      .values({
        codigoIngreso: `OP${String(sec).padStart(7, '0')}`,
        numeroTicket: `${String(sec).padStart(9, '0')}`,
        codigoTipoIngreso: 'VH',
        codigoTipoOperacion: 1,
        codigoEmpresaUsuario: empresa,
        codigoEmpresaAlmacen: a?.codigoEmpresaAlmacen ?? null,
        codigoTipoMercaderia: 'EXT',
        paisProcedencia: 'CL',
        fechaIngreso: hace,
        codigoTipoDocumentoIdentidad: '1',
        numeroDocumentoIdentidad: '41587236',
        nombres: 'WALTER',
        apellidoPaterno: 'CALIZAYA',
        apellidoMaterno: 'MAMANI',
        placaUno: 'Z9M-417',
        numeroSoat: `S${sec}`.slice(0, 10),
        numeroBrevete: 'Q41587236',
        codigoClaseBrevete: 'A-IIIc',
        codigoTipoCarga: 1,
        numeroBultos: 8,
        usuarioRegistro: 'demo-finanzas-garita',
        fechaRegistro: hace,
      })
      .returning();
    if (!m) throw new Error('movimiento demo');
    const [doc] = await tx
      .insert(movimientoDocumento)
      .values({
        codigoMovimiento: m.codigoMovimiento,
        codigoTipoDocumento: '1',
        numeroDocumento: 'F003-000911',
        descripcionDocumento: 'Factura comercial',
      })
      .returning();
    const [c] = await tx
      .insert(catalogoUsuario)
      .values({
        codigoEmpresaUsuario: empresa,
        codigoInterno: 'ACC-1',
        descripcion: 'NEUMÁTICO RADIAL 295/80 R22.5',
        numeroPartida: '4011200000',
        codigoUnidadMedida: 'NIU',
        codigoExistencia: '01',
        usuarioRegistro: 'demo-finanzas-garita',
      })
      .returning();
    if (!doc || !c) throw new Error('documento demo');
    await tx.insert(movimientoDetalle).values({
      codigoMovimientoDocumento: doc.codigoMovimientoDocumento,
      codigoMovimiento: m.codigoMovimiento,
      codigoCatalogoUsuario: c.codigoCatalogoUsuario,
      cantidad: '40.000',
      peso: '2200.000',
      valorFOB: '9600.00000',
    });
  });
}
