import { MENSAJES, MENSAJES_ADMINISTRACION, MENSAJES_CATALOGO } from '@cronos/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { comprobarOrdenes } from '../../../test/orden-lista';
import { leerLibro, libroXlsx } from '../../../test/hojas';
import { cuerpoMultipart } from '../../../test/multipart';
import { controlColaboradorEmpresa, persona } from '../../db/schema';

let e: Entorno;
let dni: { codigoPersona: number };
beforeAll(async () => {
  e = await crearEntorno();
  const [p] = await e.db
    .insert(persona)
    .values({
      codigoTipoDocumentoIdentidad: '1',
      numeroDocumentoIdentidad: '41234567',
      apellidoPaterno: 'CHOQUE',
      apellidoMaterno: 'APAZA',
      nombres: 'ROSARIO',
      fuente: 'reniec',
    })
    .returning();
  dni = { codigoPersona: p?.codigoPersona ?? 0 };
});
afterAll(() => e.cerrar());

type Sesion = Awaited<ReturnType<Entorno['sesion']>>;
const extranjero = (extra: Record<string, unknown> = {}) => ({
  condicionLaboral: '1',
  codeTipoDocumentoPeaton: '2',
  numeroDocumentoIdentidad: '001234567',
  apellidoPaterno: 'GONZALEZ',
  apellidoMaterno: 'ROJAS',
  nombre: 'PEDRO',
  nacionalidad: 'CL',
  codigoCargo: 'Montacarguista',
  codigoControl: 'T-100',
  fechaInicioContrato: '2026-02-01',
  lunes: 1,
  martes: 1,
  ...extra,
});
async function nueva() {
  const emp = await e.crearEmpresa();
  return { s: await e.sesion(8, emp.codigoEmpresaUsuario), c: emp.codigoEmpresaUsuario, emp };
}

