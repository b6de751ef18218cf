import { MENSAJES_REPORTE } from '@cronos/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entorno } from '../../../test/entorno';
import { NOMBRE_FORMULA, paginaReporte, prepararReportes, type SesionReporte } from '../../../test/reportes';

let e: Entorno;
let datos: Awaited<ReturnType<typeof prepararReportes>>['datos'];
let operador: SesionReporte;
let usuarioA: SesionReporte;

const OP1 = '/api/Movimiento/ConsultarReporteIngresoSalidaMercancia';
const OP2 = '/api/Movimiento/ConsultarReporteMovimientoIngresoSalidaMercanciaDetalle';
const DECL = '/api/Movimiento/ConsultarReporteMovimientoIngresoSalidaMercanciaDeclaracion';
const OP6 = '/api/Almacen/ConsultaReporteStockActualAlmacen';
const ANIO = 'DesdeFecha=2026-01-01&HastaFecha=2026-12-31';

beforeAll(async () => {
  ({ e, datos, operador, usuarioA } = await prepararReportes());
});
afterAll(async () => e.cerrar());

const filas = paginaReporte;

describe('op1 ingreso / salida de mercancía', () => {
  it('shows an order with its weighings, codes, documents and packages, as computed by hand', async () => {
    const { data, meta } = await filas(usuarioA, `${OP1}?${ANIO}`);
    expect(meta.total).toBe(3);
    expect(data.map((f) => f.codigoIngreso)).toEqual(['OP0000001', 'OP0000002', 'OP0000004']);
    expect(data[0]).toEqual({
      razonSocial: 'IMPORTADORA ANDINA S.A.C.',
      tipoOperacion: 'Ingreso',
      codigoIngreso: 'OP0000001',
      estadoMovimientoDescripcion: 'Finalizado',
      rucImportador: '20512333797',
      razonSocialImportador: 'PROVEEDOR UNO S.A.C.',
      numeroTicket: 'T0001',
      placa: 'ABC-123 / ZXY-456',
      transporte: 'TRANSPORTES DEL SUR S.A.C.',
      tipoDocumento: 'DUA/DAM IMPORTACIÓN, FACTURA',
      documentosFiscales: 'F001-00045, 172-2026-10-004512',
      // The order has no declaration number of its own: its DUA/DAM is the declaration.
      numeroDeclaracion: '172-2026-10-004512',
      numeroBultoUsuario: 10,
      numeroBultoVerificado: 9,
      fechaUno: '2026-03-10',
      horaUno: '09:40:10',
      pesoUno: 23000.5,
      fechaDos: '2026-03-10',
      horaDos: '14:05:00',
      pesoDos: 12000,
      pesoBruto: 23000.5,
      pesoTara: 12000,
      pesoNeto: 11000.5,
    });
    expect(data[1]).toMatchObject({ tipoOperacion: 'Salida', numeroDeclaracion: '123456', pesoUno: null });
  });

  it('filters by movement type and by status (0 = all)', async () => {
    const salida = await filas(usuarioA, `${OP1}?${ANIO}&CodigoTipoOperacion=2`);
    expect(salida.data.map((f) => f.codigoIngreso)).toEqual(['OP0000002']);
    const finales = await filas(usuarioA, `${OP1}?${ANIO}&CodigoEstadoMovimiento=5`);
    expect(finales.data.map((f) => f.codigoIngreso)).toEqual(['OP0000001', 'OP0000004']);
    const todos = await filas(usuarioA, `${OP1}?${ANIO}&CodigoEstadoMovimiento=0`);
    expect(todos.meta.total).toBe(3);
  });

  it('pages the screen: PageNumber and limit', async () => {
    const p2 = await filas(usuarioA, `${OP1}?${ANIO}&limit=2&PageNumber=2`);
    expect(p2.meta).toEqual({ total: 3, current_page: 2, per_page: 2 });
    expect(p2.data.map((f) => f.codigoIngreso)).toEqual(['OP0000004']);
  });
});

