import { MENSAJES, MENSAJES_ADMINISTRACION, MENSAJES_CATALOGO } from '@cronos/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { cuerpoMultipart, MUESTRAS } from '../../../test/multipart';
import { empresaListaBlanca, empresaUsuario } from '../../db/schema';

let e: Entorno;
beforeAll(async () => {
  e = await crearEntorno();
});
afterAll(() => e.cerrar());

type Sesion = Awaited<ReturnType<Entorno['sesion']>>;

describe('company form, e-mails and additional data', () => {
  it('updates the own company; contract number and warehouse switch only for role 1', async () => {
    const emp = await e.crearEmpresa({ numeroContrato: 'C-001' });
    const admin = await e.sesion(2, emp.codigoEmpresaUsuario);
    const actual = (await admin.get('/api/EmpresaUsuario/ConsultaEmpresaUsuario')).json().data;
    expect(actual).toMatchObject({ codigoEmpresaUsuario: emp.codigoEmpresaUsuario, ruc: emp.ruc });
    const r = await admin.post('/api/EmpresaUsuario/ActualizaEmpresaUsuario', {
      data: {
        ...actual,
        direccion: 'Av. Industrial 123',
        numeroTelefonico: '952111222',
        numeroContrato: 'C-999',
        indicadorAlmacenActivo: true,
        fechaContrato: null,
        fechaInicioOperacion: null,
      },
    });
    expect(r.json()).toMatchObject({ success: true, data: true, message: MENSAJES_ADMINISTRACION.datosActualizados });
    const [f] = await e.db
      .select()
      .from(empresaUsuario)
      .where(eq(empresaUsuario.codigoEmpresaUsuario, emp.codigoEmpresaUsuario));
    expect(f).toMatchObject({
      direccion: 'Av. Industrial 123',
      numeroContrato: 'C-001',
      indicadorAlmacenActivo: false,
    });
    const sa = await e.sesion(1, 1);
    // The superadministrator edits what it reads now (the version after the administrator's save).
    await sa.post('/api/EmpresaUsuario/ActualizaEmpresaUsuario', {
      data: {
        ...actual,
        version: f?.version,
        numeroContrato: 'C-999',
        indicadorAlmacenActivo: true,
        fechaContrato: null,
        fechaInicioOperacion: null,
      },
    });
    const [g] = await e.db
      .select()
      .from(empresaUsuario)
      .where(eq(empresaUsuario.codigoEmpresaUsuario, emp.codigoEmpresaUsuario));
    expect(g).toMatchObject({ numeroContrato: 'C-999', indicadorAlmacenActivo: true });
  });

  it("refuses bad input and another company's id", async () => {
    const emp = await e.crearEmpresa();
    const otra = await e.crearEmpresa();
    const admin = await e.sesion(2, emp.codigoEmpresaUsuario);
    expect(
      (await admin.get(`/api/EmpresaUsuario/ConsultaEmpresaUsuario?CodigoEmpresaUsuario=${otra.codigoEmpresaUsuario}`))
        .statusCode,
    ).toBe(404);
    const ajena = await admin.post('/api/EmpresaUsuario/ActualizaDatosAdicionales', {
      data: { codigoEmpresaUsuario: otra.codigoEmpresaUsuario, areaTotal: '100' },
    });
    expect(ajena.statusCode).toBe(404);
    const mala = await admin.post('/api/EmpresaUsuario/ActualizaEmpresaUsuario', {
      data: {
        codigoEmpresaUsuario: emp.codigoEmpresaUsuario,
        ruc: '20512333790',
        razonSocial: '',
        numeroTelefonico: '1234567890',
      },
    });
    expect(mala.statusCode).toBe(422);
    expect(mala.json().errors).toMatchObject({
      ruc: ['RUC inválido'],
      razonSocial: [MENSAJES.requerido],
      numeroTelefonico: ['Solo números, máximo 9 dígitos'],
    });
    // Lookup codes outside their lists used to be saved as they came; a listed one is taken.
    const actual = (await admin.get('/api/EmpresaUsuario/ConsultaEmpresaUsuario')).json().data;
    const fuera = await admin.post('/api/EmpresaUsuario/ActualizaEmpresaUsuario', {
      data: {
        ...actual,
        codigoTipoEmpresa: 'ZZ',
        codigoTipoUsuario: 'QQ',
        codigoTipoActividad: '99',
        codigoCondicion: '9',
      },
    });
    expect(fuera.statusCode).toBe(422);
    expect(fuera.json().errors).toEqual({
      codigoTipoEmpresa: [MENSAJES_CATALOGO.valorNoValido],
      codigoTipoUsuario: [MENSAJES_CATALOGO.valorNoValido],
      codigoTipoActividad: [MENSAJES_CATALOGO.valorNoValido],
      codigoCondicion: [MENSAJES_CATALOGO.valorNoValido],
    });
    const [sinCambio] = await e.db
      .select()
      .from(empresaUsuario)
      .where(eq(empresaUsuario.codigoEmpresaUsuario, emp.codigoEmpresaUsuario));
    expect(sinCambio?.version).toBe(actual.version);
    const listado = await admin.post('/api/EmpresaUsuario/ActualizaEmpresaUsuario', {
      data: { ...actual, codigoTipoActividad: '1', codigoCondicion: '1' },
    });
    expect(listado.json()).toMatchObject({ success: true });
    const adic = await admin.post('/api/EmpresaUsuario/ActualizaDatosAdicionales', {
      data: { codigoEmpresaUsuario: emp.codigoEmpresaUsuario, areaTotal: '1234567', inversionNacional: '1234567890' },
    });
    expect(adic.json().errors).toMatchObject({
      areaTotal: ['Máximo 6 caracteres'],
      inversionNacional: ['Solo números, máximo 9 dígitos'],
    });
    // An area is a number of m²: a negative one or a word used to be saved.
    const areas = await admin.post('/api/EmpresaUsuario/ActualizaDatosAdicionales', {
      data: { codigoEmpresaUsuario: emp.codigoEmpresaUsuario, areaTotal: '-5', areaConstruida: 'abc' },
    });
    expect(areas.statusCode).toBe(422);
    expect(areas.json().errors).toEqual({
      areaTotal: ['Solo números (m²), hasta 2 decimales'],
      areaConstruida: ['Solo números (m²), hasta 2 decimales'],
    });
    const bien = await admin.post('/api/EmpresaUsuario/ActualizaDatosAdicionales', {
      data: {
        codigoEmpresaUsuario: emp.codigoEmpresaUsuario,
        areaTotal: '1200.5',
        areaConstruida: 850,
        numeroLote: 'L-14',
      },
    });
    expect(bien.json(), bien.body).toMatchObject({ success: true });
    const [guardada] = await e.db
      .select()
      .from(empresaUsuario)
      .where(eq(empresaUsuario.codigoEmpresaUsuario, emp.codigoEmpresaUsuario));
    expect([guardada?.areaTotal, guardada?.areaConstruida, guardada?.numeroLote]).toEqual(['1200.5', '850', 'L-14']);
  });

  it('stores notification e-mails separated by semicolons and refuses a bad one', async () => {
    const emp = await e.crearEmpresa();
    const admin = await e.sesion(2, emp.codigoEmpresaUsuario);
    const ok = await admin.post('/api/EmpresaUsuario/ActualizaCorreoNotificacion', {
      data: { codigoEmpresaUsuario: emp.codigoEmpresaUsuario, correoElectronicoNotificacion: 'a@x.pe; b@x.pe;' },
    });
    expect(ok.statusCode).toBe(200);
    expect(
      (await admin.get('/api/EmpresaUsuario/ConsultaEmpresaUsuario')).json().data.correoElectronicoNotificacion,
    ).toBe('a@x.pe; b@x.pe');
    const mal = await admin.post('/api/EmpresaUsuario/ActualizaCorreoNotificacion', {
      data: { codigoEmpresaUsuario: emp.codigoEmpresaUsuario, correoElectronicoNotificacion: 'a@x.pe;no-es' },
    });
    expect(mal.json().errors.correoElectronicoNotificacion).toEqual([MENSAJES_ADMINISTRACION.correoInvalido('no-es')]);
  });
});

