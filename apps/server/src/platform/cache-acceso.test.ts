import { randomBytes } from 'node:crypto';
import { digitoVerificadorRuc, PERMISOS_POR_ROL } from '@cronos/contract';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno } from '../../test/entorno';
import { construirApp } from '../app';
import { cargarConfig } from '../config';
import { abrirPostgres, type BaseDatos } from '../db/client';
import { migrar } from '../db/migrar';
import { configuracionTipoControlDetalle, empresaUsuario, permiso, permisoUsuario, usuario } from '../db/schema';
import { sembrarReferencia } from '../db/seed/referencia';
import { hashContrasenia } from './contrasenias';

/**
 * Sessions and permissions are cached in each API instance; every revoking action must still take effect on
 * every instance at once. Two instances (each with its own pool and its own LISTEN connection) on one PostgreSQL
 * database, as in production behind a load balancer: a token used on B is cached there, then the change is made on
 * A (through its API, or directly in the database) and B must refuse the token within a second — the cache's own
 * expiry is a minute, so only the database's announcement can explain it.
 */
const URL_PG = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CONTRASENIA = 'Prueba.2026';
const nombreBase = `cronos_acc_${randomBytes(5).toString('hex')}`;
const admin = new pg.Client({ connectionString: URL_PG });
const bases: BaseDatos[] = [];
const apps: Awaited<ReturnType<typeof construirApp>>[] = [];
let empresa = 0;

beforeAll(async () => {
  await admin.connect();
  await admin.query(`create database ${nombreBase}`);
  const u = new URL(URL_PG);
  u.pathname = `/${nombreBase}`;
  const config = cargarConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', LOGIN_RETARDO_MS: '0' });
  for (const i of [0, 1]) {
    const base = abrirPostgres(u.toString(), { max: 5 });
    bases.push(base);
    if (i === 0) {
      await migrar(base);
      await base.db.transaction((tx) => sembrarReferencia(tx));
    }
    const app = await construirApp({ config, base, logger: false });
    await app.ready();
    apps.push(app);
  }
  const [e] = await db()
    .insert(empresaUsuario)
    .values({ ruc: `2060000901${digitoVerificadorRuc('2060000901')}`, razonSocial: 'EMPRESA CACHE S.A.C.' })
    .returning();
  empresa = e?.codigoEmpresaUsuario ?? 0;
});

afterAll(async () => {
  for (const app of apps) await app.close();
  for (const b of bases) await b.cerrar();
  await admin.query(`drop database if exists ${nombreBase} with (force)`);
  await admin.end();
});

const db = () => {
  const d = bases[0]?.db;
  if (!d) throw new Error('base');
  return d;
};
const app = (i: 0 | 1) => {
  const a = apps[i];
  if (!a) throw new Error('app');
  return a;
};

let n = 0;
let hash: Promise<string> | undefined;
/** A user of a role with its role's permission tree, signed in on instance A. */
async function usuarioConSesion(codigoRol: number) {
  n += 1;
  hash ??= hashContrasenia(CONTRASENIA);
  const [u] = await db()
    .insert(usuario)
    .values({
      nombreUsuario: `cache_${n}`,
      contraseniaHash: await hash,
      nombre: 'PRUEBA',
      codigoRol,
      nivelUsuario: codigoRol,
      codigoEmpresaUsuario: empresa,
    })
    .returning();
  if (!u) throw new Error('usuario');
  const nodos = new Map((await db().select().from(permiso)).map((p) => [p.modulo, p.codigoPermiso]));
  const filas = Object.entries(PERMISOS_POR_ROL[codigoRol] ?? {}).flatMap(([m, p]) => {
    const codigoPermiso = nodos.get(m);
    return codigoPermiso ? [{ codigoUsuario: u.codigoUsuario, codigoPermiso, ...p }] : [];
  });
  if (filas.length) await db().insert(permisoUsuario).values(filas);
  const r = await app(0).inject({
    method: 'POST',
    url: '/api/Account/Login',
    payload: { nombreUsuario: u.nombreUsuario, contrasenia: CONTRASENIA },
  });
  expect(r.statusCode, r.body).toBe(200);
  const token = r.json().data.token as string;
  const llamar = (i: 0 | 1, method: 'GET' | 'POST', url: string, payload?: object) =>
    app(i).inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
  return { usuario: u, token, llamar };
}

