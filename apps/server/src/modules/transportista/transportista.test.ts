import { MENSAJES_MOVIMIENTO as M } from '@cronos/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { comprobarOrdenes } from '../../../test/orden-lista';
import { transportistaUsuario } from '../../db/schema';

let e: Entorno;
let empresa: number;
let otra: number;
beforeAll(async () => {
  e = await crearEntorno();
  empresa = (await e.crearEmpresa()).codigoEmpresaUsuario;
  otra = (await e.crearEmpresa()).codigoEmpresaUsuario;
});
afterAll(() => e.cerrar());

describe('GuardarTransportistaVigencia', () => {
  it('registers a carrier with a contract from today for 364 days, whatever dates a non-admin sends', async () => {
    const s = await e.sesion(8, empresa);
    const r = await s.post('/api/TransportistaUsuario/GuardarTransportistaVigencia', {
      razonSocial: 'Transportes del Sur S.A.C.',
      ruc: '20512333797',
      direccion: 'Tacna',
      fechaInicio: '2020-01-01',
      fechaCese: '2030-01-01',
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject({
      fechaInicio: '2026-11-20',
      fechaCese: '2027-11-19',
      estadoContrato: 'VIGENTE',
    });
    const q = await s.get(
      '/api/Movimiento/ConsultarTransportistaPorUsuario?Ruc=20512333797&CodigoTipoDocumentoEmpresa=6',
    );
    expect(q.json().success).toBe('true');
  });

  it('role 1 chooses both dates; a foreign carrier takes its tax id; bad input is refused', async () => {
    const admin = await e.sesion(1, 1);
    const r = await admin.post('/api/TransportistaUsuario/GuardarTransportistaVigencia', {
      razonSocial: 'TRANSPORTES ARICA LTDA',
      ruc: 'cl-76543210',
      codigoTipoDocumentoEmpresa: '0',
      fechaInicio: '2025-01-01',
      fechaCese: '2025-12-31',
      codigoEmpresaUsuario: empresa,
    });
    expect(r.json().data).toMatchObject({ ruc: 'CL-76543210', fechaCese: '2025-12-31', estadoContrato: 'VENCIDO' });
    const s = await e.sesion(8, empresa);
    const bad = await s.post('/api/TransportistaUsuario/GuardarTransportistaVigencia', {
      razonSocial: 'X',
      ruc: '20512333798',
    });
    expect(bad.json().errors.ruc).toEqual([M.rucInvalido]);
    for (const tipo of ['99', '1', '']) {
      const otroTipo = await s.post('/api/TransportistaUsuario/GuardarTransportistaVigencia', {
        razonSocial: 'X',
        ruc: '20512333797',
        codigoTipoDocumentoEmpresa: tipo,
      });
      expect(otroTipo.statusCode).toBe(422);
      expect(otroTipo.json().errors).toEqual({ codigoTipoDocumentoEmpresa: ['Tipo de documento no válido'] });
    }
    const sinNombre = await s.post('/api/TransportistaUsuario/GuardarTransportistaVigencia', { ruc: '20512333797' });
    expect(sinNombre.statusCode).toBe(422);
    const fechas = await admin.post('/api/TransportistaUsuario/GuardarTransportistaVigencia', {
      razonSocial: 'X',
      ruc: '20512333797',
      fechaInicio: '2026-05-01',
      fechaCese: '2026-01-01',
      codigoEmpresaUsuario: empresa,
    });
    expect(fechas.statusCode).toBe(422);
    const sinDia = await admin.post('/api/TransportistaUsuario/GuardarTransportistaVigencia', {
      razonSocial: 'X',
      ruc: '20512333797',
      fechaInicio: '2026-02-30',
      fechaCese: '2026-12-31',
      codigoEmpresaUsuario: empresa,
    });
    expect(sinDia.statusCode, sinDia.body).toBe(422);
    expect(sinDia.json().errors).toEqual({ fechaInicio: ['La fecha no es válida'] });
    const ajeno = await s.post('/api/TransportistaUsuario/GuardarTransportistaVigencia', {
      razonSocial: 'X',
      ruc: '20512333797',
      codigoEmpresaUsuario: otra,
    });
    expect(ajeno.statusCode).toBe(404);
  });
});

describe('TransportistaUsuario/ListarDatos', () => {
  it('lists the company carriers with VIGENTE/VENCIDO, searching TV.RUC as a bound value', async () => {
    const s = await e.sesion(8, empresa);
    const r = await s.get('/api/TransportistaUsuario/ListarDatos?PageNumber=1&limit=10&Columna=TV.RUC&Valor=2051');
    expect(r.statusCode).toBe(200);
    expect(r.json().meta).toEqual({ total: 1, current_page: 1, per_page: 10 });
    expect(r.json().data[0]).toMatchObject({
      ruc: '20512333797',
      razonSocial: 'TRANSPORTES DEL SUR S.A.C.',
      estadoContrato: 'VIGENTE',
      fechaInicio: '2026-11-20',
    });
    const todos = (await s.get('/api/TransportistaUsuario/ListarDatos')).json();
    expect(todos.data.map((t: { estadoContrato: string }) => t.estadoContrato).sort()).toEqual(['VENCIDO', 'VIGENTE']);
    expect((await s.get('/api/TransportistaUsuario/ListarDatos?Columna=ruc;drop&Valor=1')).statusCode).toBe(400);
    const ajeno = await e.sesion(8, otra);
    expect(
      (await ajeno.get(`/api/TransportistaUsuario/ListarDatos?CodigoEmpresaUsuario=${empresa}`)).json().data,
    ).toEqual([]);
    const admin = await e.sesion(1, 1);
    expect(
      (await admin.get(`/api/TransportistaUsuario/ListarDatos?CodigoEmpresaUsuario=${empresa}`)).json().meta.total,
    ).toBe(2);
  });
});

describe('TransportistaUsuario/ListarDatos company filter (spec 02 §6)', () => {
  it('levels 1, 4 and 9 of the operator read every company (-1) or one; a user company only its own', async () => {
    const total = async (s: Awaited<ReturnType<Entorno['sesion']>>, c: number) =>
      (await s.get(`/api/TransportistaUsuario/ListarDatos?CodigoEmpresaUsuario=${c}`)).json().meta.total;
    for (const rol of [1, 4, 9]) {
      const s = await e.sesion(rol, 1);
      expect(await total(s, empresa), `rol ${rol}`).toBe(2);
      expect(await total(s, -1), `rol ${rol}`).toBeGreaterThanOrEqual(2);
    }
    const propia = await e.sesion(8, otra);
    expect(await total(propia, -1)).toBe(0);
    expect(await total(propia, empresa)).toBe(0);
  });
});

describe('TransportistaUsuario/ListarDatos sorted by a header', () => {
  it('sorts by RUC, name, start and end date, both ways, over every page; by name otherwise', async () => {
    const c = (await e.crearEmpresa()).codigoEmpresaUsuario;
    const filas: [string, string, string | null, string | null][] = [
      ['20600000011', 'DELTA CARGO S.A.C.', '2026-03-01', '2027-02-28'],
      ['20100000022', 'ANDES TRANS E.I.R.L.', null, null],
      ['20400000033', 'CONDOR S.A.', '2025-01-01', '2025-12-31'],
      ['20300000044', 'BRISA SRL', '2026-06-10', '2027-06-09'],
      ['20500000055', 'ANDES TRANS E.I.R.L.', '2026-01-15', '2027-01-14'],
    ];
    await e.db.insert(transportistaUsuario).values(
      filas.map(([ruc, razonSocial, fechaInicio, fechaCese]) => ({
        codigoEmpresaUsuario: c,
        ruc,
        razonSocial,
        fechaInicio,
        fechaCese,
      })),
    );
    // A disabled carrier is in no order.
    await e.db
      .insert(transportistaUsuario)
      .values({ codigoEmpresaUsuario: c, ruc: '20000000066', razonSocial: 'AAA BAJA', estadoAnulado: 1 });
    type Fila = {
      codigoTransportistaUsuario: number;
      ruc: string;
      razonSocial: string;
      fechaInicio: string | null;
      fechaCese: string | null;
    };
    const claves = {
      ruc: (f: Fila) => [f.ruc],
      razonSocial: (f: Fila) => [f.razonSocial],
      fechaInicio: (f: Fila) => [f.fechaInicio],
      fechaCese: (f: Fila) => [f.fechaCese],
    };
    const propia = await e.sesion(8, c);
    const zona = await e.sesion(1, 1);
    for (const [s, url] of [
      [propia, '/api/TransportistaUsuario/ListarDatos'],
      [zona, `/api/TransportistaUsuario/ListarDatos?CodigoEmpresaUsuario=${c}`],
    ] as const) {
      const propio = await comprobarOrdenes<Fila>({ get: s.get, url, id: (f) => f.codigoTransportistaUsuario, claves });
      expect(propio).toHaveLength(5);
    }
    const porNombre = (await propia.get('/api/TransportistaUsuario/ListarDatos')).json().data as Fila[];
    expect(porNombre.map((f) => f.ruc)).toEqual([
      '20100000022',
      '20500000055',
      '20300000044',
      '20400000033',
      '20600000011',
    ]);
  });
});
