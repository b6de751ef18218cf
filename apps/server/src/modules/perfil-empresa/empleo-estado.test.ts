import { MENSAJES_ADMINISTRACION } from '@cronos/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { empresaUsuarioEmpleado } from '../../db/schema';

let e: Entorno;
beforeAll(async () => {
  e = await crearEntorno();
});
afterAll(() => e.cerrar());

type Sesion = Awaited<ReturnType<Entorno['sesion']>>;
const cuentas = { numeroPeruana: 3, numeroPeruano: 4, numeroExtranjero: 1, numeroEmpleadoIndirecto: 2 };
async function registrar(s: Sesion, anioMes: string) {
  const r = await s.post('/api/EmpresaUsuarioEmpleado/GuardarDatos', { data: { anioMes, ...cuentas } });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as number;
}
const estado = (s: Sesion, codigo: number, valor: unknown) =>
  s.post('/api/EmpresaUsuarioEmpleado/CambiarEstadoAnulado', { CodigoEmpresaUsuarioEmpleado: codigo, estado: valor });

describe('EmpresaUsuarioEmpleado/CambiarEstadoAnulado', () => {
  it('disables a month (listed with estadoAnulado 1, not editable) and enables it again, one audit row each', async () => {
    const emp = await e.crearEmpresa();
    const s = await e.sesion(8, emp.codigoEmpresaUsuario);
    const codigo = await registrar(s, '2026-03');
    const antes = await e.contarAuditoria();
    const r = await estado(s, codigo, 1);
    expect(r.json()).toMatchObject({ success: true, message: MENSAJES_ADMINISTRACION.estadoActualizado });
    expect(await e.contarAuditoria()).toBe(antes + 1);
    const lista = (await s.get('/api/EmpresaUsuarioEmpleado/ListarDatos')).json().data;
    expect(lista).toMatchObject([{ CodigoEmpresaUsuarioEmpleado: codigo, estadoAnulado: 1 }]);

    // A disabled record offers only Habilitar: editing it is refused and changes nothing.
    const editar = await s.post('/api/EmpresaUsuarioEmpleado/GuardarDatos', {
      data: { CodigoEmpresaUsuarioEmpleado: codigo, anioMes: '2026-03', ...cuentas, numeroPeruana: 99 },
    });
    expect(editar.statusCode).toBe(422);
    expect(editar.json().message).toBe(MENSAJES_ADMINISTRACION.registroDeshabilitado);
    const [fila] = await e.db
      .select()
      .from(empresaUsuarioEmpleado)
      .where(eq(empresaUsuarioEmpleado.codigoEmpresaUsuarioEmpleado, codigo));
    expect(fila?.numeroPeruana).toBe(3);

    // The same state twice is refused (guarded update), without an audit row.
    const otraVez = await estado(s, codigo, 1);
    expect(otraVez.statusCode).toBe(422);
    expect(otraVez.json().message).toBe(MENSAJES_ADMINISTRACION.yaEnEseEstado);
    expect(await e.contarAuditoria()).toBe(antes + 1);

    expect((await estado(s, codigo, 0)).statusCode).toBe(200);
    expect(await e.contarAuditoria()).toBe(antes + 2);
    const [g] = await e.db
      .select()
      .from(empresaUsuarioEmpleado)
      .where(eq(empresaUsuarioEmpleado.codigoEmpresaUsuarioEmpleado, codigo));
    expect(g?.estadoAnulado).toBe(0);
  });

  it("refuses bad input (422), another company's record (404) and a role without the edit flag (403)", async () => {
    const emp = await e.crearEmpresa();
    const s = await e.sesion(8, emp.codigoEmpresaUsuario);
    const codigo = await registrar(s, '2026-04');
    const malo = await estado(s, codigo, 5);
    expect(malo.statusCode).toBe(422);
    expect(malo.json().errors.estado).toBeDefined();
    const sinCodigo = await s.post('/api/EmpresaUsuarioEmpleado/CambiarEstadoAnulado', { estado: 1 });
    expect(sinCodigo.statusCode).toBe(422);
    expect(sinCodigo.json().errors.CodigoEmpresaUsuarioEmpleado).toBeDefined();

    const ajena = await e.sesion(8, (await e.crearEmpresa()).codigoEmpresaUsuario);
    expect((await estado(ajena, codigo, 1)).statusCode).toBe(404);
    // Operator scale staff (role 4) read the company profile but do not edit it.
    const balanza = await e.sesion(4, 1);
    expect((await estado(balanza, codigo, 1)).statusCode).toBe(403);
    // The operator's administrator acts for any company.
    const admin = await e.sesion(2, 1);
    expect((await estado(admin, codigo, 1)).statusCode).toBe(200);
    expect((await estado(s, 999_999, 1)).statusCode).toBe(404);
  });
});
