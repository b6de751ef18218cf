// `npm start` and `npm run migrate` run the built output; they build it first only when there is none
// (a fresh clone). After changing the code, `npm run build` rebuilds it.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const raiz = join(dirname(fileURLToPath(import.meta.url)), '..');
const faltan = ['apps/server/dist/main.js', 'apps/web/dist/index.html'].filter((f) => !existsSync(join(raiz, f)));
if (faltan.length > 0) {
  console.log(`Primera ejecución: se compila la aplicación (falta ${faltan.join(', ')})…`);
  const inicio = performance.now();
  execSync('npm run build', { cwd: raiz, stdio: 'inherit' });
  console.log(`Compilación lista en ${((performance.now() - inicio) / 1000).toFixed(0)} s.`);
}
