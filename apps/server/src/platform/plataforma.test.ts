import { MENSAJES } from '@cronos/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirBasePrueba, CONTRASENIA, crearEntorno, type Entorno } from '../../test/entorno';
import { cargarConfig } from '../config';
import { arancel, empresaUsuario, logSistema, parametroSeccion, permisoUsuario, usuario } from '../db/schema';
import { prepararDatos } from '../db/seed';

const consultas: { sql: string; parametros: unknown[] }[] = [];
let e: Entorno;
beforeAll(async () => {
  e = await crearEntorno({ observar: (sql, parametros) => consultas.push({ sql, parametros }) });
});
afterAll(() => e.cerrar());

describe('audit', () => {
  it('every mutation writes exactly one audit row, and a failed one writes none', async () => {
    const s = await e.sesion(8, 1);
    const filas = async () => (await e.auditoriaDe(s.usuario.codigoUsuario)).map((f) => f.tipo);
    expect(await filas()).toEqual(['INICIO_SESION']);

    expect((await s.post('/api/General/GuardarLogSys', { detalle: 'Descarga de plantilla' })).statusCode).toBe(200);
    expect((await s.post('/api/General/GuardarLogSys', { detalle: '' })).statusCode).toBe(422);
    expect(await filas()).toEqual(['INICIO_SESION', 'LOG_CLIENTE']);

    expect(
      (await s.post('/api/Account/ActualizaContrasenia', { contrasenia: 'Nueva.2027', checkPass: 'x' })).statusCode,
    ).toBe(422);
    expect(
      (
        await s.post('/api/Account/ActualizaContrasenia', {
          contraseniaActual: CONTRASENIA,
          contrasenia: 'Nueva.2027',
          checkPass: 'Nueva.2027',
        })
      ).statusCode,
    ).toBe(200);
    expect((await s.post('/api/Account/Logout')).statusCode).toBe(200);
    expect((await s.post('/api/Account/Logout')).statusCode).toBe(401);
    const todas = await e.auditoriaDe(s.usuario.codigoUsuario);
    expect(todas.map((f) => f.tipo)).toEqual(['INICIO_SESION', 'LOG_CLIENTE', 'CAMBIO_CONTRASENIA', 'CIERRE_SESION']);
    expect(todas.every((f) => f.idSolicitud && f.codigoEmpresaUsuario === 1)).toBe(true);
    expect(JSON.stringify(todas)).not.toContain('Nueva.2027');
  });

  it('the acting user of a client log entry comes from the session, not the body', async () => {
    const s = await e.sesion(8, 1);
    await s.post('/api/General/GuardarLogSys', { detalle: 'suplantación', codigoUsuario: 1 });
    const propias = await e.auditoriaDe(s.usuario.codigoUsuario);
    expect(propias.map((f) => f.detalle)).toContain('suplantación');
  });
});

