import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// Installable app whose code is cached by a service worker (issue 8). autoUpdate: a new deployment's worker
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

// The web app is served by the API server in production (one port). In development, `vite` proxies /api.
export default defineConfig({
  plugins: [react(), VitePWA(pwa)],
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: { '/api': `http://localhost:${process.env.PORT ?? 3000}` },
  },
  build: {
    outDir: process.env.WEB_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: {
        // Vendors that every screen needs load once and stay cached across deployments of screen code.
        manualChunks(id: string) {
          if (!id.includes('node_modules')) return undefined;
          if (/[\\/](react|react-dom|scheduler|react-router)[\\/]/.test(id)) return 'react';
          if (id.includes('@ant-design/icons')) return 'iconos';
          if (/[\\/](antd|@ant-design|rc-[^\\/]+|@rc-component)[\\/]/.test(id)) return 'antd';
          return 'vendor';
        },
      },
    },
  },
});
