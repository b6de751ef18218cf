/**
 * The scale benchmark's result table (bench-escala.ts): each figure printed as it is measured, the whole table in
 * Markdown at the end, and --escribir's block of docs/benchmarks.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';

/** One line of the final table. */
export interface Cifra {
  seccion: string;
  nombre: string;
  meta: string;
  valor: string;
  crudo: string;
  razon: string;
  cumple: boolean | null;
}
const tabla: Cifra[] = [];
export const anotar = (c: Cifra) => {
  tabla.push(c);
  const marca = c.cumple === null ? ' ' : c.cumple ? '✓' : '✗';
  console.log(`  ${marca} ${c.nombre}: ${c.valor} | SQL crudo ${c.crudo} | razón ${c.razon} | meta ${c.meta}`);
};

export function tablaMarkdown(titulo: string) {
  const fecha = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const lineas = [
    `**${titulo}** — ${fecha} UTC, ${cpus().length} núcleos, carga al terminar ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' / ')}`,
    '',
    '| cifra | meta | medido | SQL crudo | razón | |',
    '|---|---|---|---|---|---|',
    ...tabla.map(
      (c) =>
        `| ${c.nombre} | ${c.meta} | ${c.valor} | ${c.crudo} | ${c.razon} | ${c.cumple === null ? '' : c.cumple ? '✓' : '✗'} |`,
    ),
  ];
  return lineas.join('\n');
}

/**
 * Adds a run's table at the top of the block of this database type and size in docs/benchmarks.md (latest run first;
 * the block is made at the end of the file the first time), under a heading with the date and the command that ran
 * it. The block keeps the earlier runs and what was written about them.
 */
export function escribirBenchmarks(tipo: string, ordenes: number, texto: string, orden: string) {
  const ruta = resolve(import.meta.dirname, '../../../docs/benchmarks.md');
  const clave = `bench-escala ${tipo} ${ordenes}`;
  const abre = `<!-- ${clave} -->`;
  const cierra = `<!-- /${clave} -->`;
  const fecha = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const corrida = `### ${fecha} UTC\n\nCommand: \`${orden}\`\n\n${texto}`;
  const actual = readFileSync(ruta, 'utf8');
  const i = actual.indexOf(abre);
  const j = actual.indexOf(cierra);
  const nuevo =
    i >= 0 && j > i
      ? `${actual.slice(0, i + abre.length)}\n\n${corrida}\n${actual.slice(i + abre.length)}`
      : `${actual.trimEnd()}\n\n${abre}\n\n${corrida}\n${cierra}\n`;
  writeFileSync(ruta, nuevo);
  console.log(`\nEscrito en docs/benchmarks.md (${clave})`);
}
