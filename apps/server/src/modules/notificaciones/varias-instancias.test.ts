import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { CIERRE_CANAL, digitoVerificadorRuc, EMPRESA_OPERADOR, PERMISOS_POR_ROL, ROL } from '@cronos/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { construirApp } from '../../app';
import { cargarConfig } from '../../config';
import { abrirPostgres, type BaseDatos } from '../../db/client';
import { migrar } from '../../db/migrar';
import { empresaUsuario, permiso, permisoUsuario, usuario } from '../../db/schema';
import { sembrarReferencia } from '../../db/seed/referencia';
import { hashContrasenia } from '../../platform/contrasenias';
import { publicarCambioEtapa } from '../../platform/notificaciones';
import { conectar } from './cliente-prueba';

/**
 * Two API instances (each with its own pool and LISTEN connection) on one PostgreSQL database, as in
 * production behind a load balancer. Always PostgreSQL: TEST_DATABASE_URL or the local server.
 */
const URL_PG = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** The ports the system gives the two instances (port 0): a suite run beside another never meets them. */
const PUERTOS: [number, number] = [0, 0];
const CONTRASENIA = 'Prueba.2026';
const nombreBase = `cronos_n8_${randomBytes(5).toString('hex')}`;
const admin = new pg.Client({ connectionString: URL_PG });
const bases: BaseDatos[] = [];
const apps: Awaited<ReturnType<typeof construirApp>>[] = [];
let empresaX = 0;
let empresaY = 0;

const canal = (i: 0 | 1) => `ws://127.0.0.1:${PUERTOS[i]}/api/notifications-cronos`;
const http = (i: 0 | 1) => `http://127.0.0.1:${PUERTOS[i]}/api`;