describe('paged lists', () => {
  it('Columna must be an allowlisted key: SQL text gets 400 and never reaches the database', async () => {
    const s = await e.sesion(1, 1);
    consultas.length = 0;
    const r = await s.get('/api/Arancel/ListarDatos?Columna=1;DROP%20TABLE%20x&Valor=a');
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(MENSAJES.columnaNoPermitida);
    const ok = await s.get("/api/Arancel/ListarDatos?Columna=descripcion&Valor=tel%C3%A9fonos'%20OR%201=1--");
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toEqual([]);
    const textos = consultas.map((c) => c.sql).join('\n');
    expect(textos).not.toMatch(/DROP TABLE/i);
    expect(textos).not.toContain('OR 1=1');
    expect(consultas.some((c) => c.parametros.some((p) => String(p).includes('OR 1=1')))).toBe(true);
  });

  it('answers data with meta and keeps the limit within bounds', async () => {
    const s = await e.sesion(1, 1);
    const r = await s.get('/api/Arancel/ListarDatos?PageNumber=2&limit=5&Columna=numeroPartida&Valor=85');
    expect(r.statusCode).toBe(200);
    const { data, meta } = r.json();
    expect(meta.current_page).toBe(2);
    expect(meta.per_page).toBe(5);
    expect(meta.total).toBeGreaterThan(5);
    expect(data).toHaveLength(Math.min(5, meta.total - 5));
    expect(data.every((x: { numeroPartida: string }) => x.numeroPartida.includes('85'))).toBe(true);
    expect((await s.get('/api/Arancel/ListarDatos?limit=1000')).statusCode).toBe(422);
    expect((await s.get('/api/Arancel/ListarDatos?PageNumber=0')).statusCode).toBe(422);
    const like = await s.get('/api/Arancel/ListarDatos?Columna=descripcion&Valor=%25');
    expect(like.json().data).toEqual([]);
  });

  it('sorts the whole list on the server: pages of a repeated description follow each other, each row once', async () => {
    const s = await e.sesion(1, 1);
    // The nomenclature repeats descriptions ('- - Los demás'): five alike and one that sorts first.
    const descripciones = ['ORDEN PRUEBA - LOS DEMÁS', 'ORDEN PRUEBA - LOS DEMÁS', 'ORDEN PRUEBA - ACEITES'];
    const filas = ['9901', '9902', '9903', '9904', '9905', '9906'].map((p, i) => ({
      numeroPartida: `${p}000000`,
      descripcion: descripciones[i === 3 ? 2 : 0] as string,
    }));
    await e.db.insert(arancel).values(filas);
    const partidas = async (pagina: number, orden: string) =>
      (
        await s.get(
          `/api/Arancel/ListarDatos?Columna=descripcion&Valor=ORDEN%20PRUEBA&limit=2&PageNumber=${pagina}&OrdenarPor=descripcion&Orden=${orden}`,
        )
      ).json().data as { numeroPartida: string }[];
    const todas = async (orden: string) =>
      [...(await partidas(1, orden)), ...(await partidas(2, orden)), ...(await partidas(3, orden))].map(
        (f) => f.numeroPartida,
      );
    // Ascending: ACEITES first, then the five alike in the order they were saved (their id), across three pages.
    expect(await todas('asc')).toEqual([
      '9904000000',
      '9901000000',
      '9902000000',
      '9903000000',
      '9905000000',
      '9906000000',
    ]);
    expect(await todas('desc')).toEqual([
      '9906000000',
      '9905000000',
      '9903000000',
      '9902000000',
      '9901000000',
      '9904000000',
    ]);
    const mala = await s.get('/api/Arancel/ListarDatos?OrdenarPor=actividadPermitida');
    expect(mala.statusCode).toBe(422);
    expect(mala.json().errors.OrdenarPor).toEqual([MENSAJES.ordenNoPermitido]);
  });
});

describe('errors and health', () => {
  it('unknown API paths are a 404 in the envelope; paths match whatever the case', async () => {
    const r = await e.app.inject({ url: '/api/NoExiste/Nada' });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toEqual({ success: false, message: MENSAJES.noExiste, data: null });
    const s = await e.sesion(8, 1);
    expect((await s.get('/api/parametro/consultaparametro?CodigoParametro=27')).statusCode).toBe(200);
  });

  it('a malformed JSON body is a 400 without internals', async () => {
    const r = await e.app.inject({
      method: 'POST',
      url: '/api/Account/Login',
      headers: { 'content-type': 'application/json' },
      payload: '{"nombreUsuario":',
    });
    expect(r.statusCode).toBe(400);
    expect(r.body).not.toMatch(/at |stack|select|sesion/i);
  });

  it('health answers live and ready with the database kind', async () => {
    expect((await e.app.inject({ url: '/api/health/live' })).json()).toEqual({ status: 'ok' });
    const listo = (await e.app.inject({ url: '/api/health/ready' })).json();
    expect(listo.status).toBe('ok');
    expect(['pglite', 'postgres']).toContain(listo.database);
  });

  it('serves the OpenAPI document built from the same schemas', async () => {
    const r = await e.app.inject({ url: '/api/docs/json' });
    expect(r.statusCode).toBe(200);
    const doc = r.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/Account/Login', '/api/Parametro/ConsultaParametro']),
    );
    expect(doc.paths['/api/Account/Login'].post.requestBody).toBeDefined();
  });
});