describe('ControlColaboradorEmpresa', () => {
  it('registers a foreign worker with typed names and a DNI worker with the RENIEC names; lists weekdays', async () => {
    const { s, emp } = await nueva();
    const r = await s.post('/api/ControlColaboradorEmpresa/GuardarControColaboradorEmpresa', { data: extranjero() });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().message).toBe(MENSAJES_ADMINISTRACION.trabajadorRegistrado);
    const sinConsulta = await s.post('/api/ControlColaboradorEmpresa/GuardarControColaboradorEmpresa', {
      data: extranjero({ codeTipoDocumentoPeaton: '1', numeroDocumentoIdentidad: '41234567' }),
    });
    expect(sinConsulta.json().errors.numeroDocumentoIdentidad).toEqual([MENSAJES_ADMINISTRACION.consultaReniec]);
    const conConsulta = await s.post('/api/ControlColaboradorEmpresa/GuardarControColaboradorEmpresa', {
      data: extranjero({
        codeTipoDocumentoPeaton: '1',
        numeroDocumentoIdentidad: '41234567',
        codigoPersona: dni.codigoPersona,
        nombre: 'OTRO',
        fechaVencimientoContrato: '2026-03-01',
        placa: 'abc-123',
        fechaInicioSoat: '2026-01-01',
      }),
    });
    expect(conConsulta.statusCode, conConsulta.body).toBe(200);
    const lista = (
      await s.get(
        `/api/ControlColaboradorEmpresa/ConsultaBandejaControlColaboradorEmpresa?Columna=RUC&Valor=${emp.ruc}`,
      )
    ).json();
    expect(lista.meta.total).toBe(2);
    expect(lista.data[0]).toMatchObject({
      colaborador: 'CHOQUE APAZA, ROSARIO',
      lunes: 1,
      martes: 1,
      miercoles: 0,
      fechaCese: '2026-03-01',
    });
    const uno = (await s.get(`/api/ControlColaboradorEmpresa/record/${conConsulta.json().data}`)).json().data;
    expect(uno).toMatchObject({ placa: 'ABC-123', dias: [1, 2], codigoPersona: dni.codigoPersona });
  });

  it('refuses bad input: required fields, DNI length, lowercase names, no weekday, end before start', async () => {
    const { s, c } = await nueva();
    const r = await s.post('/api/ControlColaboradorEmpresa/GuardarControColaboradorEmpresa', {
      data: { codeTipoDocumentoPeaton: '1', numeroDocumentoIdentidad: '123' },
    });
    expect(r.statusCode).toBe(422);
    expect(r.json()).toMatchObject({
      message: MENSAJES_ADMINISTRACION.rellenarObligatorios,
      errors: {
        condicionLaboral: [MENSAJES.requerido],
        codigoCargo: [MENSAJES.requerido],
        codigoControl: [MENSAJES.requerido],
        fechaInicioContrato: [MENSAJES.requerido],
      },
    });
    const m = await s.post('/api/ControlColaboradorEmpresa/GuardarControColaboradorEmpresa', {
      data: extranjero({
        nombre: 'pedro',
        lunes: 0,
        martes: 0,
        fechaVencimientoContrato: '2026-01-01',
        codeTipoDocumentoPeaton: '3',
      }),
    });
    expect(m.json().errors).toMatchObject({
      nombre: [MENSAJES_ADMINISTRACION.soloMayusculas],
      lunes: [MENSAJES_ADMINISTRACION.alMenosUnDia],
      fechaVencimientoContrato: [MENSAJES_ADMINISTRACION.fechaFinAnterior],
      codeTipoDocumentoPeaton: ['Tipo de documento no permitido'],
    });
    // A SOAT that ends before it starts is refused on its end date (the same rule serves the bulk upload).
    const soat = await s.post('/api/ControlColaboradorEmpresa/GuardarControColaboradorEmpresa', {
      data: extranjero({ placa: 'ABC-123', fechaInicioSoat: '2026-06-01', fechaFinSoat: '2026-05-31' }),
    });
    expect(soat.statusCode).toBe(422);
    expect(soat.json().errors).toEqual({ fechaFinSoat: [MENSAJES_ADMINISTRACION.finSoatAnterior] });
    const dniCorto = await s.post('/api/ControlColaboradorEmpresa/GuardarControColaboradorEmpresa', {
      data: extranjero({ codeTipoDocumentoPeaton: '1', numeroDocumentoIdentidad: '1234567' }),
    });
    expect(dniCorto.json().errors.numeroDocumentoIdentidad).toContain(MENSAJES_ADMINISTRACION.ochoCaracteres);
    // Lookup values outside their lists are refused, as the bulk upload refuses them (they used to be saved).
    const fuera = await s.post('/api/ControlColaboradorEmpresa/GuardarControColaboradorEmpresa', {
      data: extranjero({ condicionLaboral: 'ZZ', codeTipoDocumentoPeaton: '99', genero: 'Q', nacionalidad: 'ZZ' }),
    });
    expect(fuera.statusCode).toBe(422);
    expect(fuera.json()).toMatchObject({
      message: MENSAJES.erroresFormulario,
      errors: {
        condicionLaboral: [MENSAJES_CATALOGO.valorNoValido],
        codeTipoDocumentoPeaton: [MENSAJES_CATALOGO.valorNoValido],
        genero: [MENSAJES_CATALOGO.valorNoValido],
        nacionalidad: [MENSAJES_CATALOGO.valorNoValido],
      },
    });
    // Days that do not exist are refused on their fields (they used to fail the insert with a 500).
    const sinDia = await s.post('/api/ControlColaboradorEmpresa/GuardarControColaboradorEmpresa', {
      data: extranjero({ fechaInicioContrato: '2026-02-30', fechaFinSoat: '2026-13-01' }),
    });
    expect(sinDia.statusCode, sinDia.body).toBe(422);
    expect(sinDia.json()).toMatchObject({
      message: MENSAJES_ADMINISTRACION.rellenarObligatorios,
      errors: { fechaInicioContrato: ['La fecha no es válida'], fechaFinSoat: ['La fecha no es válida'] },
    });
    expect(
      await e.db.select().from(controlColaboradorEmpresa).where(eq(controlColaboradorEmpresa.codigoEmpresaUsuario, c)),
    ).toHaveLength(0);
  });

  it("hides other companies' workers (404) and lets operator staff see all", async () => {
    const a = await nueva();
    const b = await nueva();
    const codigo = (
      await b.s.post('/api/ControlColaboradorEmpresa/GuardarControColaboradorEmpresa', { data: extranjero() })
    ).json().data;
    expect((await a.s.get(`/api/ControlColaboradorEmpresa/record/${codigo}`)).statusCode).toBe(404);
    expect(
      (
        await a.s.post('/api/ControlColaboradorEmpresa/GuardarControColaboradorEmpresa', {
          data: extranjero({ codigoControlColaboradorEmpresa: codigo }),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await a.s.post('/api/ControlColaboradorEmpresa/GuardarControColaboradorEmpresa', {
          data: extranjero({ codigoEmpresaUsuario: b.c }),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await a.s.get(
          `/api/ControlColaboradorEmpresa/ConsultaBandejaControlColaboradorEmpresa?CodigoEmpresaUsuario=${b.c}`,
        )
      ).json().meta.total,
    ).toBe(0);
    const tesorero = await e.sesion(9, 1, {
      permisos: {
        'administration/workers': {
          permiteListar: true,
          permiteAgregar: false,
          permiteEditar: false,
          permiteEliminar: false,
        },
      },
    });
    expect(
      (
        await tesorero.get(
          `/api/ControlColaboradorEmpresa/ConsultaBandejaControlColaboradorEmpresa?CodigoEmpresaUsuario=${b.c}`,
        )
      ).json().meta.total,
    ).toBe(1);
  });
});

describe('worker bulk upload', () => {
  async function subir(s: Sesion, contenido: Buffer) {
    const { payload, headers } = cuerpoMultipart({ TipoCarga: 'trabajadores' }, [
      { campo: 'archivo', nombre: 'trabajadores.xlsx', contenido },
    ]);
    return e.app.inject({
      method: 'POST',
      url: '/api/CatalogoUsuario/RegistrarCatalogoMasivo',
      payload,
      headers: { ...headers, authorization: `Bearer ${s.token}` },
    });
  }

  it('fills the template and imports; a bad row imports nothing', async () => {
    const { s, c } = await nueva();
    const r = await s.get('/api/CatalogoUsuario/DescargarPlantilla?Tipo=trabajadores');
    const libro = await leerLibro(r.rawPayload);
    const ws = libro.getWorksheet('Trabajadores');
    const encabezados = ((ws?.getRow(1).values ?? []) as string[]).slice(1);
    expect(encabezados.slice(0, 3)).toEqual(['Condición laboral', 'Tipo de documento', 'Número de documento']);
    expect(encabezados.slice(-7)).toEqual(['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo']);
    const filaDni = [
      '1 - Planilla',
      '1 - DNI',
      '41234567',
      '',
      '',
      '',
      'F - Femenino',
      'PE - Peruana',
      'Almacenera',
      'T-1',
      new Date(Date.UTC(2026, 0, 15)),
      null,
      null,
      null,
      null,
      'SI',
      'SI',
      'SI',
      'NO',
      'NO',
      'NO',
      'NO',
    ];
    const filaExt = [
      '2 - Locación de servicios',
      '4 - Pasaporte',
      '998877665',
      'perez',
      'soto',
      'ana',
      'F',
      'VE',
      'Vendedora',
      'T-2',
      '2026-02-01',
      null,
      null,
      null,
      null,
      'NO',
      'NO',
      'NO',
      'NO',
      'NO',
      'SI',
      'SI',
    ];
    const ok = await subir(s, await libroXlsx('Trabajadores', encabezados, [filaDni, filaExt]));
    expect(ok.statusCode, ok.body).toBe(200);
    const filas = await e.db
      .select()
      .from(controlColaboradorEmpresa)
      .where(eq(controlColaboradorEmpresa.codigoEmpresaUsuario, c));
    expect(filas.map((f) => [f.nombre, f.apellidoPaterno, f.fechaInicioContrato, f.lunes, f.domingo]).sort()).toEqual([
      ['ANA', 'PEREZ', '2026-02-01', 0, 1],
      ['ROSARIO', 'CHOQUE', '2026-01-15', 1, 0],
    ]);
    const otra = await nueva();
    const mala = [...filaExt];
    mala[20] = 'NO';
    mala[21] = 'NO';
    const r2 = await subir(otra.s, await libroXlsx('Trabajadores', encabezados, [filaDni, mala]));
    expect(r2.statusCode).toBe(422);
    expect(r2.json()).toMatchObject({
      message: MENSAJES_CATALOGO.archivoConErrores,
      errors: { 'Fila 3, Lunes': [MENSAJES_ADMINISTRACION.alMenosUnDia] },
    });
    expect(
      await e.db
        .select()
        .from(controlColaboradorEmpresa)
        .where(eq(controlColaboradorEmpresa.codigoEmpresaUsuario, otra.c)),
    ).toHaveLength(0);

    // A day that does not exist, typed as text in the sheet: the row's error, not a failed upload.
    const sinDia = [...filaExt];
    sinDia[10] = '2026-02-30';
    const r3 = await subir(otra.s, await libroXlsx('Trabajadores', encabezados, [filaDni, sinDia]));
    expect(r3.statusCode, r3.body).toBe(422);
    expect(r3.json()).toMatchObject({
      message: MENSAJES_CATALOGO.archivoConErrores,
      errors: { 'Fila 3, Fecha inicio contrato': ['La fecha no es válida'] },
    });
  });
});

describe('ConsultaBandejaControlColaboradorEmpresa sorted by a header', () => {
  it('sorts by document and by name (surnames first), both ways, over every page; newest first otherwise', async () => {
    const { s, c } = await nueva();
    const filas: [string, string, string, string, string][] = [
      ['40000003', 'QUISPE', 'MAMANI', 'LUIS', '2026-04-01'],
      ['10000001', 'ARIAS', 'SOTO', 'MARIA', '2026-02-01'],
      ['30000004', 'QUISPE', 'MAMANI', 'ANA', '2026-06-01'],
      ['20000002', 'BENITES', '', 'JOSE', '2026-01-01'],
      ['50000005', 'ARIAS', 'SOTO', 'MARIA', '2026-05-01'],
    ];
    await e.db.insert(controlColaboradorEmpresa).values(
      filas.map(([numeroDocumentoIdentidad, apellidoPaterno, apellidoMaterno, nombre, dia]) => ({
        codigoEmpresaUsuario: c,
        condicionLaboral: '1',
        codeTipoDocumentoPeaton: '1',
        numeroDocumentoIdentidad,
        apellidoPaterno,
        apellidoMaterno,
        nombre,
        codigoCargo: 'Operario',
        codigoControl: `C-${numeroDocumentoIdentidad}`,
        fechaInicioContrato: '2026-01-01',
        fechaRegistro: new Date(`${dia}T12:00:00Z`),
      })),
    );
    type Fila = { codigoControlColaboradorEmpresa: number; numeroDocumentoIdentidad: string; colaborador: string };
    const claves = {
      numeroDocumentoIdentidad: (f: Fila) => [f.numeroDocumentoIdentidad],
      colaborador: (f: Fila) => [f.colaborador],
    };
    const zona = await e.sesion(1, 1);
    const url = '/api/ControlColaboradorEmpresa/ConsultaBandejaControlColaboradorEmpresa';
    for (const [quien, ruta] of [
      [s, url],
      [zona, `${url}?CodigoEmpresaUsuario=${c}`],
    ] as const) {
      const propio = await comprobarOrdenes<Fila>({
        get: quien.get,
        url: ruta,
        id: (f) => f.codigoControlColaboradorEmpresa,
        claves,
      });
      expect(propio).toHaveLength(5);
    }
    const porFecha = (await s.get(url)).json().data as Fila[];
    expect(porFecha.map((f) => f.numeroDocumentoIdentidad)).toEqual([
      '30000004',
      '50000005',
      '40000003',
      '10000001',
      '20000002',
    ]);
    // A worker without a second surname: no blank before the comma.
    expect(porFecha.find((f) => f.numeroDocumentoIdentidad === '20000002')?.colaborador).toBe('BENITES, JOSE');
    expect(porFecha.find((f) => f.numeroDocumentoIdentidad === '10000001')?.colaborador).toBe('ARIAS SOTO, MARIA');
  });
});
