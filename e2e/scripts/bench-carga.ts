/**
 * First-visit load times of the built app over a gate PC link: Chromium over loopback with the network
 * throttled (Chrome DevTools Protocol, 10 Mbit/s each way, 40 ms latency), a cold cache on every run. Prints
 * the time to a usable login form and, after signing in, the time to a usable dashboard.
 *
 *   npm run build && node --import tsx e2e/scripts/bench-carga.ts
 *
 * BENCH_URL=http://host:port measures a server already running; otherwise the script starts the built server
 * (apps/server/dist/main.js) on a fresh embedded database with demo data on BENCH_PORT (default 4190).
 * BENCH_RUNS sets the number of runs (default 5); the median and the worst are printed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';

const raiz = resolve(import.meta.dirname, '../..');
const puerto = Number(process.env.BENCH_PORT ?? 4190);
const corridas = Number(process.env.BENCH_RUNS ?? 5);
const RED = { offline: false, latency: 40, downloadThroughput: 10e6 / 8, uploadThroughput: 10e6 / 8 };

async function arrancarServidor(): Promise<{ url: string; detener: () => void }> {
  const datos = mkdtempSync(join(tmpdir(), 'cronos-bench-carga-'));
  const compilado = join(raiz, 'apps/server/dist/main.js');
  const args = existsSync(compilado) ? [compilado] : ['--import', 'tsx', join(raiz, 'apps/server/src/main.ts')];
  const hijo: ChildProcess = spawn(process.execPath, args, {
    cwd: raiz,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(puerto),
      HOST: '127.0.0.1',
      DATA_DIR: datos,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      NODE_ENV: 'production',
    },
  });
  const url = `http://127.0.0.1:${puerto}`;
  const limite = Date.now() + 180_000;
  for (;;) {
    if (hijo.exitCode !== null) throw new Error(`el servidor terminó con código ${hijo.exitCode}`);
    if (Date.now() > limite) throw new Error('el servidor no quedó listo en 3 minutos');
    const listo = await fetch(`${url}/api/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (listo) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    url,
    detener: () => {
      hijo.kill('SIGTERM');
      setTimeout(() => rmSync(datos, { recursive: true, force: true }), 2_000).unref();
    },
  };
}

const mediana = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

async function principal() {
  const servidor = process.env.BENCH_URL
    ? { url: process.env.BENCH_URL, detener: () => undefined }
    : await arrancarServidor();
  const navegador = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  const login: number[] = [];
  const dashboard: number[] = [];
  const transferido: number[] = [];
  try {
    for (let i = 0; i < corridas; i++) {
      // A new context has an empty HTTP cache and no service worker: the first visit of a new PC.
      const contexto = await navegador.newContext({ baseURL: servidor.url, viewport: { width: 1440, height: 900 } });
      const pagina = await contexto.newPage();
      const cdp = await contexto.newCDPSession(pagina);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', RED);
      let bytes = 0;
      cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => {
        bytes += e.encodedDataLength;
      });

      const t0 = performance.now();
      await pagina.goto('/login', { waitUntil: 'commit' });
      const usuario = pagina.getByLabel('Usuario');
      const ingresar = pagina.getByRole('button', { name: 'Ingresar' });
      await usuario.waitFor({ state: 'visible', timeout: 60_000 });
      await ingresar.waitFor({ state: 'visible', timeout: 60_000 });
      const tLogin = performance.now() - t0;

      await usuario.fill('admin');
      await pagina.getByLabel('Contraseña').fill('Cronos.2026');
      const t1 = performance.now();
      await ingresar.click();
      await pagina.getByText('Accesos directos').waitFor({ state: 'visible', timeout: 60_000 });
      await pagina.getByRole('button', { name: 'Menú de usuario' }).waitFor({ state: 'visible', timeout: 60_000 });
      const tDashboard = performance.now() - t1;

      login.push(tLogin);
      dashboard.push(tDashboard);
      transferido.push(bytes);
      console.log(
        `corrida ${i + 1}: login utilizable ${tLogin.toFixed(0)} ms · dashboard tras ingresar ${tDashboard.toFixed(0)} ms · ${(bytes / 1024).toFixed(0)} KB transferidos`,
      );
      await contexto.close();
    }
  } finally {
    await navegador.close();
    servidor.detener();
  }
  console.log(
    `\nRed: 10 Mbit/s, 40 ms, caché vacía, ${corridas} corridas.\n` +
      `Formulario de ingreso utilizable: mediana ${mediana(login).toFixed(0)} ms, peor ${Math.max(...login).toFixed(0)} ms\n` +
      `Dashboard utilizable tras ingresar: mediana ${mediana(dashboard).toFixed(0)} ms, peor ${Math.max(...dashboard).toFixed(0)} ms\n` +
      `Transferido por visita (login + dashboard): mediana ${(mediana(transferido) / 1024).toFixed(0)} KB`,
  );
}

principal().catch((e) => {
  console.error(e);
  process.exit(1);
});
