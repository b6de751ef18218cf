// Production build of the API server: one ES module bundle per entry point in dist/, with the contract package
// (TypeScript sources) compiled in and every npm dependency left as an import, so `npm start` runs plain
// JavaScript under Node with no TypeScript compiler. The SQL migrations and definitions are copied next to the bundle.
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const servidor = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(servidor, 'dist');
const paquete = JSON.parse(readFileSync(join(servidor, 'package.json'), 'utf8'));

const inicio = performance.now();
rmSync(dist, { recursive: true, force: true });
await build({
  absWorkingDir: servidor,
  entryPoints: {
    main: 'src/main.ts',
    migrar: 'src/db/migrar-cli.ts',
  },
  outdir: dist,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  // Runtime dependencies are installed (npm install --omit=dev); only workspace code is compiled in.
  external: Object.keys(paquete.dependencies),
  chunkNames: 'comun-[hash]',
  logLevel: 'warning',
});
// src/db/migrar.ts finds its migrations next to itself; in the bundle, "itself" is dist/.
cpSync(join(servidor, 'src/db/migrations'), join(dist, 'migrations'), { recursive: true });
// Likewise the definitions of the functions, triggers and views, applied after the migrations (db/migrar.ts).
cpSync(join(servidor, 'src/db/definiciones'), join(dist, 'definiciones'), { recursive: true });
// Version and build for the support page (modules/soporte): the package version, the commit and the build time.
let commit = 'sin commit';
try {
  commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: servidor, encoding: 'utf8' }).trim();
} catch {
  // Built outside a git checkout (a release archive): the version and date still identify it.
}
writeFileSync(
  join(dist, 'compilacion.json'),
  JSON.stringify({ version: paquete.version, commit, fecha: new Date().toISOString() }),
);
console.log(`Servidor compilado en ${dist} (${((performance.now() - inicio) / 1000).toFixed(1)} s)`);
