import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CARPETA_MIGRACIONES } from '../src/db/migrar';

/** A folder holding the migrations up to `hasta` (the journal cut there), as a release that shipped only those. */
export function migracionesHasta(hasta: number): string {
  const carpeta = mkdtempSync(join(tmpdir(), 'cronos-migraciones-'));
  mkdirSync(join(carpeta, 'meta'));
  const diario = JSON.parse(readFileSync(join(CARPETA_MIGRACIONES, 'meta', '_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  diario.entries = diario.entries.filter((x) => x.idx <= hasta);
  writeFileSync(join(carpeta, 'meta', '_journal.json'), JSON.stringify(diario));
  const etiquetas = new Set(diario.entries.map((x) => `${x.tag}.sql`));
  for (const f of readdirSync(CARPETA_MIGRACIONES))
    if (etiquetas.has(f)) copyFileSync(join(CARPETA_MIGRACIONES, f), join(carpeta, f));
  return carpeta;
}
