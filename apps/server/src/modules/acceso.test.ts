import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../test/entorno';

/**
 * The access matrix of the foundation: every endpoint of this issue × every role × own/other company.
 * Company A is the operator (1); company B is a user company. Each row says what status each role gets.
 */
let e: Entorno;
const ROLES = [1, 2, 3, 4, 5, 7, 8, 9] as const;
type Rol = (typeof ROLES)[number];
type Sesion = Awaited<ReturnType<Entorno['sesion']>>;
const sesiones = new Map<string, Sesion>();
let empresaB = 0;
let empresaC = 0;
let usuarioC = 0;

beforeAll(async () => {
  e = await crearEntorno();
  empresaB = (await e.crearEmpresa()).codigoEmpresaUsuario;
  empresaC = (await e.crearEmpresa()).codigoEmpresaUsuario;
  usuarioC = (await e.crearUsuario(8, empresaC)).codigoUsuario;
  for (const rol of ROLES) {
    sesiones.set(`${rol}@op`, await e.sesion(rol, 1));
    sesiones.set(`${rol}@B`, await e.sesion(rol, empresaB));
  }
}, 120_000);
afterAll(() => e.cerrar());

const todos = (s: number) => Object.fromEntries(ROLES.map((r) => [r, s])) as Record<Rol, number>;
const solo = (permitidos: Rol[], si = 200, no = 403) =>
  Object.fromEntries(ROLES.map((r) => [r, permitidos.includes(r) ? si : no])) as Record<Rol, number>;

const GET = (url: string) => (s: Sesion) => s.get(url);
const POST = (url: string, body: unknown) => (s: Sesion) => s.post(url, body);

const MATRIZ: {
  nombre: string;
  llamar: (s: Sesion) => ReturnType<Sesion['get']>;
  op: Record<Rol, number>;
  B: Record<Rol, number>;
}[] = [
  {
    nombre: 'Parametro/ConsultaParametro',
    llamar: GET('/api/Parametro/ConsultaParametro?CodigoParametro=27'),
    op: todos(200),
    B: todos(200),
  },
  {
    nombre: 'Movimiento/ConsultaParametro',
    llamar: GET('/api/Movimiento/ConsultaParametro?CodigoParametro=56'),
    op: todos(200),
    B: todos(200),
  },
  {
    nombre: 'ParametroValor/ConsultaParametro',
    llamar: GET('/api/ParametroValor/ConsultaParametro?CodigoParametro=27'),
    op: todos(200),
    B: todos(200),
  },
  {
    nombre: 'EmpresaUsuario/ConsultarListaEmpresaUsuario',
    llamar: GET('/api/EmpresaUsuario/ConsultarListaEmpresaUsuario'),
    op: todos(200),
    B: todos(200),
  },
  {
    nombre: 'Account/ConsultarPermisoPorRol',
    llamar: GET('/api/Account/ConsultarPermisoPorRol?CodigoRol=8'),
    op: solo([1, 2, 8, 9]),
    B: solo([1, 2, 8, 9]),
  },
  {
    nombre: 'Account/ConsultarPermisoPorRolUsuario (another company user)',
    llamar: (s) => s.get(`/api/Account/ConsultarPermisoPorRolUsuario?CodigoUsuario=${usuarioC}`),
    op: { ...solo([1, 2], 200, 404), 3: 404, 4: 404, 5: 404, 7: 404, 8: 404, 9: 404 },
    B: todos(404),
  },
  {
    nombre: 'Account/ActualizaContrasenia (another company user)',
    llamar: (s) =>
      s.post('/api/Account/ActualizaContrasenia', {
        codigoUsuario: usuarioC,
        contrasenia: 'Cambio.2027',
        checkPass: 'Cambio.2027',
      }),
    op: solo([1, 2], 200, 404),
    B: todos(404),
  },
  {
    nombre: 'General/GuardarLogSys',
    llamar: POST('/api/General/GuardarLogSys', { detalle: 'consulta de prueba' }),
    op: todos(200),
    B: todos(200),
  },
  {
    nombre: 'Importador/ListarImportador',
    llamar: GET('/api/Importador/ListarImportador'),
    op: todos(200),
    B: todos(200),
  },
  { nombre: 'Arancel/ListarDatos', llamar: GET('/api/Arancel/ListarDatos'), op: solo([1, 2]), B: solo([1, 2]) },
  {
    nombre: 'Arancel/ConsultarArancel',
    llamar: GET('/api/Arancel/ConsultarArancel?NumeroPartida=8517'),
    op: todos(200),
    B: todos(200),
  },
  { nombre: 'Account/ConsultarSesion', llamar: GET('/api/Account/ConsultarSesion'), op: todos(200), B: todos(200) },
];

