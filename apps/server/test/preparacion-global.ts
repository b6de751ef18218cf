import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { abrirPglite, abrirPostgres } from '../src/db/client';
import { migrar } from '../src/db/migrar';
import { sembrarReferencia } from '../src/db/seed/referencia';

declare module 'vitest' {
  export interface ProvidedContext {
    volcadoPglite: string;
    plantillaPostgres: string;
  }
}

/**
 * Migrates once per run. Embedded: a PGlite data dir dumped after the migrations (loading it takes ~0.3 s
 * instead of ~2 s). PostgreSQL (TEST_DATABASE_URL): a template database each test file copies.
 */
export default async function preparar(proyecto: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const plantilla = `cronos_plantilla_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${plantilla}`);
    await admin.query(`create database ${plantilla}`);
    const u = new URL(url);
    u.pathname = `/${plantilla}`;
    const base = abrirPostgres(u.toString());
    await migrar(base);
    await base.db.transaction((tx) => sembrarReferencia(tx));
    await base.cerrar();
    proyecto.provide('plantillaPostgres', plantilla);
    proyecto.provide('volcadoPglite', '');
    return async () => {
      await admin.query(`drop database if exists ${plantilla}`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'cronos-test-'));
  const base = await abrirPglite();
  await migrar(base);
  await base.db.transaction((tx) => sembrarReferencia(tx));
  const volcado = await base.pglite?.dumpDataDir('none');
  await base.cerrar();
  if (!volcado) throw new Error('No se pudo volcar la base de pruebas');
  const ruta = join(dir, 'plantilla.tar');
  writeFileSync(ruta, Buffer.from(await volcado.arrayBuffer()));
  proyecto.provide('volcadoPglite', ruta);
  proyecto.provide('plantillaPostgres', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
