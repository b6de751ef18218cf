// Bundle budget of the built web app (sizes are deterministic for a given source). Prints every chunk's size
// and what the login page and the signed-in shell load in total, and fails when one is over budget:
//   - login page (JS + CSS it loads before the form is usable):            ≤ 200 KB gzipped
//   - signed-in shell (the above plus Ant Design, the layout, the dashboard): ≤ 340 KB gzipped (85 % of 400 KB)
//   - any chunk of its own (a screen, a shared component group):           ≤ 100 KB gzipped
// Sizes are those of the .gz files written at build time (scripts/comprimir.mjs), as the server sends them.
// Why these limits and the figures of each build: docs/adr/0054-bundle-web.md, docs/benchmarks.md ("Web bundle").
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const KB = 1024;
export const PRESUPUESTO = { login: 200 * KB, shell: 340 * KB, chunk: 100 * KB };
// The login page is part of the entry chunk; if it becomes a chunk of its own, it is counted too.
const LOGIN = ['src/features/sesion/pages/login-page.tsx'];
// The signed-in shell: Ant Design's providers, the layout (menu, header) and the landing screen.
const SHELL = [
  'src/app/proveedores-antd.tsx',
  'src/app/layout/app-layout.tsx',
  'src/features/inicio/pages/dashboard-page.tsx',
];

// WEB_OUT_DIR as vite.config.ts reads it: relative to the web app, or absolute.
const dist =
  process.argv[2] ?? resolve(dirname(fileURLToPath(import.meta.url)), '..', process.env.WEB_OUT_DIR ?? 'dist');
const manifiesto = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const entrada = Object.keys(manifiesto).find((k) => manifiesto[k].isEntry && k.endsWith('index.html'));
if (!entrada) throw new Error('El manifiesto no tiene la entrada index.html');
for (const k of SHELL) if (!manifiesto[k]) throw new Error(`El manifiesto no tiene ${k}`);

const gzip = (archivo) => {
  const ruta = join(dist, archivo);
  return existsSync(`${ruta}.gz`) ? statSync(`${ruta}.gz`).size : gzipSync(readFileSync(ruta), { level: 9 }).length;
};

/** Files (JS and CSS) a page loads for these manifest entries: each entry and its static imports, transitively. */
function carga(claves) {
  const archivos = new Set();
  const visto = new Set();
  const visitar = (clave) => {
    if (visto.has(clave)) return;
    visto.add(clave);
    const c = manifiesto[clave];
    archivos.add(c.file);
    for (const css of c.css ?? []) archivos.add(css);
    for (const i of c.imports ?? []) visitar(i);
  };
  for (const c of claves) visitar(c);
  return archivos;
}
const suma = (archivos) => [...archivos].reduce((s, a) => s + gzip(a), 0);
const kb = (n) => `${(n / KB).toFixed(1)} KB`;

const trozos = Object.values(manifiesto)
  .map((c) => ({ archivo: c.file, bytes: statSync(join(dist, c.file)).size, gz: gzip(c.file) }))
  .concat(
    [...new Set(Object.values(manifiesto).flatMap((c) => c.css ?? []))].map((archivo) => ({
      archivo,
      bytes: statSync(join(dist, archivo)).size,
      gz: gzip(archivo),
    })),
  )
  .filter((t, i, todos) => todos.findIndex((o) => o.archivo === t.archivo) === i)
  .sort((a, b) => b.gz - a.gz);

const fallas = [];
console.log('Trozo                                                  tamaño     gzip');
for (const t of trozos) {
  const excede = t.gz > PRESUPUESTO.chunk;
  if (excede) fallas.push(`${t.archivo}: ${kb(t.gz)} gzip > ${kb(PRESUPUESTO.chunk)}`);
  console.log(
    `${t.archivo.padEnd(52)} ${kb(t.bytes).padStart(10)} ${kb(t.gz).padStart(10)}${excede ? '  ← excede' : ''}`,
  );
}
const login = carga([entrada, ...LOGIN.filter((k) => manifiesto[k])]);
const shell = carga([entrada, ...SHELL]);
for (const [nombre, archivos, limite] of [
  ['Página de ingreso', login, PRESUPUESTO.login],
  ['Sesión iniciada (Ant Design + layout + dashboard)', shell, PRESUPUESTO.shell],
]) {
  const total = suma(archivos);
  if (total > limite) fallas.push(`${nombre}: ${kb(total)} gzip > ${kb(limite)}`);
  console.log(`\n${nombre}: ${archivos.size} archivos, ${kb(total)} gzip (presupuesto ${kb(limite)})`);
}
if (fallas.length > 0) {
  console.error(`\nPresupuesto excedido:\n  ${fallas.join('\n  ')}`);
  process.exit(1);
}
console.log('\nPresupuesto cumplido.');
