import { MENSAJES } from '@cronos/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../test/entorno';
import { catalogoUsuario, controlColaboradorEmpresa, empresaUsuario, parametro, usuario } from '../db/schema';

// Two people edit the same record: both read version v, the first save wins, the second gets 409 and
// changes nothing. (The order cards' case is in movimiento/movimiento-edicion.test.ts.)

let e: Entorno;
beforeAll(async () => {
  e = await crearEntorno();
});
afterAll(() => e.cerrar());

type Respuesta = { statusCode: number; json: () => { success: boolean; message: string } };
const segundoRechazado = (r: Respuesta) => {
  expect(r.statusCode).toBe(409);
  expect(r.json()).toMatchObject({
    success: false,
    message: 'El registro fue modificado por otro usuario. Recargue e intente nuevamente.',
  });
  expect(r.json().message).toBe(MENSAJES.conflicto);
};

describe('concurrent edits of the same record', () => {
  it('catalogue product', async () => {
    const emp = await e.crearEmpresa();
    const ana = await e.sesion(8, emp.codigoEmpresaUsuario);
    const beto = await e.sesion(8, emp.codigoEmpresaUsuario);
    const creado = await ana.post('/api/CatalogoUsuario/GuardarDatos', {
      data: {
        descripcion: 'TELEVISOR LED 55',
        numeroPartida: '8528.72.00.00',
        codigoUnidadMedida: 'NIU',
        codigoExistencia: '01',
      },
    });
    expect(creado.statusCode, creado.body).toBe(200);
    const leer = async (s: typeof ana) =>
      (await s.get('/api/CatalogoUsuario/ListarDatos')).json().data[0] as Record<string, unknown> & { version: number };
    const deAna = await leer(ana);
    const deBeto = await leer(beto);
    expect(deBeto.version).toBe(deAna.version);
    const editar = (s: typeof ana, fila: typeof deAna, unidad: string) =>
      s.post('/api/CatalogoUsuario/GuardarDatos', {
        data: {
          codigoCatalogoUsuario: fila.codigoCatalogoUsuario,
          version: fila.version,
          descripcion: fila.descripcion,
          numeroPartida: '8528.72.00.00',
          codigoUnidadMedida: unidad,
          codigoExistencia: '01',
        },
      });
    const antes = await e.contarAuditoria();
    expect((await editar(ana, deAna, 'KGM')).statusCode).toBe(200);
    segundoRechazado(await editar(beto, deBeto, 'MTR'));
    const [p] = await e.db
      .select()
      .from(catalogoUsuario)
      .where(eq(catalogoUsuario.codigoCatalogoUsuario, Number(deAna.codigoCatalogoUsuario)));
    expect(p).toMatchObject({ codigoUnidadMedida: 'KGM', version: deAna.version + 1 });
    expect(await e.contarAuditoria()).toBe(antes + 1);
    // After reloading, the second person's save goes through.
    expect((await editar(beto, await leer(beto), 'MTR')).statusCode).toBe(200);
  });

  it('company profile (form, e-mails and additional data share the record)', async () => {
    const emp = await e.crearEmpresa();
    const ana = await e.sesion(2, emp.codigoEmpresaUsuario);
    const beto = await e.sesion(2, emp.codigoEmpresaUsuario);
    const leer = async (s: typeof ana) =>
      (await s.get('/api/EmpresaUsuario/ConsultaEmpresaUsuario')).json().data as Record<string, unknown> & {
        version: number;
      };
    const deAna = await leer(ana);
    const deBeto = await leer(beto);
    const datos = (f: typeof deAna, direccion: string) => ({
      data: { ...f, direccion, fechaContrato: null, fechaInicioOperacion: null },
    });
    const antes = await e.contarAuditoria();
    expect((await ana.post('/api/EmpresaUsuario/ActualizaEmpresaUsuario', datos(deAna, 'Av. Ana 1'))).statusCode).toBe(
      200,
    );
    segundoRechazado(await beto.post('/api/EmpresaUsuario/ActualizaEmpresaUsuario', datos(deBeto, 'Av. Beto 2')));
    segundoRechazado(
      await beto.post('/api/EmpresaUsuario/ActualizaCorreoNotificacion', {
        data: {
          codigoEmpresaUsuario: emp.codigoEmpresaUsuario,
          version: deBeto.version,
          correoElectronicoNotificacion: 'b@x.pe',
        },
      }),
    );
    segundoRechazado(
      await beto.post('/api/EmpresaUsuario/ActualizaDatosAdicionales', {
        data: { codigoEmpresaUsuario: emp.codigoEmpresaUsuario, version: deBeto.version, areaTotal: '99' },
      }),
    );
    const [f] = await e.db
      .select()
      .from(empresaUsuario)
      .where(eq(empresaUsuario.codigoEmpresaUsuario, emp.codigoEmpresaUsuario));
    expect(f).toMatchObject({ direccion: 'Av. Ana 1', correoElectronicoNotificacion: null, areaTotal: null });
    expect(await e.contarAuditoria()).toBe(antes + 1);
  });

  it('user', async () => {
    const emp = await e.crearEmpresa();
    const objetivo = await e.crearUsuario(8, emp.codigoEmpresaUsuario, { cargo: 'Asistente' });
    const ana = await e.sesion(2, emp.codigoEmpresaUsuario);
    const beto = await e.sesion(2, emp.codigoEmpresaUsuario);
    const leer = async (s: typeof ana) =>
      (
        (await s.get('/api/Account/ListarDatos?limit=100')).json().data as (Record<string, unknown> & {
          version: number;
        })[]
      ).find((u) => u.codigoUsuario === objetivo.codigoUsuario);
    const deAna = await leer(ana);
    const deBeto = await leer(beto);
    if (!deAna || !deBeto) throw new Error('usuario no listado');
    const editar = (s: typeof ana, f: typeof deAna, cargo: string) =>
      s.post('/api/Account/Crear', {
        codigoUsuario: f.codigoUsuario,
        version: f.version,
        codeTipoDocumentoPeaton: '1',
        numeroDocumentoIdentidad: '45678912',
        nombre: 'JULIA',
        apellidoPaterno: 'FLORES',
        apellidoMaterno: 'MAMANI',
        correoElectronico: 'julia@empresa.pe',
        cargo,
        codigoRol: 8,
      });
    const antes = await e.contarAuditoria();
    const r = await editar(ana, deAna, 'Jefa de almacén');
    expect(r.statusCode, r.body).toBe(200);
    segundoRechazado(await editar(beto, deBeto, 'Practicante'));
    const [u] = await e.db.select().from(usuario).where(eq(usuario.codigoUsuario, objetivo.codigoUsuario));
    expect(u?.cargo).toBe('Jefa de almacén');
    expect(await e.contarAuditoria()).toBe(antes + 1);
  });

  it('parameter (group and section)', async () => {
    const ana = await e.sesion(2, 1);
    const beto = await e.sesion(2, 1);
    const creado = await ana.post('/api/Parametro/GuardarParametro', {
      data: { nombre: 'Turnos', descripcion: 'De garita' },
    });
    const codigo = creado.json().data as number;
    const leer = async (s: typeof ana) =>
      (await s.get(`/api/Parametro/ConsultarBandejaParametroTabla?CodigoParametro=${codigo}`)).json().data as {
        version: number;
        secciones: { codigoSeccion: number; version: number }[];
      };
    const deAna = await leer(ana);
    const deBeto = await leer(beto);
    const editar = (s: typeof ana, version: number, nombre: string) =>
      s.post('/api/Parametro/GuardarParametro', {
        data: { codigoParametro: codigo, version, nombre, descripcion: 'De garita' },
      });
    const antes = await e.contarAuditoria();
    expect((await editar(ana, deAna.version, 'Turnos de Ana')).statusCode).toBe(200);
    segundoRechazado(await editar(beto, deBeto.version, 'Turnos de Beto'));
    const [p] = await e.db.select().from(parametro).where(eq(parametro.codigoParametro, codigo));
    expect(p?.nombre).toBe('Turnos de Ana');
    expect(await e.contarAuditoria()).toBe(antes + 1);

    // Its sections too.
    const nueva = await ana.post('/api/ParametroSeccion/GuardarParametroSeccion', {
      data: { codigoParametro: codigo, nombre: 'Mañana' },
    });
    expect(nueva.statusCode, nueva.body).toBe(200);
    const seccion = (await leer(ana)).secciones[0];
    if (!seccion) throw new Error('sección');
    const editarSeccion = (s: typeof ana, nombre: string) =>
      s.post('/api/ParametroSeccion/GuardarParametroSeccion', {
        data: { codigoParametro: codigo, codigoSeccion: seccion.codigoSeccion, version: seccion.version, nombre },
      });
    expect((await editarSeccion(ana, 'Mañana (6 a 14)')).statusCode).toBe(200);
    segundoRechazado(await editarSeccion(beto, 'Madrugada'));
    expect((await leer(ana)).secciones[0]).toMatchObject({ nombre: 'Mañana (6 a 14)' });
  });

  it('worker', async () => {
    const emp = await e.crearEmpresa();
    const ana = await e.sesion(8, emp.codigoEmpresaUsuario);
    const beto = await e.sesion(8, emp.codigoEmpresaUsuario);
    const trabajador = {
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
    };
    const creado = await ana.post('/api/ControlColaboradorEmpresa/GuardarControColaboradorEmpresa', {
      data: trabajador,
    });
    expect(creado.statusCode, creado.body).toBe(200);
    const codigo = creado.json().data as number;
    const leer = async (s: typeof ana) =>
      (await s.get(`/api/ControlColaboradorEmpresa/record/${codigo}`)).json().data as { version: number };
    const deAna = await leer(ana);
    const deBeto = await leer(beto);
    const editar = (s: typeof ana, version: number, codigoCargo: string) =>
      s.post('/api/ControlColaboradorEmpresa/GuardarControColaboradorEmpresa', {
        data: { ...trabajador, codigoControlColaboradorEmpresa: codigo, version, codigoCargo },
      });
    const antes = await e.contarAuditoria();
    expect((await editar(ana, deAna.version, 'Supervisor')).statusCode).toBe(200);
    segundoRechazado(await editar(beto, deBeto.version, 'Estibador'));
    const [t] = await e.db
      .select()
      .from(controlColaboradorEmpresa)
      .where(eq(controlColaboradorEmpresa.codigoControlColaboradorEmpresa, codigo));
    expect(t?.codigoCargo).toBe('Supervisor');
    expect(await e.contarAuditoria()).toBe(antes + 1);
  });
});
