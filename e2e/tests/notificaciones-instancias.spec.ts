import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { type Browser, expect, type Page, test, type WebSocket } from '@playwright/test';
import pg from 'pg';
import { CLAVE_DEMO, desconectar } from '../support/sesion';

/**
 * Two API instances (ports 4851 and 4852) on one PostgreSQL database. A browser signed in on
 * instance A sees the toast of a certificate authorized on instance B within a second; a user of another
 * company does not; after logout the channel is closed. PostgreSQL: TEST_DATABASE_URL or the local server.
 */
const URL_PG = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const raiz = resolve(import.meta.dirname, '../..');
const PUERTOS = [4851, 4852] as const;
const base = (i: 0 | 1) => `http://127.0.0.1:${PUERTOS[i]}`;
const nombreBase = `cronos_e2e8_${randomBytes(4).toString('hex')}`;
const servidores: ChildProcess[] = [];

async function arrancar(i: 0 | 1, url: string) {
  const s = spawn(process.execPath, ['--enable-source-maps', join(raiz, 'apps/server/dist/main.js')], {
    cwd: raiz,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PUERTOS[i]),
      HOST: '127.0.0.1',
      DATABASE_URL: url,
      SEED_DEMO: 'true',
      WEB_DIST: process.env.E2E_WEB_DIST ?? join(raiz, 'apps/web/dist'),
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
    },
  });
  servidores.push(s);
  for (let k = 0; k < 300; k++) {
    if (
      await fetch(`${base(i)}/api/health/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`la instancia ${i} no arrancó`);
}

async function login(i: 0 | 1, usuario: string) {
  const r = await fetch(`${base(i)}/api/Account/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nombreUsuario: usuario, contrasenia: CLAVE_DEMO }),
  });
  expect(r.ok).toBeTruthy();
  return (await r.json()).data as { token: string; usuario: unknown; permisos: unknown };
}

/** A browser signed in as `usuario` on instance A, with its notifications channel open. */
async function navegadorEnA(browser: Browser, usuario: string): Promise<{ page: Page; canal: WebSocket }> {
  const contexto = await browser.newContext({ baseURL: base(0), serviceWorkers: 'block' });
  const page = await contexto.newPage();
  page.on('pageerror', (e) => console.log('error de la página:', e.message));
  const datos = await login(0, usuario);
  await page.goto('/login');
  await page.evaluate((d) => {
    localStorage.setItem('cronos.token', d.token);
    localStorage.setItem('cronos.usuario', JSON.stringify(d.usuario));
    localStorage.setItem('cronos.permisos', JSON.stringify(d.permisos));
    localStorage.setItem('cronos.version', '0.1.0');
    localStorage.setItem('cronos.autenticado', 'true');
  }, datos);
  // The frame listener is attached as the socket opens, so a quick 'listo' cannot slip by unseen.
  let listo: Promise<void> = Promise.resolve();
  const abierto = page.waitForEvent('websocket', (ws) => {
    if (!ws.url().endsWith('/api/notifications-cronos')) return false;
    listo = new Promise<void>((resolver) => {
      ws.on('framereceived', (f) => {
        if (String(f.payload).includes('"listo"')) resolver();
      });
    });
    return true;
  });
  await page.goto('/app/dashboard');
  const canal = await abierto;
  await listo;
  return { page, canal };
}

async function pendientesDeEmpresa(token: string, codigoEmpresaUsuario: number) {
  const r = await fetch(`${base(1)}/api/Movimiento/ListarDatosCertificadoManufactura?PageNumber=1&limit=100`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const filas = (await r.json()).data as {
    codigoCertificadoManufactura: number;
    codigoEmpresaUsuario: number;
    codigoEstadoAutorizado: number;
    estadoAnulado?: number;
  }[];
  return filas.filter(
    (f) => f.codigoEmpresaUsuario === codigoEmpresaUsuario && f.codigoEstadoAutorizado === 1 && !f.estadoAnulado,
  );
}

const autorizarEnB = async (token: string, codigoCertificadoManufactura: number) => {
  const r = await fetch(`${base(1)}/api/Movimiento/AprobarRechazarCertificadoManufactura`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      data: {
        codigoCertificadoManufactura,
        estadoAutorizacion: 3,
        opcionNuevaFuncionalidad: true,
        observaciones: 'Conforme.',
      },
    }),
  });
  if (!r.ok) throw new Error(`AprobarRechazarCertificadoManufactura: ${r.status} ${await r.text()}`);
  return r;
};

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const admin = new pg.Client({ connectionString: URL_PG });
  await admin.connect();
  await admin.query(`create database ${nombreBase}`);
  await admin.end();
  const u = new URL(URL_PG);
  u.pathname = `/${nombreBase}`;
  await arrancar(0, u.toString()); // migrates and seeds the demo data
  await arrancar(1, u.toString());
});

