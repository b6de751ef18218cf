/**
 * Benchmark: time to import a catalogue spreadsheet of 2000 products (each with initial stock, so 2000
 * products + 2000 lots + 2000 kardex rows) through POST /api/CatalogoUsuario/RegistrarCatalogoMasivo, on the
 * embedded database. Each round uses a new company. Prints figures; asserts nothing.
 *
 *   node --import tsx apps/server/scripts/bench-importacion-catalogo.ts [filas=2000] [rondas=5]
 */

import { performance } from 'node:perf_hooks';
import { digitoVerificadorRuc, PERMISOS_POR_ROL } from '@cronos/contract';
import ExcelJS from 'exceljs';
import { construirApp } from '../src/app';
import { cargarConfig } from '../src/config';
import { abrirPglite } from '../src/db/client';
import { migrar } from '../src/db/migrar';
import { almacen, empresaUsuario, permiso, permisoUsuario, usuario } from '../src/db/schema';
import { sembrarReferencia } from '../src/db/seed/referencia';
import { hashContrasenia } from '../src/platform/contrasenias';

const FILAS = Number(process.argv[2] ?? 2000);
const RONDAS = Number(process.argv[3] ?? 5);
const PARTIDAS = ['8517130000', '8528720000', '8471300000', '6403999000', '2208300000'];

async function libro(): Promise<Buffer> {
  const l = new ExcelJS.Workbook();
  const ws = l.addWorksheet('Productos');
  ws.addRow([
    'Código interno',
    'Descripción',
    'Partida arancelaria',
    'Unidad de medida',
    'Código de existencia',
    'Stock inicial',
  ]);
  for (let i = 1; i <= FILAS; i++) {
    ws.addRow([
      `B${i}`,
      `PRODUCTO DE PRUEBA NUMERO ${i} MODELO ${i * 7}`,
      PARTIDAS[i % 5],
      'NIU - Unidad',
      '01 - Mercadería',
      (i % 50) + 1,
    ]);
  }
  return Buffer.from(await l.xlsx.writeBuffer());
}

function multipart(contenido: Buffer) {
  const limite = '----cronosbench';
  const cabecera = `--${limite}\r\nContent-Disposition: form-data; name="archivo"; filename="catalogo.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(cabecera), contenido, Buffer.from(`\r\n--${limite}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${limite}` },
  };
}

async function principal() {
  const base = await abrirPglite();
  await migrar(base);
  await base.db.transaction((tx) => sembrarReferencia(tx));
  const db = base.db;
  const app = await construirApp({
    config: cargarConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    base,
    logger: false,
  });
  await app.ready();
  const nodos = new Map((await db.select().from(permiso)).map((n) => [n.modulo, n.codigoPermiso]));
  const hash = await hashContrasenia('Bench.2026');
  const archivo = await libro();
  const { payload, headers } = multipart(archivo);
  console.log(`Archivo: ${FILAS} filas, ${(archivo.length / 1024).toFixed(0)} KB; base: PGlite (embebida)`);
  const tiempos: number[] = [];
  for (let r = 0; r < RONDAS; r++) {
    const diez = `20${String(70000000 + r * 7919).slice(0, 8)}`;
    const [e] = await db
      .insert(empresaUsuario)
      .values({ ruc: `${diez}${digitoVerificadorRuc(diez)}`, razonSocial: `BENCH ${r}` })
      .returning();
    const c = e?.codigoEmpresaUsuario ?? 0;
    await db.insert(almacen).values({ codigoEmpresaUsuario: c, nombre: 'Almacén' });
    const [u] = await db
      .insert(usuario)
      .values({
        nombreUsuario: `bench${r}`,
        contraseniaHash: hash,
        nombre: 'BENCH',
        codigoRol: 8,
        nivelUsuario: 8,
        codigoEmpresaUsuario: c,
      })
      .returning();
    const filas = Object.entries(PERMISOS_POR_ROL[8] ?? {}).flatMap(([m, p]) => {
      const codigoPermiso = nodos.get(m);
      return codigoPermiso ? [{ codigoUsuario: u?.codigoUsuario ?? 0, codigoPermiso, ...p }] : [];
    });
    await db.insert(permisoUsuario).values(filas);
    const login = await app.inject({
      method: 'POST',
      url: '/api/Account/Login',
      payload: { nombreUsuario: `bench${r}`, contrasenia: 'Bench.2026' },
    });
    const token = login.json().data.token as string;
    const t0 = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/CatalogoUsuario/RegistrarCatalogoMasivo',
      payload,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`importación: ${res.statusCode} ${res.body.slice(0, 300)}`);
    tiempos.push(ms);
    console.log(`ronda ${r + 1}: ${ms.toFixed(0)} ms (${res.json().data.registros} productos)`);
  }
  const orden = [...tiempos].sort((a, b) => a - b);
  const mediana = orden[Math.floor(orden.length / 2)] ?? 0;
  console.log(
    `Importación de ${FILAS} filas: mediana ${mediana.toFixed(0)} ms, mínimo ${orden[0]?.toFixed(0)} ms, máximo ${orden.at(-1)?.toFixed(0)} ms`,
  );
  await app.close();
  await base.cerrar();
}

principal().catch((e) => {
  console.error(e);
  process.exit(1);
});
