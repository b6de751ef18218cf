import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { digitoVerificadorRuc, PERMISOS_POR_ROL } from '@cronos/contract';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { construirApp } from '../src/app';
import { cargarConfig } from '../src/config';
import { abrirPglite, abrirPostgres, type BaseDatos, type ObservadorSql } from '../src/db/client';
import { almacen, empresaUsuario, logSistema, permiso, permisoUsuario, usuario } from '../src/db/schema';
import { hashContrasenia } from '../src/platform/contrasenias';

/**
 * A new database on the PostgreSQL server at `url` (a copy of `plantilla`, or empty), dropped when it is closed.
 */
export async function abrirBaseNuevaPostgres(
  url: string,
  { prefijo, plantilla, observar }: { prefijo: string; plantilla?: string; observar?: ObservadorSql },
): Promise<BaseDatos> {
  const nombre = `${prefijo}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${nombre}${plantilla ? ` template ${plantilla}` : ''}`);
  const u = new URL(url);
  u.pathname = `/${nombre}`;
  const base = abrirPostgres(u.toString(), { max: 30, observar });
  const cerrar = base.cerrar;
  base.cerrar = async () => {
    await cerrar();
    await admin.query(`drop database if exists ${nombre} with (force)`);
    await admin.end();
  };
  return base;
}

/** Opens a fresh, migrated database for one test file. */
export async function abrirBasePrueba(observar?: ObservadorSql): Promise<BaseDatos> {
  const plantilla = inject('plantillaPostgres');
  const url = process.env.TEST_DATABASE_URL;
  if (plantilla && url) return abrirBaseNuevaPostgres(url, { prefijo: 'cronos_t', plantilla, observar });
  const volcado = readFileSync(inject('volcadoPglite'));
  return abrirPglite({ cargar: new Blob([volcado]), observar });
}

export const CONTRASENIA = 'Prueba.2026';
const rucPrueba = (n: number) => {
  const diez = `20${String(60000000 + n * 7919).slice(0, 8)}`;
  return `${diez}${digitoVerificadorRuc(diez)}`;
};
let hashCompartido: Promise<string> | undefined;

/** A controllable clock: tests move it to expire sessions. */
export function crearReloj(inicio = new Date('2026-11-20T14:00:00Z')) {
  let t = inicio.getTime();
  return {
    ahora: () => new Date(t),
    avanzar: (ms: number) => {
      t += ms;
    },
  };
}

export interface OpcionesEntorno {
  observar?: ObservadorSql;
  /** A database the test opened itself (a migration's test); by default a fresh copy of the migrated template. */
  base?: BaseDatos;
  env?: Record<string, string>;
}

/** The app on a fresh database, with factories. Nothing depends on the demo seed. */
export async function crearEntorno(opciones: OpcionesEntorno = {}) {
  const base = opciones.base ?? (await abrirBasePrueba(opciones.observar));
  const reloj = crearReloj();
  const config = cargarConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', LOGIN_RETARDO_MS: '0', ...opciones.env });
  const app = await construirApp({ config, base, ahora: reloj.ahora, logger: false });
  await app.ready();
  const db = base.db;
  let secuencia = 0;

  async function crearEmpresa(datos: Partial<typeof empresaUsuario.$inferInsert> = {}) {
    secuencia += 1;
    const [e] = await db
      .insert(empresaUsuario)
      .values({ ruc: rucPrueba(secuencia), razonSocial: `EMPRESA PRUEBA ${secuencia} S.A.C.`, ...datos })
      .returning();
    if (!e) throw new Error('empresa');
    await db.insert(almacen).values({ codigoEmpresaUsuario: e.codigoEmpresaUsuario, nombre: 'Almacén principal' });
    return e;
  }

  /** A user with the default tree of its role (or the modules given). */
  async function crearUsuario(
    codigoRol: number,
    codigoEmpresaUsuario: number,
    datos: Partial<typeof usuario.$inferInsert> & { permisos?: (typeof PERMISOS_POR_ROL)[number] } = {},
  ) {
    secuencia += 1;
    hashCompartido ??= hashContrasenia(CONTRASENIA);
    const { permisos, ...resto } = datos;
    const [u] = await db
      .insert(usuario)
      .values({
        nombreUsuario: `u${secuencia}_${codigoRol}`,
        contraseniaHash: await hashCompartido,
        nombre: 'PRUEBA',
        apellidoPaterno: 'USUARIO',
        codigoRol,
        nivelUsuario: codigoRol,
        codigoEmpresaUsuario,
        ...resto,
      })
      .returning();
    if (!u) throw new Error('usuario');
    const nodos = new Map((await db.select().from(permiso)).map((n) => [n.modulo, n.codigoPermiso]));
    const filas = Object.entries(permisos ?? PERMISOS_POR_ROL[codigoRol] ?? {}).flatMap(([m, p]) => {
      const codigoPermiso = nodos.get(m);
      return codigoPermiso ? [{ codigoUsuario: u.codigoUsuario, codigoPermiso, ...p }] : [];
    });
    if (filas.length) await db.insert(permisoUsuario).values(filas);
    return u;
  }

  async function login(nombreUsuario: string, contrasenia = CONTRASENIA) {
    const r = await app.inject({ method: 'POST', url: '/api/Account/Login', payload: { nombreUsuario, contrasenia } });
    if (r.statusCode !== 200) throw new Error(`login ${nombreUsuario}: ${r.statusCode} ${r.body}`);
    return r.json().data.token as string;
  }

  /** A user already signed in: returns the user and an inject helper carrying its token. */
  async function sesion(
    codigoRol: number,
    codigoEmpresaUsuario: number,
    datos: Parameters<typeof crearUsuario>[2] = {},
  ) {
    const u = await crearUsuario(codigoRol, codigoEmpresaUsuario, datos);
    const token = await login(u.nombreUsuario);
    const pedir = (metodo: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
      app.inject({
        method: metodo,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    return {
      usuario: u,
      token,
      get: (url: string) => pedir('GET', url),
      post: (url: string, p?: unknown) => pedir('POST', url, p ?? {}),
    };
  }

  const contarAuditoria = async () => (await db.select().from(logSistema)).length;
  const auditoriaDe = async (codigoUsuario: number) =>
    db.select().from(logSistema).where(eq(logSistema.codigoUsuario, codigoUsuario));

  return {
    app,
    rutasRegistradas: app.rutasRegistradas,
    base,
    db,
    reloj,
    crearEmpresa,
    crearUsuario,
    login,
    sesion,
    contarAuditoria,
    auditoriaDe,
    cerrar: async () => {
      await app.close();
      await base.cerrar();
    },
  };
}
export type Entorno = Awaited<ReturnType<typeof crearEntorno>>;