beforeAll(async () => {
  await admin.connect();
  await admin.query(`create database ${nombreBase}`);
  const u = new URL(URL_PG);
  u.pathname = `/${nombreBase}`;
  const config = cargarConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', LOGIN_RETARDO_MS: '0' });
  for (const i of [0, 1] as const) {
    const base = abrirPostgres(u.toString(), { max: 5 });
    bases.push(base);
    if (i === 0) {
      await migrar(base);
      await base.db.transaction((tx) => sembrarReferencia(tx));
    }
    const app = await construirApp({ config, base, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    PUERTOS[i] = (app.server.address() as AddressInfo).port;
    apps.push(app);
  }
  const db = bases[0]?.db;
  if (!db) throw new Error('base');
  const [x] = await db
    .insert(empresaUsuario)
    .values({ ruc: `2060000801${digitoVerificadorRuc('2060000801')}`, razonSocial: 'EMPRESA X S.A.C.' })
    .returning();
  const [y] = await db
    .insert(empresaUsuario)
    .values({ ruc: `2060000802${digitoVerificadorRuc('2060000802')}`, razonSocial: 'EMPRESA Y S.A.C.' })
    .returning();
  empresaX = x?.codigoEmpresaUsuario ?? 0;
  empresaY = y?.codigoEmpresaUsuario ?? 0;
});

afterAll(async () => {
  for (const app of apps) await app.close();
  for (const b of bases) await b.cerrar();
  await admin.query(`drop database if exists ${nombreBase} with (force)`);
  await admin.end();
});

let n = 0;
let hash: Promise<string> | undefined;
/** A user of a role and company, signed in through instance `i`: returns the token. */
async function sesion(codigoRol: number, codigoEmpresaUsuario: number, i: 0 | 1 = 0) {
  n += 1;
  hash ??= hashContrasenia(CONTRASENIA);
  const db = bases[0]?.db;
  if (!db) throw new Error('base');
  const [u] = await db
    .insert(usuario)
    .values({
      nombreUsuario: `n8_${n}`,
      contraseniaHash: await hash,
      nombre: 'PRUEBA',
      codigoRol,
      nivelUsuario: codigoRol,
      codigoEmpresaUsuario,
    })
    .returning();
  if (!u) throw new Error('usuario');
  const nodos = new Map((await db.select().from(permiso)).map((p) => [p.modulo, p.codigoPermiso]));
  const filas = Object.entries(PERMISOS_POR_ROL[codigoRol] ?? {}).flatMap(([m, p]) => {
    const codigoPermiso = nodos.get(m);
    return codigoPermiso ? [{ codigoUsuario: u.codigoUsuario, codigoPermiso, ...p }] : [];
  });
  if (filas.length) await db.insert(permisoUsuario).values(filas);
  const r = await fetch(`${http(i)}/Account/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nombreUsuario: u.nombreUsuario, contrasenia: CONTRASENIA }),
  });
  const token = ((await r.json()) as { data: { token: string } }).data.token;
  return { usuario: u, token };
}

let mov = 0;
/** An order moved to the next stage on instance `i` (its own pool and transaction). */
function moverEn(i: 0 | 1, codigoEmpresaUsuario: number, desde = 1) {
  mov += 1;
  const db = bases[i]?.db;
  if (!db) throw new Error('base');
  return db.transaction((tx) =>
    publicarCambioEtapa(tx, null, {
      codigoMovimiento: mov,
      codigoIngreso: `OP${1900000 + mov}`,
      codigoEmpresaUsuario,
      desde,
      hasta: desde + 1,
    }),
  );
}

describe('notificaciones entre dos instancias sobre un mismo PostgreSQL', () => {
  it('un cliente en A recibe en menos de un segundo la orden movida en B; otra empresa no', async () => {
    const deX = await sesion(ROL.Usuario, empresaX);
    const deY = await sesion(ROL.Usuario, empresaY);
    const [cx, cy] = await Promise.all([conectar(canal(0)), conectar(canal(0))]);
    await cx.autenticar(deX.token);
    await cy.autenticar(deY.token);
    const ev = await moverEn(1, empresaX);
    const ok = await moverEn(1, empresaY); // Y's own event, published after X's
    // Acceptance: within one second of the commit on B.
    await cx.esperarEvento((e) => e.codigoNotificacion === ev?.codigoNotificacion, 1_000);
    await cy.esperarEvento((e) => e.codigoNotificacion === ok?.codigoNotificacion, 1_000);
    expect(cy.eventos().map((e) => e.codigoNotificacion)).toEqual([ok?.codigoNotificacion]);
    expect(cx.eventos().map((e) => e.codigoNotificacion)).toEqual([ev?.codigoNotificacion]);
    cx.cerrar();
    cy.cerrar();
  });

  it('el personal de la etapa conectado a B recibe lo publicado en A', async () => {
    const balanza = await sesion(ROL.Balanza, EMPRESA_OPERADOR, 1);
    const c = await conectar(canal(1));
    await c.autenticar(balanza.token);
    const ev = await moverEn(0, empresaY, 1); // enters entry weighing
    await c.esperarEvento((e) => e.codigoNotificacion === ev?.codigoNotificacion, 1_000);
    c.cerrar();
  });

  it('tras cerrar sesión en B, el canal abierto en A no recibe nada más y se cierra', async () => {
    const deX = await sesion(ROL.Usuario, empresaX);
    const c = await conectar(canal(0));
    await c.autenticar(deX.token);
    const r = await fetch(`${http(1)}/Account/Logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${deX.token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(r.status).toBe(200);
    await moverEn(1, empresaX);
    await c.esperarCierre();
    expect(c.cierre()).toBe(CIERRE_CANAL.sesion);
    expect(c.eventos()).toEqual([]);
  });

  it('desconectado de A mientras B publica dos eventos: al reconectarse a B los recibe una sola vez', async () => {
    const deX = await sesion(ROL.Usuario, empresaX);
    const c1 = await conectar(canal(0));
    await c1.autenticar(deX.token);
    const listo = c1.mensajes.find((m) => m.tipo === 'listo');
    const cursor = listo?.tipo === 'listo' ? listo.ultimo : -1;
    c1.cerrar();
    await c1.esperarCierre();
    const e1 = await moverEn(1, empresaX, 1);
    const e2 = await moverEn(1, empresaX, 2);
    const c2 = await conectar(canal(1));
    await c2.autenticar(deX.token, cursor);
    const e3 = await moverEn(0, empresaX, 3);
    await c2.esperarEvento((e) => e.codigoNotificacion === e3?.codigoNotificacion);
    expect(c2.eventos().map((e) => e.codigoNotificacion)).toEqual([
      e1?.codigoNotificacion,
      e2?.codigoNotificacion,
      e3?.codigoNotificacion,
    ]);
    c2.cerrar();
  });

  it('si se corta la conexión LISTEN de una instancia, se reconecta y entrega lo publicado en el corte', async () => {
    const deX = await sesion(ROL.Usuario, empresaX);
    const c = await conectar(canal(0));
    await c.autenticar(deX.token);
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query ilike 'listen%'`,
      [nombreBase],
    );
    const ev = await moverEn(1, empresaX);
    await c.esperarEvento((e) => e.codigoNotificacion === ev?.codigoNotificacion, 10_000);
    expect(c.eventos().filter((e) => e.codigoNotificacion === ev?.codigoNotificacion)).toHaveLength(1);
    c.cerrar();
  });
});
