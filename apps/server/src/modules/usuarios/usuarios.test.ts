import { MENSAJES, MENSAJES_CATALOGO, MENSAJES_USUARIOS, type NodoPermiso } from '@cronos/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { comprobarOrdenes } from '../../../test/orden-lista';
import { permiso, permisoUsuario, usuario } from '../../db/schema';

let e: Entorno;
beforeAll(async () => {
  e = await crearEntorno();
});
afterAll(() => e.cerrar());

type Sesion = Awaited<ReturnType<Entorno['sesion']>>;
const CLAVE = 'Clave.Segura.2026';
const formulario = (extra: Record<string, unknown> = {}) => ({
  codeTipoDocumentoPeaton: '1',
  numeroDocumentoIdentidad: '45678912',
  nombre: 'Julia',
  apellidoPaterno: 'Flores',
  apellidoMaterno: 'Mamani',
  correoElectronico: 'julia@empresa.pe',
  cargo: 'Asistente',
  codigoRol: 8,
  contrasenia: CLAVE,
  ...extra,
});

async function codigoNodo(modulo: string) {
  const [n] = await e.db.select().from(permiso).where(eq(permiso.modulo, modulo));
  return n?.codigoPermiso ?? 0;
}
const arbol = async (s: Sesion, codigoUsuario: number) =>
  (await s.get(`/api/Account/ConsultarArbolPermisoUsuario?CodigoUsuario=${codigoUsuario}`)).json()
    .data as NodoPermiso[];
/** The tree with one screen's flags changed. */
function con(arb: NodoPermiso[], codigo: number, flags: Partial<NodoPermiso>): NodoPermiso[] {
  return arb.map((n) => ({
    ...(n.codigoPermisoRol === codigo ? { ...n, ...flags } : n),
    detalle: con(n.detalle, codigo, flags),
  }));
}
const flagsDe = async (codigoUsuario: number) =>
  e.db.select().from(permisoUsuario).where(eq(permisoUsuario.codigoUsuario, codigoUsuario));

describe('a SuperAdministrador edits everyone, itself included (spec 02 §6)', () => {
  it('edits its own data and another SuperAdministrador, never its own role', async () => {
    const sa = await e.sesion(1, 1);
    const otro = await e.crearUsuario(1, 1);
    const propio = { ...formulario({ codigoRol: 1 }), codigoUsuario: sa.usuario.codigoUsuario, cargo: 'Gerente' };
    const r = await sa.post('/api/Account/Crear', propio);
    expect(r.statusCode, r.body).toBe(200);
    const [yo] = await e.db.select().from(usuario).where(eq(usuario.codigoUsuario, sa.usuario.codigoUsuario));
    expect([yo?.cargo, yo?.nombre, yo?.codigoRol]).toEqual(['Gerente', 'JULIA', 1]);
    const degradar = await sa.post('/api/Account/Crear', { ...propio, codigoRol: 8 });
    expect(degradar.statusCode).toBe(422);
    expect(degradar.json().errors).toEqual({ codigoRol: [MENSAJES_USUARIOS.rolPropio] });
    const [igual] = await e.db.select().from(usuario).where(eq(usuario.codigoUsuario, sa.usuario.codigoUsuario));
    expect(igual?.codigoRol).toBe(1);
    const ajeno = await sa.post('/api/Account/Crear', {
      ...formulario({ codigoRol: 1 }),
      codigoUsuario: otro.codigoUsuario,
      cargo: 'Auditor',
    });
    expect(ajeno.statusCode, ajeno.body).toBe(200);
    const otroTipo = await sa.post('/api/Account/Crear', {
      ...formulario({ codigoRol: 1, codeTipoDocumentoPeaton: '99', numeroDocumentoIdentidad: '1234567890' }),
      codigoUsuario: otro.codigoUsuario,
    });
    expect(otroTipo.statusCode).toBe(422);
    expect(otroTipo.json().errors).toEqual({ codeTipoDocumentoPeaton: [MENSAJES_CATALOGO.valorNoValido] });
  });
});

