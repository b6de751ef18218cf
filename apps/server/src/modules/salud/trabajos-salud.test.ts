import { ROL } from '@cronos/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { TRABAJO_COLA_COMPROBANTES } from '../finanzas/cola';

/** The background jobs' figures of the instance, for the settings administrators (platform/trabajos.ts). */
let e: Entorno;
beforeAll(async () => {
  e = await crearEntorno();
}, 120_000);
afterAll(async () => {
  await e?.cerrar();
});

describe('GET /api/health/jobs', () => {
  it('lists every job with its runs, failures, last duration and last success; a run of the voucher queue counts', async () => {
    const admin = await e.sesion(ROL.SuperAdministrador, 1);
    const antes = await admin.get('/api/health/jobs');
    expect(antes.statusCode, antes.body).toBe(200);
    const cuerpo = antes.json();
    expect(cuerpo.status).toBe('ok');
    expect(cuerpo.instancia).toBe(e.app.trabajos.instancia);
    const nombres = cuerpo.trabajos.map((t: { nombre: string }) => t.nombre);
    expect(nombres).toEqual(
      expect.arrayContaining([TRABAJO_COLA_COMPROBANTES, 'aviso-contratos-por-vencer', 'limpieza-cargas-temporales']),
    );
    expect(nombres.includes('mantenimiento-base-embebida')).toBe(e.base.tipo === 'pglite');
    const cola = (r: typeof antes) =>
      r.json().trabajos.find((t: { nombre: string }) => t.nombre === TRABAJO_COLA_COMPROBANTES);
    expect(cola(antes)).toEqual({
      nombre: TRABAJO_COLA_COMPROBANTES,
      ejecuciones: 0,
      fallas: 0,
      fallosSeguidos: 0,
      ultimaDuracionMs: null,
      ultimoExito: null,
      ultimoError: null,
      enCurso: false,
    });
    await e.app.trabajos.despertar(TRABAJO_COLA_COMPROBANTES);
    const despues = cola(await admin.get('/api/health/jobs'));
    expect(despues).toMatchObject({ ejecuciones: 1, fallas: 0, enCurso: false, ultimoError: null });
    expect(despues.ultimaDuracionMs).toBeGreaterThanOrEqual(0);
    expect(Date.parse(despues.ultimoExito)).toBeGreaterThan(Date.now() - 60_000);
  }, 60_000);

  it('is refused without a session and to a user without the settings permission', async () => {
    expect((await e.app.inject({ url: '/api/health/jobs' })).statusCode).toBe(401);
    const empresa = await e.crearEmpresa();
    const usuario = await e.sesion(ROL.Usuario, empresa.codigoEmpresaUsuario);
    expect((await usuario.get('/api/health/jobs')).statusCode).toBe(403);
  }, 60_000);
});