describe('monthly employment counts', () => {
  it('registers one record per month, edits the counts but not the month, lists with the month name', async () => {
    const emp = await e.crearEmpresa();
    const admin = await e.sesion(2, emp.codigoEmpresaUsuario);
    const datos = {
      anioMes: '2026-10',
      numeroPeruana: 12,
      numeroPeruano: '15',
      numeroExtranjero: 2,
      numeroEmpleadoIndirecto: 4,
    };
    const r = await admin.post('/api/EmpresaUsuarioEmpleado/GuardarDatos', { data: datos });
    expect(r.statusCode, r.body).toBe(200);
    const dup = await admin.post('/api/EmpresaUsuarioEmpleado/GuardarDatos', { data: datos });
    expect(dup.json().errors.anioMes).toEqual([MENSAJES_ADMINISTRACION.mesRegistrado]);
    const codigo = r.json().data;
    const mes = await admin.post('/api/EmpresaUsuarioEmpleado/GuardarDatos', {
      data: { ...datos, CodigoEmpresaUsuarioEmpleado: codigo, anioMes: '2026-09' },
    });
    expect(mes.json().errors.anioMes).toEqual([MENSAJES_ADMINISTRACION.mesNoEditable]);
    await admin.post('/api/EmpresaUsuarioEmpleado/GuardarDatos', {
      data: { ...datos, CodigoEmpresaUsuarioEmpleado: codigo, numeroPeruana: 20 },
    });
    const lista = (await admin.get('/api/EmpresaUsuarioEmpleado/ListarDatos')).json().data;
    expect(lista).toMatchObject([{ anio: 2026, descripcionMes: 'Octubre', numeroPeruana: 20, estadoAnulado: 0 }]);
    const una = (
      await admin.get(
        `/api/EmpresaUsuarioEmpleado/ConsultarDatos?CodigoEmpresaUsuarioEmpleado=${codigo}&CodigoEmpresaUsuario=${emp.codigoEmpresaUsuario}`,
      )
    ).json().data;
    expect(una).toMatchObject({ anioMes: '2026-10', numeroPeruano: 15 });
    const otro = await e.sesion(2, (await e.crearEmpresa()).codigoEmpresaUsuario);
    expect(
      (await otro.get(`/api/EmpresaUsuarioEmpleado/ConsultarDatos?CodigoEmpresaUsuarioEmpleado=${codigo}`)).statusCode,
    ).toBe(404);
  });

  it('two people editing the same month: the second save, read at the older version, is refused and changes nothing', async () => {
    const admin = await e.sesion(2, (await e.crearEmpresa()).codigoEmpresaUsuario);
    const cuentas = { numeroPeruana: 1, numeroPeruano: 2, numeroExtranjero: 0, numeroEmpleadoIndirecto: 3 };
    const codigo = (
      await admin.post('/api/EmpresaUsuarioEmpleado/GuardarDatos', { data: { anioMes: '2026-08', ...cuentas } })
    ).json().data;
    const [leida] = (await admin.get('/api/EmpresaUsuarioEmpleado/ListarDatos')).json().data;
    expect(leida.version).toBe(1);
    const base = { ...cuentas, anioMes: '2026-08', CodigoEmpresaUsuarioEmpleado: codigo, version: leida.version };
    const primera = await admin.post('/api/EmpresaUsuarioEmpleado/GuardarDatos', {
      data: { ...base, numeroPeruana: 40 },
    });
    expect(primera.statusCode, primera.body).toBe(200);
    const segunda = await admin.post('/api/EmpresaUsuarioEmpleado/GuardarDatos', {
      data: { ...base, numeroPeruano: 50 },
    });
    expect(segunda.statusCode).toBe(409);
    expect(segunda.json().message).toBe(MENSAJES.conflicto);
    const [ahora] = (await admin.get('/api/EmpresaUsuarioEmpleado/ListarDatos')).json().data;
    expect(ahora).toMatchObject({ numeroPeruana: 40, numeroPeruano: 2, version: 2 });
  });

  it('refuses a month that has not begun (Lima clock), on the month field, and registers the current one', async () => {
    const admin = await e.sesion(2, (await e.crearEmpresa()).codigoEmpresaUsuario);
    const cuentas = { numeroPeruana: 1, numeroPeruano: 2, numeroExtranjero: 0, numeroEmpleadoIndirecto: 3 };
    for (const anioMes of ['2026-12', '2027-01']) {
      const r = await admin.post('/api/EmpresaUsuarioEmpleado/GuardarDatos', { data: { anioMes, ...cuentas } });
      expect(r.statusCode).toBe(422);
      expect(r.json().errors).toEqual({ anioMes: [MENSAJES_ADMINISTRACION.mesFuturo] });
    }
    expect((await admin.get('/api/EmpresaUsuarioEmpleado/ListarDatos')).json().data).toEqual([]);
    // The test clock is 2026-11-20: November is under way and may be counted.
    const actual = await admin.post('/api/EmpresaUsuarioEmpleado/GuardarDatos', {
      data: { anioMes: '2026-11', ...cuentas },
    });
    expect(actual.statusCode, actual.body).toBe(200);
  });

  it("refuses missing or too long counts with 'Debe rellenar campos obligatorios'", async () => {
    const admin = await e.sesion(2, (await e.crearEmpresa()).codigoEmpresaUsuario);
    const r = await admin.post('/api/EmpresaUsuarioEmpleado/GuardarDatos', {
      data: { anioMes: '2026-13', numeroPeruana: '', numeroPeruano: 12345, numeroExtranjero: 'x' },
    });
    expect(r.statusCode).toBe(422);
    expect(r.json()).toMatchObject({
      message: MENSAJES_ADMINISTRACION.rellenarObligatorios,
      errors: {
        anioMes: ['El mes debe tener el formato yyyy-MM'],
        numeroPeruana: [MENSAJES.requerido],
        numeroPeruano: ['Solo números, máximo 4 dígitos'],
        numeroExtranjero: ['Solo números, máximo 4 dígitos'],
        numeroEmpleadoIndirecto: [MENSAJES.requerido],
      },
    });
  });
});