describe('op2–op6 figures', () => {
  it('op2 ministry format: month, weight as quantity in KGS, FOB total = quantity × unit FOB', async () => {
    const { data } = await filas(operador, `${OP2}?${ANIO}&CodigoEmpresaUsuario=${datos.a.codigoEmpresaUsuario}`);
    expect(data).toHaveLength(5);
    expect(data[0]).toMatchObject({
      id: 1,
      mes: 'MARZO 2026',
      fechaIngreso: '2026-03-10',
      codigoIngreso: 'OP0000001',
      numeroDocumento: 'F001-00045',
      numeroPartida: '8528720000',
      mercancia: 'TELEVISOR LED 55 PULGADAS',
      cantidad: 300.5,
      unidadMedida: 'KGS',
      valorTotalFob: 5002.469,
      paisProcedencia: 'China',
    });
    expect(data[1]).toMatchObject({ cantidad: 80.25, valorTotalFob: 1250, unidadMedida: 'KGS' });
    expect(data.every((f) => f.unidadMedida === 'KGS')).toBe(true);
    expect(data[3]).toMatchObject({ mes: 'ABRIL 2026', valorTotalFob: 30 });
  });

  it('op3 declarations: one row per customs declaration with its office, regime and totals', async () => {
    const { data } = await filas(usuarioA, `${DECL}?${ANIO}`);
    expect(data).toEqual([
      {
        id: 1,
        fechaIngreso: '2026-03-10',
        codigoIngreso: 'OP0000001',
        tipoOperacion: 'Ingreso',
        rucEmpresaUsuario: datos.a.ruc,
        razonSocialEmpresaUsuario: 'IMPORTADORA ANDINA S.A.C.',
        tipoDocumentoFiscal: 'DUA/DAM IMPORTACIÓN',
        numeroDocumento: '172-2026-10-004512',
        codigoAduana: '172',
        regimenAduanero: '10',
        cantidad: 5,
        totalPesoNeto: 75,
        valorTotalFob: 1250,
        estadoMovimientoDescripcion: 'Finalizado',
      },
    ]);
  });

  it('op4 free zone: total value = unit value × quantity, with via, customs office and origin', async () => {
    const { data } = await filas(operador, `${DECL}?TipoReporte=op4&${ANIO}&CodigoTipoOperacion=1`);
    expect(data.map((f) => f.codigoIngreso)).toEqual(['OP0000001', 'OP0000001', 'OP0000001', 'OP0000003']);
    expect(data[0]).toMatchObject({
      cantidad: 20,
      unidadMedida: 'NIU',
      valorUnitario: 250.12345,
      valorTotal: 5002.469,
      peso: 300.5,
      codigoTipoMercaderia: 'Extranjera',
      codigoTipoVia: 'Marítima',
      lugarIngresoSalida: 'Tacna',
      paisProcedencia: 'China',
    });
    expect(data[2]).toMatchObject({ cantidad: 5, valorUnitario: 250, valorTotal: 1250 });
    expect(data[3]).toMatchObject({ razonSocialEmpresaUsuario: NOMBRE_FORMULA, valorTotal: 480 });
  });

  it('op5 transfer requests: only transfer operations, with the other company and the value', async () => {
    const { data } = await filas(operador, `${DECL}?TipoReporte=op5&${ANIO}`);
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      codigoIngreso: 'OP0000004',
      tipoOperacion: 'Traslado entre usuarios',
      procedenciaDestino: NOMBRE_FORMULA,
      cantidad: 2,
      valorUnitario: 250,
      valorTotal: 500,
      estadoMovimientoDescripcion: 'Finalizado',
    });
  });

  it('op6 current stock by company, product and lot (empty lots left out)', async () => {
    const { data } = await filas(operador, `${OP6}?CodigoEmpresaUsuario=-1`);
    expect(data.map((f) => [f.razonSocialEmpresaUsuario, f.mercancia, f.cantidad])).toEqual([
      [NOMBRE_FORMULA, 'VINO TINTO 750ML', 60],
      ['IMPORTADORA ANDINA S.A.C.', 'TELEVISOR LED 55 PULGADAS', 20],
      ['IMPORTADORA ANDINA S.A.C.', 'ZAPATILLAS DEPORTIVAS', 97],
    ]);
    expect(data[2]).toMatchObject({
      numeroDocumento: 'F001-00045',
      cantidadIngresada: 100,
      cantidadReservada: 3,
      unidadMedida: 'PR',
      existencia: 'Mercadería',
      codigoInterno: 'ZAP01',
    });
  });
});

