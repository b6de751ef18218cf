import { construirApp } from './app';
import { cargarConfig } from './config';
import { abrirPglite, abrirPostgres, type BaseDatos } from './db/client';
import { migrar } from './db/migrar';
import { prepararDatos } from './db/seed';
import { usuariosConContraseniaDemo } from './db/seed/contrasenia-demo';
import { decidirInterfaz, esLocal, type Interfaz } from './interfaz';
import { llenarFilasMantenidas } from './modules/reporte/filas-mantenidas-llenado.repository';

const segundosDesde = (inicio: number) => ((performance.now() - inicio) / 1000).toFixed(1);

/**
 * The only file that reads the environment and listens. Until it listens it says on the console what it is
 * doing and how long each step took (a first start creates the embedded database and seeds it).
 */
async function principal() {
  const config = cargarConfig();
  let base: BaseDatos | undefined;
  let interfaz: Interfaz = { host: config.HOST || '0.0.0.0', aviso: null };
  const app = await (async () => {
    let inicio = performance.now();
    console.log(
      config.DATABASE_URL ? 'Conectando con PostgreSQL…' : `Abriendo la base de datos embebida en ${config.dataDir}…`,
    );
    base = config.DATABASE_URL
      ? abrirPostgres(config.DATABASE_URL, {
          max: config.PG_POOL_MAX,
          alError: (e) =>
            console.error(JSON.stringify({ level: 'error', msg: 'error del pool de PostgreSQL', err: e.message })),
        })
      : await abrirPglite({
          dataDir: config.dataDir,
          bufferes: config.PGLITE_SHARED_BUFFERS,
          compilador: config.PGLITE_COMPILADOR,
        });
    console.log(`  lista en ${segundosDesde(inicio)} s\nAplicando migraciones…`);
    inicio = performance.now();
    const definiciones = await migrar(base);
    console.log(`  aplicadas en ${segundosDesde(inicio)} s`);
    if (definiciones.length) console.log(`  definiciones SQL aplicadas: ${definiciones.join(', ')}`);
    await prepararDatos(base.db, { demo: config.SEED_DEMO, avisar: (m) => console.log(m) });
    interfaz = decidirInterfaz(config.HOST, await usuariosConContraseniaDemo(base.db));
    return construirApp({ config, base });
  })();

  let cerrando = false;
  const cerrar = async (senal: string) => {
    if (cerrando) return;
    cerrando = true;
    app.log.info({ senal }, 'cerrando: se terminan las solicitudes en curso');
    const limite = setTimeout(() => {
      app.log.error('cierre forzado tras 15 s');
      process.exit(1);
    }, 15_000);
    limite.unref();
    try {
      await app.close();
      await base?.cerrar();
      process.exit(0);
    } catch (e) {
      app.log.error({ err: e }, 'error al cerrar');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void cerrar('SIGINT'));
  process.on('SIGTERM', () => void cerrar('SIGTERM'));

  if (interfaz.aviso) app.log.warn(interfaz.aviso);
  await app.listen({ port: config.PORT, host: interfaz.host });
  // Orders saved before op1's rows were kept (an upgraded database) get theirs in the background; the export renders
  // them itself until every order has one.
  if (base) {
    const inicio = performance.now();
    llenarFilasMantenidas(base.db, { lote: base.tipo === 'pglite' ? 1000 : undefined, detener: () => cerrando })
      .then((n) => {
        if (n) app.log.info({ ordenes: n, s: Number(segundosDesde(inicio)) }, 'filas del reporte op1 completadas');
      })
      .catch((e) => app.log.error({ err: e }, 'error al completar las filas del reporte op1'));
  }
  const direccion = app.server.address();
  const puerto = typeof direccion === 'object' && direccion ? direccion.port : config.PORT;
  const nombre = interfaz.host === '0.0.0.0' || interfaz.host === '::' ? 'localhost' : interfaz.host;
  app.log.info(
    `Cronos escuchando en http://${nombre.includes(':') ? `[${nombre}]` : nombre}:${puerto}${
      esLocal(interfaz.host) ? ' (solo este equipo)' : nombre === 'localhost' ? ' (todas las interfaces)' : ''
    } (base de datos: ${base?.tipo})`,
  );
}

principal().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