describe('extensions (Prorrogas) with their PDF', () => {
  async function subir(s: Sesion, campos: Record<string, string | number>, contenido: Buffer) {
    const { payload, headers } = cuerpoMultipart(campos, [
      { campo: 'archivo', nombre: 'resolucion.pdf', contenido, tipo: 'application/pdf' },
    ]);
    return e.app.inject({
      method: 'POST',
      url: '/api/EmpresaListaBlanca/GuardarEmpresaListaBlanca',
      payload,
      headers: { ...headers, authorization: `Bearer ${s.token}` },
    });
  }
  const campos = (c: number, extra: Record<string, string> = {}) => ({
    FechaExpiracionHasta: '2027-06-30',
    DocumentoAutorizacion: 'RES-0045-2026',
    CodigoEmpresaUsuario: c,
    ...extra,
  });

  it('user 48 adds one (the older one goes inactive); it lists and downloads the same bytes', async () => {
    const emp = await e.crearEmpresa();
    const autorizado = await e.sesion(2, 1, { codigoUsuario: 48 });
    const pdf = MUESTRAS.pdf(50_000);
    const r1 = await subir(autorizado, campos(emp.codigoEmpresaUsuario), pdf);
    expect(r1.statusCode, r1.body).toBe(200);
    const r2 = await subir(
      autorizado,
      campos(emp.codigoEmpresaUsuario, { DocumentoAutorizacion: 'RES-0046-2026' }),
      pdf,
    );
    expect(r2.json().message).toBe(MENSAJES_ADMINISTRACION.prorrogaRegistrada);
    const lista = (
      await autorizado.get(`/api/EmpresaListaBlanca/ListarDatos?CodigoEmpresaUsuario=${emp.codigoEmpresaUsuario}`)
    ).json().data;
    expect(
      lista.map((f: { documentoAutorizacion: string; estadoRegistro: number }) => [
        f.documentoAutorizacion,
        f.estadoRegistro,
      ]),
    ).toEqual([
      ['RES-0046-2026', 1],
      ['RES-0045-2026', 0],
    ]);
    expect(lista[0]).toMatchObject({ ruc: emp.ruc, empresa: emp.razonSocial, fechaExpiracionHasta: '2027-06-30' });
    const descarga = await autorizado.get(`/api/${lista[0].rutaArchivo}`);
    expect(descarga.statusCode).toBe(200);
    expect(descarga.headers['content-type']).toBe('application/pdf');
    expect(descarga.rawPayload.equals(pdf)).toBe(true);
    const ajeno = await e.sesion(2, (await e.crearEmpresa()).codigoEmpresaUsuario);
    expect((await ajeno.get(`/api/${lista[0].rutaArchivo}`)).statusCode).toBe(404);
  });

  it('is refused to other users, to files over 1 MB or not PDF, and to dates before yesterday', async () => {
    const emp = await e.crearEmpresa();
    const otro = await e.sesion(1, 1);
    const r = await subir(otro, campos(emp.codigoEmpresaUsuario), MUESTRAS.pdf());
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe(MENSAJES_ADMINISTRACION.prorrogaNoAutorizado);
    const autorizado = await e.sesion(1, 1, { codigoUsuario: 202 });
    const grande = await subir(autorizado, campos(emp.codigoEmpresaUsuario), MUESTRAS.pdf(1024 * 1024 + 1));
    expect(grande.statusCode).toBe(413);
    expect(grande.json().message).toBe(MENSAJES_ADMINISTRACION.pdfTamanio);
    const exe = await subir(autorizado, campos(emp.codigoEmpresaUsuario), MUESTRAS.exe());
    expect(exe.statusCode).toBe(415);
    const pasada = await subir(
      autorizado,
      campos(emp.codigoEmpresaUsuario, { FechaExpiracionHasta: '2026-11-01' }),
      MUESTRAS.pdf(),
    );
    expect(pasada.json().errors.FechaExpiracionHasta).toEqual([MENSAJES_ADMINISTRACION.fechaDesdeAyer]);
    const vacia = await subir(autorizado, { CodigoEmpresaUsuario: emp.codigoEmpresaUsuario }, MUESTRAS.pdf());
    expect(vacia.json().errors).toMatchObject({ DocumentoAutorizacion: [MENSAJES.requerido] });
    const larga = await subir(
      autorizado,
      campos(emp.codigoEmpresaUsuario, { DocumentoAutorizacion: 'X'.repeat(31) }),
      MUESTRAS.pdf(),
    );
    expect(larga.statusCode).toBe(422);
    expect(
      await e.db
        .select()
        .from(empresaListaBlanca)
        .where(eq(empresaListaBlanca.codigoEmpresaUsuario, emp.codigoEmpresaUsuario)),
    ).toHaveLength(0);
  });
});