describe('tenancy and roles', () => {
  it("a user company never sees another company's rows, whatever it asks for", async () => {
    const propias = await filas(usuarioA, `${OP1}?${ANIO}&CodigoEmpresaUsuario=-1`);
    expect(propias.data.every((f) => f.razonSocial === 'IMPORTADORA ANDINA S.A.C.')).toBe(true);
    const ajena = await usuarioA.get(`${OP1}?${ANIO}&CodigoEmpresaUsuario=${datos.b.codigoEmpresaUsuario}`);
    expect(ajena.statusCode).toBe(404);
    const excel = await usuarioA.get(
      `/api/Reporte/DescargarExcel?TipoReporte=op1&CodigoEmpresaUsuario=${datos.b.codigoEmpresaUsuario}`,
    );
    expect(excel.statusCode).toBe(404);
  });

  it('a user company gets op1 and op3 only', async () => {
    for (const url of [`${OP2}?${ANIO}`, `${DECL}?TipoReporte=op4`, `${DECL}?TipoReporte=op5`, OP6]) {
      const r = await usuarioA.get(url);
      expect(r.statusCode, url).toBe(403);
      expect(r.json().message).toBe(MENSAJES_REPORTE.tipoNoPermitido);
    }
    expect((await usuarioA.get('/api/Reporte/DescargarExcel?TipoReporte=op6')).statusCode).toBe(403);
  });

  it('the operator company sees every company', async () => {
    const todas = await filas(operador, `${OP1}?${ANIO}`);
    expect(todas.data.map((f) => f.codigoIngreso)).toEqual(['OP0000001', 'OP0000003', 'OP0000002', 'OP0000004']);
  });

  it('needs a session and the report screen permission', async () => {
    expect((await e.app.inject({ method: 'GET', url: `${OP1}?${ANIO}` })).statusCode).toBe(401);
    const seguridad = await e.sesion(3, 1);
    expect((await seguridad.get(`${OP1}?${ANIO}`)).statusCode).toBe(403);
  });
});

describe('date range rule (DOMAIN.md §6)', () => {
  it('the whole zone: more than 365 days is refused with the message; 365 is accepted', async () => {
    const r = await operador.get(`${OP1}?DesdeFecha=2025-01-01&HastaFecha=2026-01-02`);
    expect(r.statusCode).toBe(422);
    expect(r.json().message).toBe(MENSAJES_REPORTE.rangoFechas);
    expect(r.json().errors.HastaFecha).toEqual([MENSAJES_REPORTE.rangoFechas]);
    expect((await operador.get(`${OP1}?DesdeFecha=2025-01-01&HastaFecha=2026-01-01`)).statusCode).toBe(200);
    expect(
      (await operador.get(`${OP1}?DesdeFecha=2025-01-01&HastaFecha=2026-12-31&CodigoEmpresaUsuario=1`)).statusCode,
    ).toBe(422);
    const excel = await operador.get(
      '/api/Reporte/DescargarExcel?TipoReporte=op1&DesdeFecha=2024-01-01&HastaFecha=2026-01-01',
    );
    expect(excel.statusCode).toBe(422);
  });

  it("a day that does not exist is the user's error (422 on the field), not a server failure", async () => {
    for (const url of [
      `${OP1}?DesdeFecha=2026-13-45`,
      `${OP1}?DesdeFecha=2026-01-01&HastaFecha=2026-02-30`,
      `${OP6}?HastaFecha=2026-00-10`,
      '/api/Reporte/DescargarExcel?TipoReporte=op1&DesdeFecha=2026-02-31',
    ]) {
      for (const s of url.startsWith(OP6) ? [operador] : [operador, usuarioA]) {
        const r = await s.get(url);
        expect(r.statusCode, url).toBe(422);
        expect(Object.values(r.json().errors).flat(), url).toContain('La fecha no es válida');
      }
    }
    const r = await operador.get(`${OP1}?DesdeFecha=2026-01-01&HastaFecha=2026-02-30`);
    expect(r.json().errors).toEqual({ HastaFecha: ['La fecha no es válida'] });
  });

  it('one company selected (or a user company): no limit', async () => {
    const a = datos.a.codigoEmpresaUsuario;
    const op = await filas(operador, `${OP1}?DesdeFecha=2024-01-01&HastaFecha=2026-12-31&CodigoEmpresaUsuario=${a}`);
    expect(op.meta.total).toBe(4);
    const propia = await filas(usuarioA, `${OP1}?DesdeFecha=2024-01-01&HastaFecha=2026-12-31`);
    expect(propia.meta.total).toBe(4);
  });

  it('an end date before the start date becomes the start date', async () => {
    const { data } = await filas(operador, `${OP1}?DesdeFecha=2026-03-10&HastaFecha=2026-03-01`);
    expect(data.map((f) => f.codigoIngreso)).toEqual(['OP0000001']);
  });

  it('bad filters are refused with field errors and change nothing', async () => {
    for (const q of [
      'DesdeFecha=2026/01/01',
      'HastaFecha=ayer',
      'CodigoEstadoMovimiento=x',
      'limit=5000',
      'PageNumber=0',
    ]) {
      const r = await operador.get(`${OP1}?${q}`);
      expect(r.statusCode, q).toBe(422);
    }
    // A text that is no date is told once, with the format to use.
    expect((await operador.get(`${OP1}?HastaFecha=ayer`)).json().errors).toEqual({
      HastaFecha: ['La fecha debe tener el formato yyyy-MM-dd'],
    });
    expect((await operador.get('/api/Reporte/DescargarExcel?TipoReporte=op9')).statusCode).toBe(422);
    expect((await operador.get('/api/Reporte/DescargarExcel')).statusCode).toBe(422);
  });
});
