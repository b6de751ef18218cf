/**
 * Benchmark: time to save one order with 50 documents × 20 products (1 000 lines) through
 * POST /api/Movimiento/GuardarMovimiento, and to read it back with ListarRegistro, on the embedded database
 * (default) or on PostgreSQL (BENCH_DATABASE_URL). Prints figures; asserts nothing.
 *
 *   node --import tsx apps/server/scripts/bench-guardar-movimiento.ts [documentos=50] [productos=20] [rondas=5]
 */

import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { PERMISOS_POR_ROL } from '@cronos/contract';
import pg from 'pg';
import { construirApp } from '../src/app';
import { cargarConfig } from '../src/config';
import { abrirPglite, abrirPostgres, type BaseDatos } from '../src/db/client';
import { migrar } from '../src/db/migrar';
import {
  almacen,
  catalogoUsuario,
  empresaUsuario,
  permiso,
  permisoUsuario,
  transportistaUsuario,
  usuario,
} from '../src/db/schema';
import { sembrarReferencia } from '../src/db/seed/referencia';
import { hashContrasenia } from '../src/platform/contrasenias';

const DOCUMENTOS = Number(process.argv[2] ?? 50);
const PRODUCTOS = Number(process.argv[3] ?? 20);
const RONDAS = Number(process.argv[4] ?? 5);

async function abrir(): Promise<{ base: BaseDatos; limpiar: () => Promise<void> }> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) return { base: await abrirPglite(), limpiar: async () => undefined };
  const nombre = `cronos_bench3_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${nombre}`);
  const u = new URL(url);
  u.pathname = `/${nombre}`;
  return {
    base: abrirPostgres(u.toString()),
    limpiar: async () => {
      await admin.query(`drop database if exists ${nombre} with (force)`);
      await admin.end();
    },
  };
}

async function principal() {
  const { base, limpiar } = await abrir();
  try {
    await migrar(base);
    await base.db.transaction((tx) => sembrarReferencia(tx));
    const db = base.db;
    const [e] = await db
      .insert(empresaUsuario)
      .values({ ruc: '20603547897', razonSocial: 'EMPRESA BENCH S.A.C.' })
      .returning();
    if (!e) throw new Error('empresa');
    await db.insert(almacen).values({ codigoEmpresaUsuario: e.codigoEmpresaUsuario, nombre: 'Principal' });
    const productos = await db
      .insert(catalogoUsuario)
      .values(
        Array.from({ length: PRODUCTOS }, (_, i) => ({
          codigoEmpresaUsuario: e.codigoEmpresaUsuario,
          codigoInterno: `B${i}`,
          descripcion: `PRODUCTO DE PRUEBA ${i}`,
          numeroPartida: '8528720000',
          codigoUnidadMedida: 'NIU',
          codigoExistencia: '01',
        })),
      )
      .returning();
    await db.insert(transportistaUsuario).values({
      codigoEmpresaUsuario: e.codigoEmpresaUsuario,
      ruc: '20445566773',
      razonSocial: 'TRANSPORTES BENCH',
      fechaInicio: '2026-01-01',
      fechaCese: '2099-12-31',
    });
    const [u] = await db
      .insert(usuario)
      .values({
        nombreUsuario: 'bench',
        contraseniaHash: await hashContrasenia('Bench.2026'),
        nombre: 'BENCH',
        codigoRol: 8,
        nivelUsuario: 8,
        codigoEmpresaUsuario: e.codigoEmpresaUsuario,
      })
      .returning();
    if (!u) throw new Error('usuario');
    const nodos = new Map((await db.select().from(permiso)).map((n) => [n.modulo, n.codigoPermiso]));
    await db.insert(permisoUsuario).values(
      Object.entries(PERMISOS_POR_ROL[8] ?? {}).flatMap(([m, p]) => {
        const codigoPermiso = nodos.get(m);
        return codigoPermiso ? [{ codigoUsuario: u.codigoUsuario, codigoPermiso, ...p }] : [];
      }),
    );
    const app = await construirApp({
      config: cargarConfig({ LOG_LEVEL: 'silent', LOGIN_RETARDO_MS: '0' }),
      base,
      logger: false,
    });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/Account/Login',
      payload: { nombreUsuario: 'bench', contrasenia: 'Bench.2026' },
    });
    const token = login.json().data.token as string;
    const cuerpo = {
      data: {
        codigoTipoIngreso: 'VH',
        codigoTipoOperacion: 1,
        codigoTipoMercaderia: 'EXT',
        paisProcedencia: 'CL',
        codigoVia: '2',
        fechaIngreso: new Date().toISOString(),
        numeroDocumentoIdentidad: '45678912',
        nombres: 'JUAN',
        apellidoPaterno: 'MAMANI',
        rucTransportistaUsuario: '20445566773',
        codigoTipoVehiculo: '5',
        placaUno: 'ABC-123',
        codigoClaseBrevete: 'A-IIIb',
        numeroBrevete: 'A12345678',
        guiaTransportista: '0001-123456',
        codigoTipoCarga: 1,
        numeroBultos: 500,
        documentos: Array.from({ length: DOCUMENTOS }, (_, d) => ({
          codigoTipoDocumento: '6',
          numeroDocumento: `INV-${d}`,
          ruc: 'CL-76543210',
          razonSocial: 'PROVEEDOR EXTRANJERO',
          codigoTipoImportador: '2',
          productos: productos.map((p, i) => ({
            codigoCatalogoUsuario: p.codigoCatalogoUsuario,
            cantidad: i + 1,
            peso: 10.5,
            valorFOB: 3.25,
          })),
        })),
      },
    };
    const guardar: number[] = [];
    const leer: number[] = [];
    for (let r = 0; r < RONDAS; r++) {
      const t0 = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/Movimiento/GuardarMovimiento',
        headers: { authorization: `Bearer ${token}` },
        payload: cuerpo,
      });
      guardar.push(performance.now() - t0);
      if (res.statusCode !== 200) throw new Error(`GuardarMovimiento ${res.statusCode}: ${res.body.slice(0, 300)}`);
      const t1 = performance.now();
      const l = await app.inject({
        url: `/api/Movimiento/ListarRegistro?CodigoMovimiento=${res.json().data.codigoMovimiento}`,
        headers: { authorization: `Bearer ${token}` },
      });
      leer.push(performance.now() - t1);
      if (l.json().data.documentos.length !== DOCUMENTOS) throw new Error('lectura incompleta');
    }
    const f = (xs: number[]) =>
      `mediana ${xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]?.toFixed(0)} ms, máx ${Math.max(...xs).toFixed(0)} ms`;
    console.log(
      `Base: ${base.tipo}; orden de ${DOCUMENTOS} documentos × ${PRODUCTOS} productos (${DOCUMENTOS * PRODUCTOS} líneas), ${RONDAS} rondas`,
    );
    console.log(`  GuardarMovimiento: ${f(guardar)}`);
    console.log(`  ListarRegistro:    ${f(leer)}`);
    await app.close();
  } finally {
    await base.cerrar();
    await limpiar();
  }
}

principal().catch((e) => {
  console.error(e);
  process.exit(1);
});
