import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          globalSetup: ['test/preparacion-global.ts'],
          setupFiles: ['test/preparacion.ts'],
          // A few tests open an embedded database in a new directory (migrating it from nothing) or start a second
          // process: ~10 s on an idle machine, over 30 s when the two cores are shared with other builds and browser
          // tests (seen as timeouts, not failures). The limit only catches a test that hangs.
          testTimeout: 90_000,
          hookTimeout: 90_000,
          pool: 'forks',
          // Each file builds its own app on its own database (crearEntorno) and closes it; module state is
          // shared by design (no file mutates another's). Reusing the loaded modules per worker cut the suite's
          // import time from ~200 s to ~15 s.
          isolate: false,
          maxWorkers: 2,
        },
      },
      { test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.ts'], environment: 'node' } },
      // The repository's documents: links between them and the documents the code cites exist.
      { test: { name: 'docs', include: ['scripts/**/*.test.ts'] } },
    ],
  },
});
