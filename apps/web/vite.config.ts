import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// Installable app whose code is cached by a service worker. autoUpdate: a new deployment's worker
// takes over at once and src/shared/red/registrar-sw.ts reloads the open page. API answers are never cached.
const pwa = {
  registerType: 'autoUpdate' as const,
  injectRegister: false as const,
  includeAssets: ['favicon.svg'],
  manifest: {
    name: 'Cronos — Zona Franca',
    short_name: 'Cronos',
    description: 'Órdenes, garita, balanza, verificación, inventario y reportes de la zona franca',
    lang: 'es',
    start_url: '/app/dashboard',
    scope: '/',
    display: 'standalone' as const,
    background_color: '#ffffff',
    theme_color: '#0b4f8a',
    icons: [
      { src: '/iconos/cronos-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/iconos/cronos-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/iconos/cronos-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
    maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
    navigateFallback: '/index.html',
    // API calls and file downloads are never answered with the app shell.
    navigateFallbackDenylist: [/^\/api\//, /^\/manuales\//],
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: true,
  },
};

/** The libraries recharts is built on (state, scales, shapes, numbers); nothing else in the app imports them. */
const RECHARTS_DEPENDENCIAS =
  /[\\/]node_modules[\\/](@reduxjs[\\/]toolkit|redux|redux-thunk|react-redux|immer|reselect|use-sync-external-store|es-toolkit|eventemitter3|tiny-invariant|decimal\.js-light|victory-vendor|internmap|d3-[a-z-]+)[\\/]/;

// The web app is served by the API server in production (one port). In development, `vite` proxies /api.
export default defineConfig(({ mode }) => ({
  plugins: [react(), VitePWA(pwa)],
  resolve: {
    // react-router publishes its production build without pointing its package exports at it.
    alias:
      mode === 'production'
        ? [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(
                new URL(import.meta.resolve('react-router')).href.replace('/development/', '/production/'),
              ),
            },
            {
              find: /^react-router\/dom$/,
              replacement: fileURLToPath(
                new URL(import.meta.resolve('react-router/dom')).href.replace('/development/', '/production/'),
              ),
            },
          ]
        : [],
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: { '/api': `http://localhost:${process.env.PORT ?? 3000}` },
  },
  build: {
    outDir: process.env.WEB_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    // scripts/presupuesto-bundle.mjs reads which chunks each screen loads from the manifest.
    manifest: true,
    rolldownOptions: {
      // ZXing (the ticket scanner) declares no sideEffects, so every reader and encoder of the library came with
      // the one QR/Code 128 reader the gate screens use; its modules only define classes.
      treeshake: {
        moduleSideEffects: [{ test: /[\\/]node_modules[\\/](@zxing|@rc-component[\\/]form)[\\/]/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          groups: [
            // React loads once and stays cached across deployments of screen code. Ant Design is not forced
            // into one chunk: each component goes with the screens that use it, so the login page loads only
            // the few components it shows, not the tables, pickers and dialogs of the signed-in screens.
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // The board's chart: recharts, and apart the state and scale libraries it is built on (no other
            // screen uses them), so that neither chunk passes the per-chunk budget. Both load together, only
            // where the chart is drawn; what they share with the rest of the app (React, clsx) stays where it is.
            { name: 'recharts', test: /[\\/]node_modules[\\/]recharts[\\/]/, includeDependenciesRecursively: false },
            { name: 'recharts-dependencias', test: RECHARTS_DEPENDENCIAS, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
}));