/** Repeats `leer` until `cumple` holds for what it gives; fails if that takes more than a second. */
async function hastaQue<T>(leer: () => Promise<T>, cumple: (v: T) => boolean, describir: (v: T) => string) {
  const limite = Date.now() + 1_000;
  for (;;) {
    const v = await leer();
    if (cumple(v)) return;
    if (Date.now() > limite) throw new Error(`${describir(v)} después de un segundo`);
    await new Promise((ok) => setTimeout(ok, 20));
  }
}

/** Repeats the call on B until it answers `estado`. */
const enBHasta = (llamada: () => Promise<{ statusCode: number }>, estado: number) =>
  hastaQue(
    llamada,
    (r) => r.statusCode === estado,
    (r) => `B siguió respondiendo ${r.statusCode}`,
  );

const PARAMETRO = '/api/Parametro/ConsultaParametro?CodigoParametro=3';

describe('access cache on two instances', () => {
  it('a logout on A ends the session on B', async () => {
    const u = await usuarioConSesion(8);
    expect((await u.llamar(1, 'GET', PARAMETRO)).statusCode).toBe(200);
    expect((await u.llamar(0, 'POST', '/api/Account/Logout')).statusCode).toBe(200);
    await enBHasta(() => u.llamar(1, 'GET', PARAMETRO), 401);
  });

  it("an administrator disabling a user on A ends the user's session on B", async () => {
    const jefe = await usuarioConSesion(2);
    const u = await usuarioConSesion(8);
    expect((await u.llamar(1, 'GET', PARAMETRO)).statusCode).toBe(200);
    const r = await jefe.llamar(0, 'POST', '/api/Account/CambiarEstadoAnulado', {
      codigoUsuario: u.usuario.codigoUsuario,
      estado: 1,
    });
    expect(r.statusCode, r.body).toBe(200);
    await enBHasta(() => u.llamar(1, 'GET', PARAMETRO), 401);
  });

  it("an administrator's password reset on A ends the sessions on B", async () => {
    const jefe = await usuarioConSesion(2);
    const u = await usuarioConSesion(8);
    expect((await u.llamar(1, 'GET', PARAMETRO)).statusCode).toBe(200);
    const r = await jefe.llamar(0, 'POST', '/api/Account/ActualizaContrasenia', {
      codigoUsuario: u.usuario.codigoUsuario,
      contrasenia: 'Reset.2027',
      checkPass: 'Reset.2027',
    });
    expect(r.statusCode, r.body).toBe(200);
    await enBHasta(() => u.llamar(1, 'GET', PARAMETRO), 401);
  });

  it('a permission removed in the database reaches B: the screen it served is refused', async () => {
    const u = await usuarioConSesion(8);
    const listaCatalogo = '/api/CatalogoUsuario/ListarDatos';
    expect((await u.llamar(1, 'GET', listaCatalogo)).statusCode).toBe(200);
    const [nodo] = await db().select().from(permiso).where(eq(permiso.modulo, 'administration/products'));
    await db()
      .update(permisoUsuario)
      .set({ permiteListar: false })
      .where(
        and(
          eq(permisoUsuario.codigoUsuario, u.usuario.codigoUsuario),
          eq(permisoUsuario.codigoPermiso, nodo?.codigoPermiso ?? 0),
        ),
      );
    await enBHasta(() => u.llamar(1, 'GET', listaCatalogo), 403);
    // The rest of its tree still works.
    expect((await u.llamar(1, 'GET', PARAMETRO)).statusCode).toBe(200);
  });
});

