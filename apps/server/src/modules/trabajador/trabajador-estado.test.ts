import { MENSAJES_ADMINISTRACION } from '@cronos/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { controlColaboradorEmpresa as cce } from '../../db/schema';

let e: Entorno;
beforeAll(async () => {
  e = await crearEntorno();
});
afterAll(() => e.cerrar());

type Sesion = Awaited<ReturnType<Entorno['sesion']>>;
const trabajador = (extra: Record<string, unknown> = {}) => ({
  condicionLaboral: '1',
  codeTipoDocumentoPeaton: '2',
  numeroDocumentoIdentidad: '009876543',
  apellidoPaterno: 'SILVA',
  apellidoMaterno: 'MORA',
  nombre: 'ANDRES',
  codigoCargo: 'Estibador',
  codigoControl: 'T-200',
  fechaInicioContrato: '2026-02-01',
  lunes: 1,
  ...extra,
});
async function registrar(s: Sesion) {
  const r = await s.post('/api/ControlColaboradorEmpresa/GuardarControColaboradorEmpresa', { data: trabajador() });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as number;
}
const estado = (s: Sesion, codigo: number, valor: unknown) =>
  s.post('/api/ControlColaboradorEmpresa/CambiarEstadoAnulado', {
    codigoControlColaboradorEmpresa: codigo,
    estado: valor,
  });

describe('ControlColaboradorEmpresa/CambiarEstadoAnulado', () => {
  it('disables a worker (still listed, estadoAnulado 1, not editable) and enables it, one audit row each', async () => {
    const emp = await e.crearEmpresa();
    const s = await e.sesion(8, emp.codigoEmpresaUsuario);
    const codigo = await registrar(s);
    const antes = await e.contarAuditoria();
    const r = await estado(s, codigo, 1);
    expect(r.json()).toMatchObject({ success: true, message: MENSAJES_ADMINISTRACION.estadoActualizado });
    expect(await e.contarAuditoria()).toBe(antes + 1);
    const lista = (await s.get('/api/ControlColaboradorEmpresa/ConsultaBandejaControlColaboradorEmpresa')).json();
    expect(lista.data).toMatchObject([{ codigoControlColaboradorEmpresa: codigo, estadoAnulado: 1 }]);

    const editar = await s.post('/api/ControlColaboradorEmpresa/GuardarControColaboradorEmpresa', {
      data: trabajador({ codigoControlColaboradorEmpresa: codigo, codigoCargo: 'Gerente' }),
    });
    expect(editar.statusCode).toBe(422);
    expect(editar.json().message).toBe(MENSAJES_ADMINISTRACION.registroDeshabilitado);
    const [f] = await e.db.select().from(cce).where(eq(cce.codigoControlColaboradorEmpresa, codigo));
    expect(f?.codigoCargo).toBe('Estibador');

    const otraVez = await estado(s, codigo, 1);
    expect(otraVez.statusCode).toBe(422);
    expect(otraVez.json().message).toBe(MENSAJES_ADMINISTRACION.yaEnEseEstado);
    expect(await e.contarAuditoria()).toBe(antes + 1);

    expect((await estado(s, codigo, 0)).statusCode).toBe(200);
    const [g] = await e.db.select().from(cce).where(eq(cce.codigoControlColaboradorEmpresa, codigo));
    expect(g?.estadoAnulado).toBe(0);
    expect(await e.contarAuditoria()).toBe(antes + 2);
  });

  it("refuses bad input (422), another company's worker (404) and a user without the edit flag (403)", async () => {
    const emp = await e.crearEmpresa();
    const s = await e.sesion(8, emp.codigoEmpresaUsuario);
    const codigo = await registrar(s);
    const malo = await estado(s, codigo, 'x');
    expect(malo.statusCode).toBe(422);
    expect(malo.json().errors.estado).toBeDefined();
    const sinCodigo = await s.post('/api/ControlColaboradorEmpresa/CambiarEstadoAnulado', { estado: 1 });
    expect(sinCodigo.json().errors.codigoControlColaboradorEmpresa).toBeDefined();

    const ajena = await e.sesion(8, (await e.crearEmpresa()).codigoEmpresaUsuario);
    expect((await estado(ajena, codigo, 1)).statusCode).toBe(404);
    const lector = await e.sesion(8, emp.codigoEmpresaUsuario, {
      permisos: {
        'administration/workers': {
          permiteListar: true,
          permiteAgregar: false,
          permiteEditar: false,
          permiteEliminar: false,
        },
      },
    });
    expect((await estado(lector, codigo, 1)).statusCode).toBe(403);
    // Operator scale staff (role 4) act for any company.
    const balanza = await e.sesion(4, 1);
    expect((await estado(balanza, codigo, 1)).statusCode).toBe(200);
  });
});
