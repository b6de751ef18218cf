import { createServer as servidorHttp, type Server as ServidorHttp } from 'node:http';
import { createServer } from 'node:net';
import { MENSAJES_SOPORTE as M } from '@cronos/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { SimuladorBalanza } from '../balanza/lector/simulador';

let e: Entorno;
type Sesion = Awaited<ReturnType<Entorno['sesion']>>;
let superadmin: Sesion;
let admin: Sesion;
let seguridad: Sesion;
let usuarioEmpresa: Sesion;
let simulador: SimuladorBalanza;
let proveedorDni: ServidorHttp;
let puertoCerrado: number;

async function puertoLibre() {
  const s = createServer();
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', () => ok()));
  const dir = s.address();
  const puerto = typeof dir === 'object' && dir ? dir.port : 1;
  await new Promise((ok) => s.close(ok));
  return puerto;
}

beforeAll(async () => {
  // An identity provider that answers, a taxpayer provider nobody listens to.
  proveedorDni = servidorHttp((_req, res) => res.end('{}'));
  await new Promise<void>((ok) => proveedorDni.listen(0, '127.0.0.1', () => ok()));
  const dir = proveedorDni.address();
  const puertoDni = typeof dir === 'object' && dir ? dir.port : 0;
  puertoCerrado = await puertoLibre();
  e = await crearEntorno({
    env: {
      CONSULTAS_EXTERNAS: 'true',
      PROVEEDOR_DNI_URL: `http://127.0.0.1:${puertoDni}/dni`,
      PROVEEDOR_RUC_URL: `http://127.0.0.1:${puertoCerrado}/ruc`,
    },
  });
  const empresa = (await e.crearEmpresa()).codigoEmpresaUsuario;
  superadmin = await e.sesion(1, 1);
  admin = await e.sesion(2, 1);
  seguridad = await e.sesion(3, 1);
  usuarioEmpresa = await e.sesion(8, empresa);
  simulador = await new SimuladorBalanza({ protocolo: 'ascii' }).iniciar();
  simulador.fijar({ peso: 8_000, estable: true });
});
afterAll(async () => {
  await simulador?.cerrar();
  await new Promise((ok) => proveedorDni?.close(ok));
  await e?.cerrar();
});

