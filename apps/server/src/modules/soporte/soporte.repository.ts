import type { ConsultaPaginada } from '@cronos/contract';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { BaseDatos, DbOTx } from '../../db/client';
import { empresaUsuario, reporteProblema } from '../../db/schema';
import { desplazamiento } from '../../platform/paginacion';

export async function insertarReporte(tx: DbOTx, fila: typeof reporteProblema.$inferInsert) {
  const [r] = await tx
    .insert(reporteProblema)
    .values(fila)
    .returning({ codigoReporteProblema: reporteProblema.codigoReporteProblema });
  if (!r) throw new Error('reporte_problema');
  return r;
}

export async function listarReportes(db: DbOTx, q: ConsultaPaginada) {
  const [filas, [total]] = await Promise.all([
    db
      .select({
        codigoReporteProblema: reporteProblema.codigoReporteProblema,
        texto: reporteProblema.texto,
        pagina: reporteProblema.pagina,
        navegador: reporteProblema.navegador,
        nombreUsuario: reporteProblema.nombreUsuario,
        codigoEmpresaUsuario: reporteProblema.codigoEmpresaUsuario,
        razonSocial: empresaUsuario.razonSocial,
        fechaRegistro: reporteProblema.fechaRegistro,
      })
      .from(reporteProblema)
      .leftJoin(empresaUsuario, eq(empresaUsuario.codigoEmpresaUsuario, reporteProblema.codigoEmpresaUsuario))
      .orderBy(desc(reporteProblema.fechaRegistro), desc(reporteProblema.codigoReporteProblema))
      .limit(q.limit)
      .offset(desplazamiento(q)),
    db.select({ n: count() }).from(reporteProblema),
  ]);
  return { filas, total: total?.n ?? 0 };
}

/** The database answers a trivial statement. */
export async function sondearBase(db: DbOTx) {
  await db.execute(sql`select 1`);
}

const CANAL_PRUEBA = 'cronos_soporte_prueba';

/**
 * A LISTEN/NOTIFY round trip on a channel of its own: the mechanism the notification channel rides on
 * (modules/notificaciones/central.ts), without sending anything to the users' channel.
 */
export async function sondearNotificaciones(base: BaseDatos, limiteMs: number): Promise<void> {
  const marca = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  let avisar: () => void = () => {};
  const recibido = new Promise<void>((ok) => {
    avisar = ok;
  });
  const tiempo = new Promise<never>((_, mal) => setTimeout(() => mal(new Error('sin aviso')), limiteMs).unref());
  if (base.pglite) {
    const dejar = await base.pglite.listen(CANAL_PRUEBA, (carga) => {
      if (carga === marca) avisar();
    });
    try {
      await base.pglite.query('select pg_notify($1, $2)', [CANAL_PRUEBA, marca]);
      await Promise.race([recibido, tiempo]);
    } finally {
      await dejar();
    }
    return;
  }
  if (!base.pool) throw new Error('sin base');
  const cliente = await base.pool.connect();
  let roto = false;
  try {
    cliente.on('notification', (n) => {
      if (n.channel === CANAL_PRUEBA && n.payload === marca) avisar();
    });
    await cliente.query(`listen ${CANAL_PRUEBA}`);
    await cliente.query('select pg_notify($1, $2)', [CANAL_PRUEBA, marca]);
    await Promise.race([recibido, tiempo]);
    await cliente.query(`unlisten ${CANAL_PRUEBA}`);
  } catch (e) {
    roto = true;
    throw e;
  } finally {
    cliente.removeAllListeners('notification');
    cliente.release(roto);
  }
}