describe('POST /api/Account/Crear', () => {
  it('level 1 creates a user in the chosen company with its tree; the user must change the password', async () => {
    const emp = await e.crearEmpresa();
    const sa = await e.sesion(1, 1);
    const productos = await codigoNodo('administration/products');
    const r = await sa.post('/api/Account/Crear', {
      ...formulario({ codigoEmpresaUsuario: emp.codigoEmpresaUsuario }),
      detalle: [
        {
          codigoPermisoRol: productos,
          permiteListar: true,
          permiteAgregar: true,
          permiteEditar: false,
          permiteEliminar: false,
        },
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().message).toBe(MENSAJES_USUARIOS.creado);
    const codigo = r.json().data as number;
    const [u] = await e.db.select().from(usuario).where(eq(usuario.codigoUsuario, codigo));
    expect(u).toMatchObject({
      nombreUsuario: 'jflores',
      codigoEmpresaUsuario: emp.codigoEmpresaUsuario,
      nombre: 'JULIA',
      debeCambiarContrasenia: true,
    });
    expect(await flagsDe(codigo)).toMatchObject([
      { codigoPermiso: productos, permiteAgregar: true, permiteEditar: false },
    ]);
    const otro = await sa.post('/api/Account/Crear', formulario({ codigoEmpresaUsuario: emp.codigoEmpresaUsuario }));
    const [u2] = await e.db.select().from(usuario).where(eq(usuario.codigoUsuario, otro.json().data));
    expect(u2?.nombreUsuario).toBe('jflores2');
    const login = await e.app.inject({
      method: 'POST',
      url: '/api/Account/Login',
      payload: { nombreUsuario: 'jflores', contrasenia: CLAVE },
    });
    expect(login.json().data.usuario.debeCambiarContrasenia).toBe(true);
  });

  it('refuses bad input with the spec messages and creates nothing', async () => {
    const sa = await e.sesion(1, 1);
    const antes = (await e.db.select().from(usuario)).length;
    const vacio = await sa.post('/api/Account/Crear', {});
    expect(vacio.statusCode).toBe(422);
    expect(vacio.json().errors).toMatchObject({
      codeTipoDocumentoPeaton: [MENSAJES.requerido],
      numeroDocumentoIdentidad: [MENSAJES.requerido],
      correoElectronico: [MENSAJES.requerido],
      cargo: [MENSAJES.requerido],
      codigoRol: [MENSAJES.requerido],
    });
    const corto = await sa.post(
      '/api/Account/Crear',
      formulario({ numeroDocumentoIdentidad: '1234567', nombre: '', contrasenia: '' }),
    );
    expect(corto.json().errors).toMatchObject({
      numeroDocumentoIdentidad: [MENSAJES_USUARIOS.ochoCaracteres],
      nombre: [MENSAJES_USUARIOS.nombresApellidos],
      contrasenia: [MENSAJES.requerido],
    });
    const ruc = await sa.post(
      '/api/Account/Crear',
      formulario({ codeTipoDocumentoPeaton: '3', numeroDocumentoIdentidad: '20512333797' }),
    );
    expect(ruc.json().errors.codeTipoDocumentoPeaton).toEqual([MENSAJES_USUARIOS.tipoNoPermitido]);
    // A type outside the identity document list used to be saved as it came.
    const otroTipo = await sa.post(
      '/api/Account/Crear',
      formulario({ codeTipoDocumentoPeaton: '99', numeroDocumentoIdentidad: '1234567890', codigoEmpresaUsuario: 1 }),
    );
    expect(otroTipo.statusCode).toBe(422);
    expect(otroTipo.json().errors).toEqual({ codeTipoDocumentoPeaton: [MENSAJES_CATALOGO.valorNoValido] });
    // Digits and markup in a name used to be saved (and gave generated user names such as 'b').
    const raros = await sa.post(
      '/api/Account/Crear',
      formulario({ nombre: '123', apellidoPaterno: '<b>x</b>', apellidoMaterno: 'Q!', codigoEmpresaUsuario: 1 }),
    );
    expect(raros.statusCode).toBe(422);
    expect(raros.json().errors).toEqual({
      nombre: [MENSAJES_USUARIOS.soloLetras],
      apellidoPaterno: [MENSAJES_USUARIOS.soloLetras],
      apellidoMaterno: [MENSAJES_USUARIOS.soloLetras],
    });
    const sinEmpresa = await sa.post('/api/Account/Crear', formulario());
    expect(sinEmpresa.json().errors.codigoEmpresaUsuario).toEqual([MENSAJES.requerido]);
    const sinModulos = await sa.post('/api/Account/Crear', { ...formulario({ codigoEmpresaUsuario: 1 }), detalle: [] });
    expect(sinModulos.json().errors.detalle).toEqual([MENSAJES_USUARIOS.alMenosUnModulo]);
    const correo = await sa.post('/api/Account/Crear', formulario({ correoElectronico: 'no-es-correo' }));
    expect(correo.json().errors.correoElectronico).toEqual([MENSAJES_USUARIOS.correoInvalido]);
    expect((await e.db.select().from(usuario)).length).toBe(antes);
    const acentos = await sa.post(
      '/api/Account/Crear',
      formulario({
        nombre: 'María José',
        apellidoPaterno: "D'Ángelo-Peña",
        apellidoMaterno: 'St. Güemes',
        numeroDocumentoIdentidad: '45678913',
        correoElectronico: 'mjose@empresa.pe',
        codigoEmpresaUsuario: 1,
      }),
    );
    expect(acentos.statusCode, acentos.body).toBe(200);
  });

  it('level 2 creates only in its own company, only roles 2, 8 and 9, with at most its own permissions', async () => {
    const emp = await e.crearEmpresa();
    const otra = await e.crearEmpresa();
    const admin = await e.sesion(2, emp.codigoEmpresaUsuario);
    const ajena = await admin.post(
      '/api/Account/Crear',
      formulario({ codigoEmpresaUsuario: otra.codigoEmpresaUsuario }),
    );
    expect(ajena.statusCode).toBe(404);
    const jefe = await admin.post('/api/Account/Crear', formulario({ codigoRol: 1 }));
    expect(jefe.json().errors.codigoRol).toEqual([MENSAJES_USUARIOS.rolNoPermitido]);
    const tesorero = await admin.post(
      '/api/Account/Crear',
      formulario({ codigoRol: 9, numeroDocumentoIdentidad: '45678913' }),
    );
    expect(tesorero.statusCode).toBe(200);
    // Role 9's defaults include finance screens an Administrador does not hold: they are left out.
    const filas = await flagsDe(tesorero.json().data);
    const finanzas = await codigoNodo('finances/invoices');
    expect(filas.some((f) => f.codigoPermiso === finanzas)).toBe(false);
    expect(filas.some((f) => f.codigoPermiso === 0)).toBe(false);
    const facturas = await admin.post('/api/Account/Crear', {
      ...formulario({ numeroDocumentoIdentidad: '45678914' }),
      detalle: [
        {
          codigoPermisoRol: finanzas,
          permiteListar: true,
          permiteAgregar: false,
          permiteEditar: false,
          permiteEliminar: false,
        },
      ],
    });
    expect(facturas.statusCode).toBe(403);
    expect(facturas.json().message).toBe(MENSAJES_USUARIOS.noOtorgar);
  });

  it('is refused to levels other than 1 and 2, even with the users screen in their tree', async () => {
    const emp = await e.crearEmpresa();
    const u = await e.sesion(8, emp.codigoEmpresaUsuario);
    expect((await u.post('/api/Account/Crear', formulario())).statusCode).toBe(403);
    expect((await u.get('/api/Account/ListarDatos')).statusCode).toBe(200);
  });
});

describe('POST /api/Account/GuardarPermisoUsuario', () => {
  it('replaces the tree; a permission removed is enforced on the next request', async () => {
    const emp = await e.crearEmpresa();
    const admin = await e.sesion(2, emp.codigoEmpresaUsuario);
    const empleado = await e.sesion(8, emp.codigoEmpresaUsuario);
    expect((await empleado.get('/api/CatalogoUsuario/ListarDatos')).statusCode).toBe(200);
    const productos = await codigoNodo('administration/products');
    const tree = con(await arbol(admin, empleado.usuario.codigoUsuario), productos, {
      permiteListar: false,
      habilitado: false,
    });
    const r = await admin.post('/api/Account/GuardarPermisoUsuario', {
      codigoUsuario: empleado.usuario.codigoUsuario,
      codigoRol: 8,
      detalle: tree,
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().message).toBe(MENSAJES_USUARIOS.permisosGuardados);
    expect((await empleado.get('/api/CatalogoUsuario/ListarDatos')).statusCode).toBe(403);
  });

  it('two administrators saving one tree from the same version: the second gets 409 and changes nothing', async () => {
    const emp = await e.crearEmpresa();
    const admin = await e.sesion(2, emp.codigoEmpresaUsuario);
    const otroAdmin = await e.sesion(2, emp.codigoEmpresaUsuario);
    const empleado = await e.crearUsuario(8, emp.codigoEmpresaUsuario);
    const version = (await e.db.select().from(usuario).where(eq(usuario.codigoUsuario, empleado.codigoUsuario)))[0]
      ?.version;
    const productos = await codigoNodo('administration/products');
    const base = await arbol(admin, empleado.codigoUsuario);
    const primero = await admin.post('/api/Account/GuardarPermisoUsuario', {
      codigoUsuario: empleado.codigoUsuario,
      detalle: con(base, productos, { permiteListar: false, habilitado: false }),
      version,
    });
    expect(primero.statusCode, primero.body).toBe(200);
    const despuesPrimero = await flagsDe(empleado.codigoUsuario);
    const segundo = await otroAdmin.post('/api/Account/GuardarPermisoUsuario', {
      codigoUsuario: empleado.codigoUsuario,
      detalle: base,
      version,
    });
    expect(segundo.statusCode, segundo.body).toBe(409);
    expect(await flagsDe(empleado.codigoUsuario)).toEqual(despuesPrimero);
  });

  it('refuses a level-2 grant it does not hold, and self-escalation, and changes nothing', async () => {
    const emp = await e.crearEmpresa();
    const admin = await e.sesion(2, emp.codigoEmpresaUsuario);
    const empleado = await e.crearUsuario(8, emp.codigoEmpresaUsuario);
    const finanzas = await codigoNodo('finances/invoices');
    const antes = await flagsDe(empleado.codigoUsuario);
    const cuerpo = async (codigoUsuario: number) => ({
      codigoUsuario,
      detalle: con(await arbol(admin, codigoUsuario), finanzas, { permiteListar: true, permiteAgregar: true }),
    });
    const r = await admin.post('/api/Account/GuardarPermisoUsuario', await cuerpo(empleado.codigoUsuario));
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe(MENSAJES_USUARIOS.noOtorgar);
    expect(await flagsDe(empleado.codigoUsuario)).toEqual(antes);
    const propio = await admin.post('/api/Account/GuardarPermisoUsuario', await cuerpo(admin.usuario.codigoUsuario));
    expect(propio.statusCode).toBe(403);
    expect(
      (await admin.get('/api/Account/ConsultarSesion'))
        .json()
        .data.permisos.flatMap((g: NodoPermiso & { detalle: { urlLink: string }[] }) =>
          g.detalle.map((d) => d.urlLink),
        ),
    ).not.toContain('/app/finances/invoices');
  });

  it('level 2 cannot touch a SuperAdministrador nor another company; level 1 can', async () => {
    const emp = await e.crearEmpresa();
    const otra = await e.crearEmpresa();
    const admin = await e.sesion(2, emp.codigoEmpresaUsuario);
    const jefe = await e.crearUsuario(1, emp.codigoEmpresaUsuario);
    const ajeno = await e.crearUsuario(8, otra.codigoEmpresaUsuario);
    const sa = await e.sesion(1, 1);
    const tree = await arbol(sa, jefe.codigoUsuario);
    expect(
      (await admin.post('/api/Account/GuardarPermisoUsuario', { codigoUsuario: jefe.codigoUsuario, detalle: tree }))
        .statusCode,
    ).toBe(403);
    expect(
      (await admin.post('/api/Account/GuardarPermisoUsuario', { codigoUsuario: ajeno.codigoUsuario, detalle: tree }))
        .statusCode,
    ).toBe(404);
    expect(
      (await admin.get(`/api/Account/ConsultarArbolPermisoUsuario?CodigoUsuario=${ajeno.codigoUsuario}`)).statusCode,
    ).toBe(404);
    expect(
      (await sa.post('/api/Account/GuardarPermisoUsuario', { codigoUsuario: ajeno.codigoUsuario, detalle: tree }))
        .statusCode,
    ).toBe(200);
    const vacio = await sa.post('/api/Account/GuardarPermisoUsuario', {
      codigoUsuario: ajeno.codigoUsuario,
      detalle: con(tree, 0, {}).map((g) => ({
        ...g,
        permiteListar: false,
        detalle: g.detalle.map((d) => ({ ...d, permiteListar: false, habilitado: false })),
      })),
    });
    expect(vacio.statusCode).toBe(422);
    expect(vacio.json().errors.detalle).toEqual([MENSAJES_USUARIOS.alMenosUnModulo]);
  });
});

describe('POST /api/Account/CambiarEstadoAnulado and EliminarRegistro', () => {
  it("disabling ends the user's open session at once (401 on its next call); enabling lets it sign in again", async () => {
    const emp = await e.crearEmpresa();
    const admin = await e.sesion(2, emp.codigoEmpresaUsuario);
    const empleado = await e.sesion(8, emp.codigoEmpresaUsuario);
    expect((await empleado.get('/api/Account/ConsultarSesion')).statusCode).toBe(200);
    const antes = await e.contarAuditoria();
    const r = await admin.post('/api/Account/CambiarEstadoAnulado', {
      codigoUsuario: empleado.usuario.codigoUsuario,
      estado: 1,
    });
    expect(r.statusCode).toBe(200);
    expect(await e.contarAuditoria()).toBe(antes + 1);
    expect((await empleado.get('/api/Account/ConsultarSesion')).statusCode).toBe(401);
    const otra = await admin.post('/api/Account/CambiarEstadoAnulado', {
      codigoUsuario: empleado.usuario.codigoUsuario,
      estado: 1,
    });
    expect(otra.json().message).toBe(MENSAJES_USUARIOS.yaEnEseEstado);
    expect(
      (
        await admin.post('/api/Account/CambiarEstadoAnulado', {
          codigoUsuario: empleado.usuario.codigoUsuario,
          estado: 0,
        })
      ).statusCode,
    ).toBe(200);
    await e.login(empleado.usuario.nombreUsuario);
  });

  it('refuses disabling oneself, a SuperAdministrador, or a user of another company', async () => {
    const emp = await e.crearEmpresa();
    const sa = await e.sesion(1, 1);
    const otroSa = await e.crearUsuario(1, 1);
    const admin = await e.sesion(2, emp.codigoEmpresaUsuario);
    const ajeno = await e.crearUsuario(8, (await e.crearEmpresa()).codigoEmpresaUsuario);
    expect(
      (
        await sa.post('/api/Account/CambiarEstadoAnulado', { codigoUsuario: sa.usuario.codigoUsuario, estado: 1 })
      ).json().message,
    ).toBe(MENSAJES_USUARIOS.noPropio);
    expect(
      (await sa.post('/api/Account/CambiarEstadoAnulado', { codigoUsuario: otroSa.codigoUsuario, estado: 1 })).json()
        .message,
    ).toBe(MENSAJES_USUARIOS.superAdministradorProtegido);
    expect((await sa.post('/api/Account/EliminarRegistro', { codigoUsuario: otroSa.codigoUsuario })).statusCode).toBe(
      422,
    );
    expect(
      (await admin.post('/api/Account/CambiarEstadoAnulado', { codigoUsuario: ajeno.codigoUsuario, estado: 1 }))
        .statusCode,
    ).toBe(404);
    expect((await admin.post('/api/Account/CambiarEstadoAnulado', { codigoUsuario: 'x', estado: 5 })).statusCode).toBe(
      422,
    );
  });

  it('deletes a user: it leaves the list and its sessions end', async () => {
    const emp = await e.crearEmpresa();
    const admin = await e.sesion(2, emp.codigoEmpresaUsuario);
    const empleado = await e.sesion(8, emp.codigoEmpresaUsuario);
    expect(
      (await admin.post('/api/Account/EliminarRegistro', { codigoUsuario: empleado.usuario.codigoUsuario })).statusCode,
    ).toBe(200);
    expect((await empleado.get('/api/Account/ConsultarSesion')).statusCode).toBe(401);
    const lista = (await admin.get('/api/Account/ListarDatos?limit=100')).json().data as { codigoUsuario: number }[];
    expect(lista.map((u) => u.codigoUsuario)).not.toContain(empleado.usuario.codigoUsuario);
  });
});

describe('GET /api/Account/ListarDatos', () => {
  it('lists the own company; level 1 may choose; administrators only on request; searches an allowlisted column', async () => {
    const emp = await e.crearEmpresa();
    const otra = await e.crearEmpresa();
    const admin = await e.sesion(2, emp.codigoEmpresaUsuario);
    await e.crearUsuario(8, emp.codigoEmpresaUsuario, { nombre: 'BEATRIZ', correoElectronico: 'bea@x.pe' });
    await e.crearUsuario(8, otra.codigoEmpresaUsuario);
    const propia = (
      await admin.get(`/api/Account/ListarDatos?CodigoEmpresaUsuario=${otra.codigoEmpresaUsuario}`)
    ).json();
    expect(
      propia.data.every((u: { codigoEmpresaUsuario: number }) => u.codigoEmpresaUsuario === emp.codigoEmpresaUsuario),
    ).toBe(true);
    expect(propia.meta.total).toBe(2);
    expect(propia.data[0]).not.toHaveProperty('contraseniaHash');
    const sa = await e.sesion(1, 1);
    expect(
      (await sa.get(`/api/Account/ListarDatos?CodigoEmpresaUsuario=${otra.codigoEmpresaUsuario}`)).json().meta.total,
    ).toBe(1);
    const admins = (await admin.get('/api/Account/ListarDatos?SoloAdministradores=true')).json().data;
    expect(admins.map((u: { codigoRol: number }) => u.codigoRol)).toEqual([2]);
    const busca = (await admin.get('/api/Account/ListarDatos?Columna=U.NOMBRE&Valor=beatriz')).json().data;
    expect(busca).toHaveLength(1);
    expect(busca[0]).toMatchObject({ nombreRol: 'Usuario', razonSocial: emp.razonSocial, estadoAnulado: 0 });
    expect((await admin.get('/api/Account/ListarDatos?Columna=password&Valor=a')).statusCode).toBe(400);
  });

  it('sorts both lists by name, user name, state and date, both ways, over every page; newest first otherwise', async () => {
    const emp = (await e.crearEmpresa()).codigoEmpresaUsuario;
    const admin = await e.sesion(2, emp, {
      nombre: 'MARIO',
      apellidoPaterno: 'RUIZ',
      fechaRegistro: new Date('2026-03-01'),
    });
    const datos: [number, string, string, string, number, string][] = [
      [8, 'CARLA', 'ZAPATA', 'carla', 0, '2026-05-01'],
      [8, 'ANA', 'TORRES', 'zana', 1, '2026-01-10'],
      [2, 'BRUNO', 'ALVA', 'bruno', 0, '2026-07-15'],
      [8, 'ANA', 'TORRES', 'ana2', 0, '2026-02-20'],
      [2, 'DIANA', 'LUNA', 'diana', 1, '2026-04-04'],
      [8, 'ELSA', 'PONCE', 'elsa', 2, '2026-06-06'],
    ];
    for (const [rol, nombre, apellidoPaterno, nombreUsuario, estadoAnulado, dia] of datos) {
      await e.crearUsuario(rol, emp, {
        nombre,
        apellidoPaterno,
        nombreUsuario: `${nombreUsuario}${emp}`,
        estadoAnulado,
        fechaRegistro: new Date(`${dia}T12:00:00Z`),
      });
    }
    type Fila = {
      codigoUsuario: number;
      nombreCompleto: string;
      nombreUsuario: string;
      estadoAnulado: number;
      fechaRegistro: string;
    };
    const claves = {
      nombreCompleto: (f: Fila) => [f.nombreCompleto],
      nombreUsuario: (f: Fila) => [f.nombreUsuario],
      estadoAnulado: (f: Fila) => [f.estadoAnulado, f.nombreCompleto],
      fechaRegistro: (f: Fila) => [f.fechaRegistro],
    };
    const sa = await e.sesion(1, 1);
    const porFecha = (await admin.get('/api/Account/ListarDatos?limit=100')).json().data as Fila[];
    // The deleted user is not listed; without a sort the newest comes first.
    expect(porFecha.map((f) => f.nombreUsuario)).toEqual(
      ['bruno', 'carla', 'diana', admin.usuario.nombreUsuario, 'ana2', 'zana'].map((n) =>
        n === admin.usuario.nombreUsuario ? n : `${n}${emp}`,
      ),
    );
    for (const [quien, url] of [
      [admin, '/api/Account/ListarDatos'],
      [sa, `/api/Account/ListarDatos?CodigoEmpresaUsuario=${emp}`],
      [sa, `/api/Account/ListarDatos?CodigoEmpresaUsuario=${emp}&SoloAdministradores=true`],
    ] as const) {
      const propio = await comprobarOrdenes<Fila>({ get: quien.get, url, id: (f) => f.codigoUsuario, claves });
      expect(propio).toHaveLength(url.includes('SoloAdministradores') ? 3 : 6);
    }
  });
});
