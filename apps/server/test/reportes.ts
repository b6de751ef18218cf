import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { crearEntorno, type Entorno } from './entorno';
import {
  almacen,
  catalogoUsuario,
  controlMovimiento,
  lote,
  movimiento,
  movimientoDetalle,
  movimientoDocumento,
  verificacion,
} from '../src/db/schema';

/**
 * The small fixed data set of the report tests (imported by *.test.ts only). The expected figures of the tests
 * are computed by hand from these values.
 */
export const NOMBRE_FORMULA = '=HYPERLINK("http://malo.example","CLIC") S.A.C.';

export async function sembrarDatosReporte(e: Entorno) {
  const a = await e.crearEmpresa({ razonSocial: 'IMPORTADORA ANDINA S.A.C.' });
  const b = await e.crearEmpresa({ razonSocial: NOMBRE_FORMULA });
  const almacenDe = async (id: number) =>
    (await e.db.select().from(almacen).where(eq(almacen.codigoEmpresaUsuario, id)))[0]?.codigoEmpresaAlmacen as number;
  const almA = await almacenDe(a.codigoEmpresaUsuario);
  const almB = await almacenDe(b.codigoEmpresaUsuario);
  const [tv, zap, vino] = await e.db
    .insert(catalogoUsuario)
    .values([
      {
        codigoEmpresaUsuario: a.codigoEmpresaUsuario,
        codigoInterno: 'TV55',
        descripcion: 'TELEVISOR LED 55 PULGADAS',
        numeroPartida: '8528720000',
        codigoUnidadMedida: 'NIU',
        codigoExistencia: '01',
      },
      {
        codigoEmpresaUsuario: a.codigoEmpresaUsuario,
        codigoInterno: 'ZAP01',
        descripcion: 'ZAPATILLAS DEPORTIVAS',
        numeroPartida: '6404110000',
        codigoUnidadMedida: 'PR',
        codigoExistencia: '01',
      },
      {
        codigoEmpresaUsuario: b.codigoEmpresaUsuario,
        codigoInterno: 'VIN01',
        descripcion: 'VINO TINTO 750ML',
        numeroPartida: '2204210000',
        codigoUnidadMedida: 'NIU',
        codigoExistencia: '01',
      },
    ])
    .returning();
  if (!tv || !zap || !vino) throw new Error('catálogo');

  let n = 0;
  const orden = async (datos: Partial<typeof movimiento.$inferInsert> & { codigoEmpresaUsuario: number }) => {
    n += 1;
    const [m] = await e.db
      .insert(movimiento)
      .values({
        codigoIngreso: `OP${String(n).padStart(7, '0')}`,
        codigoTipoIngreso: 'VH',
        codigoTipoOperacion: 1,
        fechaIngreso: new Date('2026-03-10T09:15:00-05:00'),
        ...datos,
      })
      .returning();
    if (!m) throw new Error('movimiento');
    return m;
  };
  const documento = async (
    codigoMovimiento: number,
    codigoTipoDocumento: string,
    numeroDocumento: string,
    razonSocial = 'PROVEEDOR UNO S.A.C.',
    ruc = '20512333797',
  ) => {
    const [d] = await e.db
      .insert(movimientoDocumento)
      .values({ codigoMovimiento, codigoTipoDocumento, numeroDocumento, ruc, razonSocial })
      .returning();
    if (!d) throw new Error('documento');
    return d;
  };
  const linea = (
    d: { codigoMovimiento: number; codigoMovimientoDocumento: number },
    codigoCatalogoUsuario: number,
    cantidad: string,
    peso: string,
    valorFOB: string,
  ) =>
    e.db.insert(movimientoDetalle).values({
      codigoMovimiento: d.codigoMovimiento,
      codigoMovimientoDocumento: d.codigoMovimientoDocumento,
      codigoCatalogoUsuario,
      cantidad,
      peso,
      valorFOB,
    });

  // M1: company A, entry by truck, final, both weighings and verifications, an invoice and a DAM.
  const m1 = await orden({
    codigoEmpresaUsuario: a.codigoEmpresaUsuario,
    codigoEstadoMovimiento: 5,
    numeroTicket: 'T0001',
    placaUno: 'ABC-123',
    placaDos: 'ZXY-456',
    razonSocialTransportistaUsuario: 'TRANSPORTES DEL SUR S.A.C.',
    numeroBultos: 10,
    paisProcedencia: 'CN',
    codigoVia: '1',
    codigoTipoMercaderia: 'EXT',
    codigoSalidaAduana: '172',
  });
  const d1 = await documento(m1.codigoMovimiento, '1', 'F001-00045');
  await linea(d1, tv.codigoCatalogoUsuario, '20', '300.5', '250.12345');
  await linea(d1, zap.codigoCatalogoUsuario, '100', '80.25', '12.5');
  const d2 = await documento(m1.codigoMovimiento, '4', '172-2026-10-004512');
  await linea(d2, tv.codigoCatalogoUsuario, '5', '75', '250');
  const control = (tipo: number, datos: Partial<typeof controlMovimiento.$inferInsert>) =>
    e.db
      .insert(controlMovimiento)
      .values({
        codigoMovimiento: m1.codigoMovimiento,
        codigoTipoControl: tipo,
        estadoDesde: 2,
        codigoUsuarioRegistro: 1,
        ...datos,
      })
      .returning();
  await control(2, {
    codigoTipoBalanza: 1,
    peso: '15000',
    pesoCarreta: '8000.5',
    pesoBruto: '23000.5',
    fechaRegistro: new Date('2026-03-10T09:40:10-05:00'),
  });
  await control(4, {
    codigoTipoBalanza: 1,
    peso: '12000',
    pesoCarreta: '0',
    pesoBruto: '23000.5',
    pesoTara: '12000',
    pesoNeto: '11000.5',
    fechaRegistro: new Date('2026-03-10T14:05:00-05:00'),
  });
  const [c3] = await control(3, { fechaRegistro: new Date('2026-03-10T10:00:00-05:00') });
  const [c5] = await control(5, { fechaRegistro: new Date('2026-03-10T15:00:00-05:00') });
  await e.db.insert(verificacion).values([
    {
      codigoControlMovimiento: c3?.codigoControlMovimiento as number,
      codigoMovimiento: m1.codigoMovimiento,
      codigoTipoControl: 3,
      codigoTipoCarga: 1,
      numeroBultosVerificado: 9,
    },
    {
      codigoControlMovimiento: c5?.codigoControlMovimiento as number,
      codigoMovimiento: m1.codigoMovimiento,
      codigoTipoControl: 5,
      codigoTipoCarga: 1,
      numeroBultosVerificado: 0,
    },
  ]);

  // M2: company A, pedestrian exit with a declaration number, registered.
  const m2 = await orden({
    codigoEmpresaUsuario: a.codigoEmpresaUsuario,
    codigoTipoIngreso: 'PE',
    codigoTipoOperacion: 2,
    numeroDeclaracion: '123456',
    fechaIngreso: new Date('2026-04-02T10:00:00-05:00'),
  });
  await linea(await documento(m2.codigoMovimiento, '3', 'T001-9'), zap.codigoCatalogoUsuario, '3', '4.5', '10');

  // M3: company B (formula-looking name), entry, ready for exit weighing.
  const m3 = await orden({
    codigoEmpresaUsuario: b.codigoEmpresaUsuario,
    codigoEstadoMovimiento: 3,
    fechaIngreso: new Date('2026-03-15T08:00:00-05:00'),
  });
  await linea(await documento(m3.codigoMovimiento, '1', 'F002-7'), vino.codigoCatalogoUsuario, '60', '45', '8');

  // M4: company A, transfer to company B, final.
  const m4 = await orden({
    codigoEmpresaUsuario: a.codigoEmpresaUsuario,
    codigoTipoOperacion: 3,
    codigoEstadoMovimiento: 5,
    fechaIngreso: new Date('2026-05-01T11:00:00-05:00'),
  });
  await linea(
    await documento(m4.codigoMovimiento, '3', 'T001-20', NOMBRE_FORMULA, b.ruc),
    tv.codigoCatalogoUsuario,
    '2',
    '30',
    '250',
  );

  // M5: annulled (never reported). M6: company A, January 2025 (outside a 2026 range).
  await orden({ codigoEmpresaUsuario: a.codigoEmpresaUsuario, estadoAnulado: 1 });
  await orden({ codigoEmpresaUsuario: a.codigoEmpresaUsuario, fechaIngreso: new Date('2025-01-05T12:00:00-05:00') });

  // Lots: A has TV 20 (from the invoice) and shoes 97 with 3 reserved, plus an empty lot; B has wine 60.
  await e.db.insert(lote).values([
    {
      codigoEmpresaAlmacen: almA,
      codigoCatalogoUsuario: zap.codigoCatalogoUsuario,
      codigoMovimientoDocumento: d1.codigoMovimientoDocumento,
      numeroDocumento: 'F001-00045',
      cantidadIngresada: '100',
      cantidadStock: '97',
      cantidadReservada: '3',
      fechaIngreso: new Date('2026-03-10T15:00:00-05:00'),
    },
    {
      codigoEmpresaAlmacen: almA,
      codigoCatalogoUsuario: tv.codigoCatalogoUsuario,
      codigoMovimientoDocumento: d1.codigoMovimientoDocumento,
      numeroDocumento: 'F001-00045',
      cantidadIngresada: '20',
      cantidadStock: '20',
      fechaIngreso: new Date('2026-03-10T15:00:00-05:00'),
    },
    {
      codigoEmpresaAlmacen: almA,
      codigoCatalogoUsuario: tv.codigoCatalogoUsuario,
      numeroDocumento: 'INICIAL',
      cantidadIngresada: '5',
      cantidadStock: '0',
      fechaIngreso: new Date('2026-01-02T09:00:00-05:00'),
    },
    {
      codigoEmpresaAlmacen: almB,
      codigoCatalogoUsuario: vino.codigoCatalogoUsuario,
      numeroDocumento: 'F002-7',
      cantidadIngresada: '60',
      cantidadStock: '60',
      fechaIngreso: new Date('2026-03-16T09:00:00-05:00'),
    },
  ]);
  return { a, b, m1, m2, m3, m4, productos: { tv, zap, vino } };
}

/** A session of the report tests (Entorno's `sesion`). */
export type SesionReporte = Awaited<ReturnType<Entorno['sesion']>>;

/** A fresh environment with the report data set, the operator's session and a user of company A. */
export async function prepararReportes() {
  const e = await crearEntorno();
  const datos = await sembrarDatosReporte(e);
  return { e, datos, operador: await e.sesion(2, 1), usuarioA: await e.sesion(8, datos.a.codigoEmpresaUsuario) };
}

/** A report page as a session reads it (the request must succeed). */
export async function paginaReporte(s: SesionReporte, url: string) {
  const r = await s.get(url);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as { data: Record<string, unknown>[]; meta: { total: number } };
}
