import { createServer, type Server } from 'node:http';
import { MENSAJES_MOVIMIENTO as M, MENSAJES } from '@cronos/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { empresaRegistro, persona } from '../../db/schema';

let e: Entorno;
let sinProveedor: Entorno;
let proveedor: Server;
const pedidos: string[] = [];

beforeAll(async () => {
  proveedor = createServer((req, res) => {
    pedidos.push(req.url ?? '');
    res.setHeader('content-type', 'application/json');
    if (req.url === '/dni/71234567')
      res.end(JSON.stringify({ data: { nombres: 'Rosa Elena', apellidoPaterno: 'Ccama', apellidoMaterno: 'Luna' } }));
    else if (req.url === '/ruc/20765432104')
      res.end(JSON.stringify({ razonSocial: 'Transportes Tacna S.A.', direccion: 'Av. Bolognesi 123' }));
    else res.writeHead(404).end('{}');
  });
  await new Promise<void>((r) => proveedor.listen(0, '127.0.0.1', () => r()));
  const { port } = proveedor.address() as { port: number };
  e = await crearEntorno({
    env: {
      CONSULTAS_EXTERNAS: 'true',
      PROVEEDOR_DNI_URL: `http://127.0.0.1:${port}/dni`,
      PROVEEDOR_RUC_URL: `http://127.0.0.1:${port}/ruc`,
    },
  });
  sinProveedor = await crearEntorno();
});
afterAll(async () => {
  await e.cerrar();
  await sinProveedor.cerrar();
  proveedor.close();
});

