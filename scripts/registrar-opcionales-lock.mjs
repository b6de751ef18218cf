// Records in package-lock.json every platform binary of Biome that `@biomejs/biome` lists as optional, so that
// `npm ci` accepts the lock file on any platform. The registry mirror used here carries only the Linux glibc
// binaries, so npm cannot write the other entries itself; they are written as npm writes them for a platform
// it skips (version, os, cpu, libc, optional), without an integrity hash: on the platform that needs one, npm
// downloads it from the registry it is configured with. Run after an `npm install` that changed the Biome
// version: `node scripts/registrar-opcionales-lock.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const archivo = join(dirname(fileURLToPath(import.meta.url)), '..', 'package-lock.json');
const lock = JSON.parse(readFileSync(archivo, 'utf8'));
const biome = lock.packages['node_modules/@biomejs/biome'];
const PLATAFORMAS = {
  'cli-android-arm64': { os: ['android'], cpu: ['arm64'] },
  'cli-android-x64': { os: ['android'], cpu: ['x64'] },
  'cli-darwin-arm64': { os: ['darwin'], cpu: ['arm64'] },
  'cli-darwin-x64': { os: ['darwin'], cpu: ['x64'] },
  'cli-linux-arm64': { os: ['linux'], cpu: ['arm64'], libc: ['glibc'] },
  'cli-linux-arm64-musl': { os: ['linux'], cpu: ['arm64'], libc: ['musl'] },
  'cli-linux-x64': { os: ['linux'], cpu: ['x64'], libc: ['glibc'] },
  'cli-linux-x64-musl': { os: ['linux'], cpu: ['x64'], libc: ['musl'] },
  'cli-win32-arm64': { os: ['win32'], cpu: ['arm64'] },
  'cli-win32-x64': { os: ['win32'], cpu: ['x64'] },
};
let anadidos = 0;
for (const [nombre, version] of Object.entries(biome.optionalDependencies ?? {})) {
  const clave = `node_modules/${nombre}`;
  if (lock.packages[clave]) continue;
  const plataforma = PLATAFORMAS[nombre.replace('@biomejs/', '')];
  if (!plataforma) throw new Error(`Plataforma desconocida de Biome: ${nombre}`);
  lock.packages[clave] = {
    version,
    cpu: plataforma.cpu,
    dev: true,
    ...(plataforma.libc ? { libc: plataforma.libc } : {}),
    license: biome.license,
    optional: true,
    os: plataforma.os,
    engines: biome.engines,
  };
  anadidos++;
}
// npm keeps the packages sorted by path.
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en'))),
);
writeFileSync(archivo, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`${anadidos} binario(s) de Biome registrados en package-lock.json`);