describe.each(MATRIZ)('$nombre', ({ llamar, op, B }) => {
  it.each(ROLES)('role %i of the operator and of a user company', async (rol) => {
    const a = await llamar(sesiones.get(`${rol}@op`) as Sesion);
    const b = await llamar(sesiones.get(`${rol}@B`) as Sesion);
    expect({ operador: a.statusCode, empresa: b.statusCode }).toEqual({ operador: op[rol], empresa: B[rol] });
  });
});

describe('tenancy of lists', () => {
  it('a user company sees only itself in the company list; operator staff see all', async () => {
    const propia = await (sesiones.get('8@B') as Sesion).get('/api/EmpresaUsuario/ConsultarListaEmpresaUsuario');
    expect(propia.json().data.map((x: { codigoEmpresaUsuario: number }) => x.codigoEmpresaUsuario)).toEqual([empresaB]);
    const operador = await (sesiones.get('2@op') as Sesion).get('/api/EmpresaUsuario/ConsultarListaEmpresaUsuario');
    const codigos = operador.json().data.map((x: { codigoEmpresaUsuario: number }) => x.codigoEmpresaUsuario);
    expect(codigos).toEqual(expect.arrayContaining([1, empresaB, empresaC]));
  });

  it("company B asking for company C's importers gets only its own rows", async () => {
    const { importador } = await import('../db/schema');
    await e.db.insert(importador).values([
      { codigoEmpresaUsuario: empresaB, ruc: '20100070970', razonSocial: 'PROVEEDOR DE B' },
      { codigoEmpresaUsuario: empresaC, ruc: '20100128056', razonSocial: 'PROVEEDOR DE C' },
    ]);
    const r = await (sesiones.get('8@B') as Sesion).get(
      `/api/Importador/ListarImportador?CodigoEmpresaUsuario=${empresaC}`,
    );
    expect(r.statusCode).toBe(200);
    expect(r.json().data.map((x: { razonSocial: string }) => x.razonSocial)).toEqual(['PROVEEDOR DE B']);
    const op = await (sesiones.get('1@op') as Sesion).get(
      `/api/Importador/ListarImportador?CodigoEmpresaUsuario=${empresaC}`,
    );
    expect(op.json().data.map((x: { razonSocial: string }) => x.razonSocial)).toEqual(['PROVEEDOR DE C']);
  });

  it('another company user menu is a 404, not a 403, so its existence is not revealed', async () => {
    const r = await (sesiones.get('2@B') as Sesion).get(
      `/api/Account/ConsultarPermisoPorRolUsuario?CodigoUsuario=${usuarioC}`,
    );
    expect(r.statusCode).toBe(404);
    expect(r.json().message).toBe('El recurso solicitado no existe.');
  });

  it('a missing permission answers the spec message', async () => {
    const r = await (sesiones.get('3@op') as Sesion).get('/api/Arancel/ListarDatos');
    expect(r.json()).toEqual({
      success: false,
      message: 'No tienes permisos para acceder a esta sección.',
      data: null,
    });
  });
});

describe('warehouse of the session and of the company list', () => {
  it("each company shows its own main warehouse, not another company's", async () => {
    const { almacen } = await import('../db/schema');
    const { eq } = await import('drizzle-orm');
    const propio = await e.db.select().from(almacen).where(eq(almacen.codigoEmpresaUsuario, empresaB));
    const s = sesiones.get('8@B') as Sesion;
    const sesion = (await s.get('/api/Account/ConsultarSesion')).json().data.usuario;
    expect(sesion.codigoEmpresaAlmacen).toBe(propio[0]?.codigoEmpresaAlmacen);
    const op = await (sesiones.get('1@op') as Sesion).get('/api/EmpresaUsuario/ConsultarListaEmpresaUsuario');
    const filaB = op.json().data.find((x: { codigoEmpresaUsuario: number }) => x.codigoEmpresaUsuario === empresaB);
    expect(filaB.codigoEmpresaAlmacen).toBe(propio[0]?.codigoEmpresaAlmacen);
    // Company C's warehouse was created after B's: the overall minimum would be B's.
    const deC = await e.db.select().from(almacen).where(eq(almacen.codigoEmpresaUsuario, empresaC));
    const filaC = op.json().data.find((x: { codigoEmpresaUsuario: number }) => x.codigoEmpresaUsuario === empresaC);
    expect(filaC.codigoEmpresaAlmacen).toBe(deC[0]?.codigoEmpresaAlmacen);
    expect(filaC.codigoEmpresaAlmacen).not.toBe(filaB.codigoEmpresaAlmacen);
  });
});