describe('identity lookups', () => {
  it('checks the DNI offline first: a bad length never reaches the registry or the provider', async () => {
    const s = await e.sesion(8, 1);
    pedidos.length = 0;
    const r = await s.post('/api/ConsultaDocumentoIdentidad/ConsultarPersona', {
      numeroDocumentoIdentidad: '1234567',
      codigoTipoDocumentoIdentidad: 1,
    });
    expect(r.statusCode).toBe(422);
    expect(r.json().errors.numeroDocumentoIdentidad).toEqual([M.dniOcho]);
    expect(pedidos).toEqual([]);
    expect(
      (await s.post('/api/ConsultaDocumentoIdentidad/ConsultarPersona', {})).json().errors.numeroDocumentoIdentidad,
    ).toEqual([MENSAJES.requerido]);
  });

  it('reads the local registry, then the provider (keeping its answer), and otherwise the manual-entry message', async () => {
    const s = await e.sesion(8, 1);
    await e.db.insert(persona).values({
      codigoTipoDocumentoIdentidad: '1',
      numeroDocumentoIdentidad: '45678912',
      apellidoPaterno: 'MAMANI',
      apellidoMaterno: 'QUISPE',
      nombres: 'JUAN',
    });
    pedidos.length = 0;
    const local = await s.post('/api/ConsultaDocumentoIdentidad/ConsultarPersona', {
      numeroDocumentoIdentidad: '45678912',
      codigoTipoDocumentoIdentidad: '1',
    });
    expect(local.json()).toMatchObject({ success: true, data: { nombreCompleto: 'JUAN MAMANI QUISPE' } });
    expect(pedidos).toEqual([]);
    const externo = await s.post('/api/ConsultaDocumentoIdentidad/ConsultarPersona', {
      numeroDocumentoIdentidad: '71234567',
      codigoTipoDocumentoIdentidad: '1',
    });
    expect(externo.json().data).toMatchObject({
      nombres: 'ROSA ELENA',
      apellidoPaterno: 'CCAMA',
      apellidoMaterno: 'LUNA',
    });
    const [guardada] = await e.db.select().from(persona).where(eq(persona.numeroDocumentoIdentidad, '71234567'));
    expect(guardada?.fuente).toBe('reniec');
    const nadie = await s.post('/api/ConsultaDocumentoIdentidad/ConsultarPersona', {
      numeroDocumentoIdentidad: '99999999',
      codigoTipoDocumentoIdentidad: '1',
    });
    expect(nadie.json()).toEqual({ success: false, message: M.errorBusquedaPersona, data: null });
  });

  it("a foreign person not registered answers 'Usuario no registrado'; 'Registro Usuario' registers it once", async () => {
    const s = await e.sesion(8, 1);
    const buscar = () =>
      s.post('/api/Persona/ConsultarPersona', {
        numeroDocumentoIdentidad: 'CE001234',
        codigoTipoDocumentoIdentidad: '2',
      });
    expect((await buscar()).json()).toEqual({ success: false, message: M.usuarioNoRegistrado, data: null });
    const faltan = await s.post('/api/Persona/GuardarPersona', {
      numeroDocumentoIdentidad: 'CE001234',
      codigoTipoDocumentoIdentidad: '2',
      nombres: 'ANA',
    });
    expect(faltan.statusCode).toBe(422);
    expect(faltan.json().errors.apellidoPaterno).toEqual([MENSAJES.requerido]);
    expect(faltan.json().errors.apellidoMaterno).toEqual([MENSAJES.requerido]);
    const antes = await e.contarAuditoria();
    const ok = await s.post('/api/Persona/GuardarPersona', {
      numeroDocumentoIdentidad: 'ce001234',
      codigoTipoDocumentoIdentidad: '2',
      nombres: 'ana maría',
      apellidoPaterno: 'gonzález',
      apellidoMaterno: 'soto',
    });
    expect(ok.statusCode).toBe(200);
    expect(await e.contarAuditoria()).toBe(antes + 1);
    expect((await buscar()).json().data).toMatchObject({ nombres: 'ANA MARÍA', apellidoPaterno: 'GONZÁLEZ' });
    const otra = await s.post('/api/Persona/GuardarPersona', {
      numeroDocumentoIdentidad: 'CE001234',
      codigoTipoDocumentoIdentidad: '2',
      nombres: 'X',
      apellidoPaterno: 'Y',
      apellidoMaterno: 'Z',
    });
    expect(otra.statusCode).toBe(422);
    const supervisor = await e.sesion(7, 1);
    expect(
      (
        await supervisor.post('/api/Persona/GuardarPersona', {
          numeroDocumentoIdentidad: 'P1',
          codigoTipoDocumentoIdentidad: '4',
          nombres: 'A',
          apellidoPaterno: 'B',
          apellidoMaterno: 'C',
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('Empresa/ConsultarEmpresa', () => {
  it('refuses bad RUCs offline, reads the registries, then the provider', async () => {
    const s = await e.sesion(8, 1);
    pedidos.length = 0;
    expect((await s.post('/api/Empresa/ConsultarEmpresa', { ruc: '2051233379' })).json().errors.ruc).toEqual([
      M.rucOnce,
    ]);
    expect((await s.post('/api/Empresa/ConsultarEmpresa', { ruc: '20512333798' })).json().errors.ruc).toEqual([
      M.rucInvalido,
    ]);
    expect(pedidos).toEqual([]);
    await e.db
      .insert(empresaRegistro)
      .values({ ruc: '20100070970', razonSocial: 'SUPERMERCADOS PERUANOS S.A.', direccion: 'Lima' });
    expect((await s.post('/api/Empresa/ConsultarEmpresa', { ruc: '20100070970' })).json().data).toMatchObject({
      razonSocial: 'SUPERMERCADOS PERUANOS S.A.',
    });
    const externo = await s.post('/api/Empresa/ConsultarEmpresa', { ruc: '20765432104' });
    expect(externo.json().data).toMatchObject({
      razonSocial: 'TRANSPORTES TACNA S.A.',
      direccion: 'AV. BOLOGNESI 123',
      fechaInicio: null,
    });
    expect((await s.post('/api/Empresa/ConsultarEmpresa', { ruc: '20100128056' })).json()).toEqual({
      success: false,
      message: M.rucInvalido,
      data: null,
    });
  });

  it('without the external switch nothing leaves the server: unknown people and companies take the manual path', async () => {
    const s = await sinProveedor.sesion(8, 1);
    pedidos.length = 0;
    expect(
      (
        await s.post('/api/ConsultaDocumentoIdentidad/ConsultarPersona', { numeroDocumentoIdentidad: '71234567' })
      ).json().message,
    ).toBe(M.errorBusquedaPersona);
    expect((await s.post('/api/Empresa/ConsultarEmpresa', { ruc: '20765432104' })).json().success).toBe(false);
    expect(pedidos).toEqual([]);
  });
});
