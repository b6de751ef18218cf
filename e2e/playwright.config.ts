import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * The browser suite runs the built app (web + API on one port, the server compiled to JavaScript) on a fresh embedded database with demo data,
 * in Debian's Chromium. E2E_PORT and E2E_WEB_DIST let several suites run side by side.
 */
const puerto = Number(process.env.E2E_PORT ?? 4010);
const raiz = resolve(import.meta.dirname, '..');
const datos = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'cronos-e2e-'));
process.env.E2E_DATA_DIR = datos;
/**
 * Debian's chromium-headless-shell when it is installed: the headless build without the browser's own windows and
 * services, as Playwright uses for headless runs; the pages render with the same engine. Over the whole suite on
 * one machine: 408 s of browser CPU against 475 s for the full browser in its headless mode (its processes outside
 * the pages 110 s against 166 s), 6.6 min against 7.1 min. It has no PDF viewer: a PDF opened in a tab is saved.
 * Otherwise Debian's chromium.
 */
const chromium =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

/**
 * Chromium's headless mode builds each new window's address-bar popup as a hidden WebUI page, one renderer process
 * per test context, about a tenth of the suite's CPU on two cores. No test uses the address bar, so the two
 * features that build it are turned off. Chromium takes the last --disable-features it is given, so the list repeats
 * the one Playwright 1.65.1 (pinned in package.json) passes before it (chromiumSwitches.ts), and adds the two.
 */
const rasgosApagados = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];

export default defineConfig({
  testDir: './tests',
  // Each port gets its own artifacts folder, so suites running side by side never delete each other's files.
  outputDir: `test-results/${puerto}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // One retry everywhere: a test that passes only on its retry is reported as flaky, not hidden.
  retries: 1,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${puerto}`,
    locale: 'es-PE',
    timezoneId: 'America/Lima',
    // A trace records a screencast of the whole test: recording one for every test doubled the browser's CPU
    // (the suite runs on two cores). The retry of a failed test records it.
    trace: 'on-first-retry',
    // The app follows the device's reduced-motion setting (no Ant Design animations), as a user who sets it sees it.
    reducedMotion: 'reduce',
    // Every test opens a new browser context: without this, each one would install the service worker and
    // precache the whole app (2 MB) before doing anything. The offline-shell tests allow it in their contexts.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-quic',
        `--disable-features=${rasgosApagados.join(',')}`,
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 800 } } }],
  webServer: {
    // The built server, as `npm start` runs it (no TypeScript compiler at run time). Compiling it takes under a
    // second, so it is compiled here every time and never runs stale; the web app is built by `npm run test:e2e`.
    command: `node apps/server/scripts/construir.mjs && node --enable-source-maps ${join(raiz, 'apps/server/dist/main.js')}`,
    cwd: raiz,
    url: `http://127.0.0.1:${puerto}/api/health/ready`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(puerto),
      HOST: '127.0.0.1',
      DATA_DIR: datos,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      WEB_DIST: process.env.E2E_WEB_DIST ?? join(raiz, 'apps/web/dist'),
      NODE_ENV: 'production',
      // Every answer checked against its declared schema, every mutation against its audit row.
      CONTRATO_ESTRICTO: 'true',
      // The customs-release query answers from its local provider (fixture); no other provider has a URL here,
      // so identity, taxpayer and the order form's levante dialog stay offline as before.
      CONSULTAS_EXTERNAS: 'true',
    },
  },
});