describe('configuration', () => {
  it('fails fast with a readable list of bad values', () => {
    expect(() => cargarConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrow(/PORT[\s\S]*DATABASE_URL/);
  });
  it('seeds demo data by default only on the embedded database', () => {
    expect(cargarConfig({}).SEED_DEMO).toBe('si-vacia');
    expect(cargarConfig({ SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    expect(cargarConfig({}).PGLITE_SHARED_BUFFERS).toBe('16MB');
    expect(cargarConfig({}).PGLITE_COMPILADOR).toBe('liftoff');
    expect(() => cargarConfig({ PGLITE_COMPILADOR: 'rapido' })).toThrow(/PGLITE_COMPILADOR/);
    expect(() => cargarConfig({ PGLITE_SHARED_BUFFERS: '32' })).toThrow(/PGLITE_SHARED_BUFFERS: un tamaño como 32MB/);
    expect(cargarConfig({ DATABASE_URL: 'postgres://u@h/db' }).SEED_DEMO).toBe(false);
    expect(cargarConfig({ DATABASE_URL: 'postgres://u@h/db', SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
  });
});

describe('seed', () => {
  it('a production start creates one SuperAdministrador with a one-time password, once', async () => {
    const base = await abrirBasePrueba();
    try {
      const avisos: string[] = [];
      await prepararDatos(base.db, { demo: false, avisar: (m) => avisos.push(m) });
      await prepararDatos(base.db, { demo: false, avisar: (m) => avisos.push(m) });
      // Progress lines come with every step; the one-time password is said once, on the first start only.
      const conClave = avisos.filter((m) => m.includes('Contraseña de un solo uso'));
      expect(conClave).toHaveLength(1);
      expect(avisos.filter((m) => m.startsWith('Preparando datos 1/1'))).toHaveLength(2);
      const clave = conClave[0]?.match(/Contraseña de un solo uso: (\S+)/)?.[1];
      expect(clave).toBeTruthy();
      const usuarios = await base.db.select().from(usuario);
      expect(usuarios.map((u) => [u.nombreUsuario, u.codigoRol, u.debeCambiarContrasenia])).toEqual([
        ['superadmin', 1, true],
      ]);
      expect(usuarios[0]?.contraseniaHash.startsWith('$argon2id$')).toBe(true);
    } finally {
      await base.cerrar();
    }
  });

  it('the demo seed is idempotent and gives every user a permission tree', async () => {
    const base = await abrirBasePrueba();
    try {
      const contar = async () => ({
        empresas: (await base.db.select({ n: count() }).from(empresaUsuario))[0]?.n,
        usuarios: (await base.db.select({ n: count() }).from(usuario))[0]?.n,
        permisos: (await base.db.select({ n: count() }).from(permisoUsuario))[0]?.n,
        valores: (await base.db.select({ n: count() }).from(parametroSeccion))[0]?.n,
        log: (await base.db.select({ n: count() }).from(logSistema))[0]?.n,
      });
      await prepararDatos(base.db, { demo: true });
      const primera = await contar();
      await prepararDatos(base.db, { demo: true });
      expect(await contar()).toEqual(primera);
      expect(primera.empresas).toBeGreaterThanOrEqual(6);
      expect(primera.usuarios).toBeGreaterThanOrEqual(8);
    } finally {
      await base.cerrar();
    }
  });

  it('the default start adds demo data to a new database only, never to one that already has companies', async () => {
    const base = await abrirBasePrueba();
    try {
      const empresas = async () => (await base.db.select({ n: count() }).from(empresaUsuario))[0]?.n;
      await prepararDatos(base.db, { demo: false });
      await base.db.insert(empresaUsuario).values({
        codigoEmpresaUsuario: 90,
        ruc: '20100070970',
        razonSocial: 'EMPRESA EXISTENTE S.A.C.',
        codigoTipoActividad: '1',
        usuarioRegistro: 'prueba',
      });
      const antes = await empresas();
      const avisos: string[] = [];
      await prepararDatos(base.db, { demo: 'si-vacia', avisar: (m) => avisos.push(m) });
      expect(await empresas()).toBe(antes);
      expect(avisos).toContain(
        'Base de datos existente: no se agregan datos de demostración (SEED_DEMO=true los agrega).',
      );

      const nueva = await abrirBasePrueba();
      try {
        await prepararDatos(nueva.db, { demo: 'si-vacia' });
        expect((await nueva.db.select({ n: count() }).from(empresaUsuario))[0]?.n).toBeGreaterThanOrEqual(6);
      } finally {
        await nueva.cerrar();
      }
    } finally {
      await base.cerrar();
    }
  });
});