describe('soporte', () => {
  it('contacto, los dos manuales, versión y compilación para cualquier usuario con sesión', async () => {
    const r = await usuarioEmpresa.get('/api/Soporte/Informacion');
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json().data;
    expect(d.contacto.correo).toContain('@');
    expect(d.manuales.map((m: { url: string }) => m.url)).toEqual([
      '/manuales/manual-de-usuario.pdf',
      '/manuales/manual-de-ordenes.pdf',
    ]);
    expect(d.version).toBe('desarrollo');
    expect(d.baseDatos).toBe(e.base.tipo);
    expect((await e.app.inject({ method: 'GET', url: '/api/Soporte/Informacion' })).statusCode).toBe(401);
  });

  it('estado en vivo: base, canal, cada balanza y cada proveedor con ok/error/latencia en pocos segundos', async () => {
    await admin.post('/api/Ajustes/GuardarBalanza', {
      data: { codigoTipoBalanza: 1, protocolo: 'ascii', host: '127.0.0.1', puerto: simulador.puerto, activo: true },
    });
    await admin.post('/api/Ajustes/GuardarConsultaExterna', { data: { codigo: 'levante', activo: false } });
    const t0 = Date.now();
    const r = await seguridad.get('/api/Soporte/Estado');
    expect(Date.now() - t0).toBeLessThan(5_000);
    expect(r.statusCode, r.body).toBe(200);
    const s = Object.fromEntries(
      r
        .json()
        .data.servicios.map((x: { clave: string; estado: string; mensaje: string; milisegundos: number }) => [
          x.clave,
          x,
        ]),
    );
    expect(Object.keys(s)).toEqual([
      'base',
      'canal',
      'balanza-1',
      'balanza-2',
      'proveedor-dni',
      'proveedor-ruc',
      'proveedor-levante',
    ]);
    expect(s.base.estado).toBe('ok');
    expect(s.canal.estado, s.canal.mensaje).toBe('ok');
    expect(s['balanza-1']).toMatchObject({ estado: 'ok' });
    expect(s['balanza-1'].mensaje).toContain('8000 kg');
    expect(s['balanza-2'].estado).toBe('desactivado');
    expect(s['proveedor-dni']).toMatchObject({ estado: 'ok' });
    expect(s['proveedor-ruc']).toMatchObject({
      estado: 'error',
      mensaje: `No se pudo conectar con 127.0.0.1:${puertoCerrado}`,
    });
    expect(s['proveedor-levante'].estado).toBe('desactivado');
    for (const x of Object.values(s) as { milisegundos: number }[]) expect(x.milisegundos).toBeGreaterThanOrEqual(0);

    // A scale whose converter is off: an error with its reason, still within the limit.
    await admin.post('/api/Ajustes/GuardarBalanza', {
      data: { codigoTipoBalanza: 1, protocolo: 'ascii', host: '127.0.0.1', puerto: puertoCerrado, activo: true },
    });
    const caida = (await seguridad.get('/api/Soporte/Estado'))
      .json()
      .data.servicios.find((x: { clave: string }) => x.clave === 'balanza-1');
    expect(caida.estado).toBe('error');
    expect(caida.mensaje).toContain(`127.0.0.1:${puertoCerrado}`);
    // A company user sees each status and latency, not the operator's hosts.
    const empresa = (await usuarioEmpresa.get('/api/Soporte/Estado')).json().data.servicios as {
      clave: string;
      estado: string;
      mensaje: string;
    }[];
    expect(empresa.find((x) => x.clave === 'balanza-1')).toMatchObject({ estado: 'error' });
    expect(empresa.map((x) => x.mensaje).join(' ')).not.toContain('127.0.0.1');
  });

  it('un reporte de problema se valida, se guarda con página y navegador, y se audita', async () => {
    const antes = await e.contarAuditoria();
    const corto = await usuarioEmpresa.post('/api/Soporte/ReportarProblema', { data: { texto: 'falla' } });
    expect(corto.statusCode).toBe(422);
    expect(corto.json().errors.texto).toEqual([M.textoInvalido]);
    const largo = await usuarioEmpresa.post('/api/Soporte/ReportarProblema', { data: { texto: 'x'.repeat(4001) } });
    expect(largo.statusCode).toBe(422);
    expect(await e.contarAuditoria()).toBe(antes);
    const r = await usuarioEmpresa.post('/api/Soporte/ReportarProblema', {
      data: {
        texto: 'La pantalla de pesaje no muestra el peso de la balanza',
        pagina: '/app/balanza/firstScales',
        navegador: 'Mozilla/5.0 (Linux; Android 14) Chrome/131',
      },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().message).toBe(M.reporteEnviado);
    expect(await e.contarAuditoria()).toBe(antes + 1);
    const [a] = (await e.auditoriaDe(usuarioEmpresa.usuario.codigoUsuario)).filter((x) => x.tipo === 'SOPORTE_REPORTE');
    expect(a?.codigoEntidad).toBe(String(r.json().data.codigoReporteProblema));
  });

  it('la lista de reportes es solo para los roles 1 y 2 (el servidor lo exige)', async () => {
    await seguridad.post('/api/Soporte/ReportarProblema', { data: { texto: 'El escáner de QR no abre la cámara' } });
    for (const s of [usuarioEmpresa, seguridad]) {
      const r = await s.get('/api/Soporte/ListarReportes');
      expect(r.statusCode).toBe(403);
      expect(r.json().message).toBe(M.soloAdministradores);
    }
    for (const s of [admin, superadmin]) {
      const r = await s.get('/api/Soporte/ListarReportes?limit=10');
      expect(r.statusCode, r.body).toBe(200);
      const { data, meta } = r.json();
      expect(meta.total).toBe(2);
      expect(data[1]).toMatchObject({
        texto: 'La pantalla de pesaje no muestra el peso de la balanza',
        pagina: '/app/balanza/firstScales',
        navegador: 'Mozilla/5.0 (Linux; Android 14) Chrome/131',
        nombreUsuario: usuarioEmpresa.usuario.nombreUsuario,
      });
      expect(data[1].razonSocial).toMatch(/^EMPRESA PRUEBA/);
      expect(data[0].nombreUsuario).toBe(seguridad.usuario.nombreUsuario);
    }
    expect((await admin.get('/api/Soporte/ListarReportes?limit=1000')).statusCode).toBe(422);
  });
});
