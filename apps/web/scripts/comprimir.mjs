// After `vite build`: writes a brotli (.br) and a gzip (.gz) copy next to every text file of the built app, at
// the highest levels, once. The API server sends the copy the browser accepts (@fastify/static preCompressed),
// so no request pays for compression and the bytes sent are the smallest each format gives.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// WEB_OUT_DIR as vite.config.ts reads it: relative to the web app, or absolute.
const dist =
  process.argv[2] ?? resolve(dirname(fileURLToPath(import.meta.url)), '..', process.env.WEB_OUT_DIR ?? 'dist');
const TEXTO = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
const MINIMO = 1024; // smaller files fit in one packet anyway

const archivos = (d) =>
  readdirSync(d, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? archivos(join(d, e.name)) : [join(d, e.name)],
  );

let total = 0;
let br = 0;
let gz = 0;
for (const archivo of archivos(dist)) {
  if (!TEXTO.test(archivo) || statSync(archivo).size < MINIMO) continue;
  const datos = readFileSync(archivo);
  const brotli = brotliCompressSync(datos, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: datos.length,
    },
  });
  const gzip = gzipSync(datos, { level: constants.Z_BEST_COMPRESSION });
  // A copy that is not smaller is not worth a second file: the original is sent.
  if (brotli.length < datos.length) writeFileSync(`${archivo}.br`, brotli);
  if (gzip.length < datos.length) writeFileSync(`${archivo}.gz`, gzip);
  total += datos.length;
  br += Math.min(brotli.length, datos.length);
  gz += Math.min(gzip.length, datos.length);
}
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
console.log(`Comprimido ${relative(process.cwd(), dist) || dist}: ${kb(total)} → brotli ${kb(br)}, gzip ${kb(gz)}`);