test.afterAll(async () => {
  for (const s of servidores) {
    if (s.exitCode !== null) continue;
    const fin = new Promise((r) => s.once('exit', r));
    s.kill('SIGTERM');
    await fin;
  }
  const admin = new pg.Client({ connectionString: URL_PG });
  await admin.connect();
  await admin.query(`drop database if exists ${nombreBase} with (force)`);
  await admin.end();
});

test('el certificado autorizado en la instancia B aparece como aviso en A; otra empresa no lo recibe; tras salir no llega nada', async ({
  browser,
}) => {
  const fabricante = await navegadorEnA(browser, 'fabricante'); // company 6
  const otraEmpresa = await navegadorEnA(browser, 'usuario');
  const recibidosOtra: string[] = [];
  otraEmpresa.canal.on('framereceived', (f) => recibidosOtra.push(String(f.payload)));

  const { token } = await login(1, 'superadmin');
  const [primero, segundo] = await pendientesDeEmpresa(token, 6);
  expect(primero && segundo).toBeTruthy();
  if (!primero || !segundo) return;

  expect((await autorizarEnB(token, primero.codigoCertificadoManufactura)).ok).toBeTruthy();
  // Acceptance: the toast shows on A within one second of B's answer.
  const aviso = fabricante.page.getByText('Certificado de manufactura autorizado');
  await expect(aviso).toBeVisible({ timeout: 1_000 });
  await expect(
    fabricante.page.getByTestId('toast-notificacion').getByRole('link', { name: 'Ver detalle' }),
  ).toBeVisible();
  // The toast sits below the header: the user menu and the bell stay within reach while it shows (at the
  // header's height it covered the user menu; a sign-out test found its click taken by a notice).
  const cabecera = await fabricante.page.getByRole('banner').boundingBox();
  expect(cabecera).not.toBeNull();
  const inicioAviso = () =>
    fabricante.page
      .locator('.ant-notification-notice')
      .first()
      .evaluate((e) => e.getBoundingClientRect().top);
  await expect.poll(inicioAviso).toBeGreaterThanOrEqual((cabecera?.y ?? 0) + (cabecera?.height ?? 0));
  // A header menu the user opens lies above the notice (both open just below the header, at the right): in a busy
  // zone a notice every few seconds covered 'Desconectar' and took its click.
  await fabricante.page.getByRole('button', { name: 'Menú de usuario' }).click();
  const salir = fabricante.page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: 'Desconectar' });
  await expect(salir).toBeVisible();
  await expect(fabricante.page.getByTestId('toast-notificacion')).toBeVisible();
  const alcanzable = (el: Element) => {
    const r = el.getBoundingClientRect();
    return [0.1, 0.5, 0.9].every((f) => el.contains(document.elementFromPoint(r.x + r.width * f, r.y + r.height / 2)));
  };
  await expect.poll(() => salir.evaluate(alcanzable)).toBe(true);
  await fabricante.page.keyboard.press('Escape');
  // The header dropdown lists it, with the unread count next to the spec's static '3'.
  await expect(fabricante.page.getByTestId('no-leidos')).toContainText('1');
  await fabricante.page.getByRole('button', { name: 'Notificaciones' }).click();
  await expect(fabricante.page.getByTestId('notificacion-en-vivo')).toHaveText([
    'Certificado de manufactura autorizado',
  ]);
  await expect(fabricante.page.getByText('Actualizar')).toBeVisible();
  await fabricante.page.keyboard.press('Escape');

  // Delivered to both channels of instance A in the same pass: the other company got nothing.
  expect(recibidosOtra.some((p) => p.includes('certificado-autorizado'))).toBe(false);
  await expect(otraEmpresa.page.getByText('Certificado de manufactura autorizado')).toHaveCount(0);

  // Logout unsubscribes: the channel closes and a later authorization shows nothing.
  const cerrado = fabricante.canal.waitForEvent('close');
  await desconectar(fabricante.page);
  await cerrado;
  const recibidosTrasSalir: string[] = [];
  fabricante.page.on('websocket', (ws) => ws.on('framereceived', (f) => recibidosTrasSalir.push(String(f.payload))));
  expect((await autorizarEnB(token, segundo.codigoCertificadoManufactura)).ok).toBeTruthy();
  await expect(fabricante.page.getByText('Certificado de manufactura autorizado')).toHaveCount(0);
  expect(recibidosTrasSalir).toEqual([]);
  await fabricante.page.context().close();
  await otraEmpresa.page.context().close();
});