describe('checklists kept on two instances', () => {
  const LISTA =
    '/api/ControlSeguridad/ConsultaConfiguracionTipoControlDetalle?CodigoTipoControl=6&CodigoTipoIngreso=PE';
  const descripciones = async (u: Awaited<ReturnType<typeof usuarioConSesion>>, i: 0 | 1) => {
    const r = await u.llamar(i, 'GET', LISTA);
    expect(r.statusCode, r.body).toBe(200);
    return (r.json().data as { descripcion: string }[]).map((x) => x.descripcion);
  };
  /** Repeats the read on instance `i` until `cumple` holds; fails if that takes more than a second. */
  const hasta = (u: Awaited<ReturnType<typeof usuarioConSesion>>, i: 0 | 1, cumple: (d: string[]) => boolean) =>
    hastaQue(
      () => descripciones(u, i),
      cumple,
      (d) => `la instancia ${i} siguió mostrando ${JSON.stringify(d)}`,
    );

  it('an item added, renamed in the database and disabled on A is what B shows within a second', async () => {
    const jefe = await usuarioConSesion(1);
    const garita = await usuarioConSesion(3);
    const antes = await descripciones(garita, 1);
    expect(await descripciones(garita, 1)).toEqual(antes);

    const r = await jefe.llamar(0, 'POST', '/api/Ajustes/GuardarItemControl', {
      data: { codigoTipoControl: 6, codigoTipoIngreso: 'PE', codigoTipoCarga: 0, descripcion: 'Revisar mochila' },
    });
    expect(r.statusCode, r.body).toBe(200);
    const codigo = r.json().data.codigoDetalleTipoControl as number;
    // A, which made the change, shows it at once; B once the database's announcement arrives.
    expect(await descripciones(garita, 0)).toContain('Revisar mochila');
    await hasta(garita, 1, (d) => d.includes('Revisar mochila'));

    // A change made straight in the database (no request of either instance) reaches both.
    await db()
      .update(configuracionTipoControlDetalle)
      .set({ descripcion: 'Revisar bolsos y mochilas' })
      .where(eq(configuracionTipoControlDetalle.codigoDetalleTipoControl, codigo));
    await hasta(garita, 0, (d) => d.includes('Revisar bolsos y mochilas'));
    await hasta(garita, 1, (d) => d.includes('Revisar bolsos y mochilas'));

    const d = await jefe.llamar(0, 'POST', '/api/Ajustes/EstadoItemControl', {
      data: { codigoDetalleTipoControl: codigo, activo: false },
    });
    expect(d.statusCode, d.body).toBe(200);
    expect(await descripciones(garita, 0)).toEqual(antes);
    await hasta(garita, 1, (x) => !x.includes('Revisar bolsos y mochilas'));
    expect(await descripciones(garita, 1)).toEqual(antes);
  });
});

describe('one round trip per request', () => {
  it('a signed-in request reads neither its session nor its permissions again while they are cached', async () => {
    const consultas: string[] = [];
    const e = await crearEntorno({ observar: (q) => consultas.push(q) });
    try {
      const s = await e.sesion(8, (await e.crearEmpresa()).codigoEmpresaUsuario);
      await s.get(PARAMETRO);
      consultas.length = 0;
      expect((await s.get(PARAMETRO)).statusCode).toBe(200);
      expect(consultas.filter((q) => /"sesion"|"permiso_usuario"/.test(q))).toEqual([]);
      expect(consultas.length).toBeGreaterThan(0);
    } finally {
      await e.cerrar();
    }
  });

  it("a stage screen's checklist is read from the database once, then kept", async () => {
    const consultas: string[] = [];
    const e = await crearEntorno({ observar: (q) => consultas.push(q) });
    try {
      const s = await e.sesion(3, (await e.crearEmpresa()).codigoEmpresaUsuario);
      const lista =
        '/api/ControlSeguridad/ConsultaConfiguracionTipoControlDetalle?CodigoTipoControl=6&CodigoTipoIngreso=VH';
      const primera = await s.get(lista);
      expect(primera.statusCode).toBe(200);
      expect(consultas.filter((q) => q.includes('"configuracion_tipo_control_detalle"')).length).toBe(1);
      consultas.length = 0;
      const segunda = await s.get(lista);
      expect(segunda.json().data).toEqual(primera.json().data);
      expect(consultas).toEqual([]);
    } finally {
      await e.cerrar();
    }
  });
});
