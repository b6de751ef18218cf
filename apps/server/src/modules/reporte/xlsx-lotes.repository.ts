import type { TipoReporte } from '@cronos/contract';
import { type SQL, sql } from 'drizzle-orm';
import { AperturaLineas, type LineasAbiertas } from './apertura-lineas';
import type { Libro } from './excel';
import type { FilaBd, FiltroSql } from './reporte.repository';
import { textosCompartidos } from './textos-compartidos.repository';
import { consultasXml, type LimiteLote, MANTENIDAS } from './xlsx-sql.repository';

/** A report written batch after batch from the database's rendering (xlsx-sql.repository.ts), on the export's connections. */

/**
 * Movements (op6: lots) per batch, so that a batch is about 5 000 sheet rows (5 MB of XML) whatever the report: the
 * reports of product lines have five lines per order on average, op3 one or two declarations. A batch of 5 000
 * orders of op5 (25 000 rows) held 25 MB twice over while it was handed to the writer.
 */
const TAMANIO_LOTE: Record<TipoReporte, number> = { op1: 5000, op2: 1000, op3: 2500, op4: 1000, op5: 1000, op6: 5000 };

/** A connection of the export: its plain statements, and its batches as sheet rows (one buffer per row). */
export interface ConexionXml {
  filas(q: SQL): Promise<FilaBd[]>;
  /** The rows of a statement of one text column, a buffer each. */
  xml(q: SQL): Promise<Buffer[]>;
  /**
   * The same statement's binary COPY, each chunk handed to `recibir` as it arrives (a PostgreSQL server): the kept
   * lines are opened straight from them (AperturaLineas.empezarCopia), with no buffer per order and no chunk kept.
   */
  copia?(q: SQL, recibir: (trozo: Buffer, desde: number, hasta: number) => void): Promise<void>;
}

const limiteDe = (r: FilaBd): LimiteLote => ({
  fecha: r.fecha === undefined ? undefined : String(r.fecha),
  id: r.id === undefined ? undefined : Number(r.id),
  hijo: r.hijo === undefined || r.hijo === null ? undefined : Number(r.hijo),
  empresa: r.empresa === undefined ? undefined : Number(r.empresa),
  descripcion: r.descripcion === undefined ? undefined : String(r.descripcion),
  producto: r.producto === undefined ? undefined : Number(r.producto),
  lote: r.lote === undefined ? undefined : Number(r.lote),
  antes: Number(r.antes),
  cantidad: Number(r.cantidad),
  total: r.total === undefined ? undefined : Number(r.total),
});

/**
 * Writes a whole report into the workbook from the database's rendering: the batch limits first, then the batches,
 * up to one per connection at a time (connection i takes batches i, i + n, …), handed to the writer in order;
 * a batch starts only when the one before it on its connection was written, so at most one batch per connection
 * is held (a few MB) however long the report. Stops when the client has gone. Returns the rows written.
 */
export async function escribirDesdeBd(
  conexiones: ConexionXml[],
  f: FiltroSql,
  libro: Libro,
  { tamanio = TAMANIO_LOTE[f.tipo] }: { tamanio?: number } = {},
) {
  const primera = conexiones[0];
  if (!primera) throw new Error('sin conexión para exportar');
  // A kept report reads its kept rows once every order has them (in the export's snapshot); until then it renders them.
  const estado = MANTENIDAS[f.tipo]?.estado;
  const mantenidas =
    estado !== undefined &&
    (await primera.filas(sql`select completo from reporte_mantenido where nombre = ${estado}`))[0]?.completo === true;
  const consultas = consultasXml(f, { tamanio, filasPorHoja: libro.filasPorHoja, mantenidas });
  // The kept reports count their rows (and op1 its orders) on the second connection while the first numbers the keys.
  const [filasLimites, [totales]] = await Promise.all([
    primera.filas(consultas.limites),
    consultas.totales ? (conexiones[1] ?? primera).filas(consultas.totales) : Promise.resolve([undefined]),
  ]);
  const limites = filasLimites.map(limiteDe);
  const total = totales?.total === undefined ? undefined : Number(totales.total);
  const guardadas = totales?.guardadas === undefined ? total : Number(totales.guardadas);
  if (totales?.ordenes !== undefined && Number(totales.ordenes) !== guardadas)
    throw new Error(`filas mantenidas de ${f.tipo}: ${guardadas} de ${totales.ordenes} órdenes`);
  /**
   * A kept report's batch i has as many rows as keys between its start and the next one's (the last: up to the
   * report's length): a missing kept row stops the export.
   */
  const esperadas = (i: number) => {
    const l = limites[i] as LimiteLote;
    const fin = limites[i + 1]?.antes ?? l.total ?? total;
    return fin === undefined ? null : fin - l.antes;
  };
  let escrito = 0;
  // Kept lines are opened as they arrive, by an opener of each connection (its buffer is free again once its batch
  // was written, which is when the connection is given its next batch).
  const aperturas = consultas.lineas ? conexiones.map(() => new AperturaLineas()) : null;
  const enCurso: Promise<{ filas: Buffer[] } | { lineas: LineasAbiertas & { ordenes: number } }>[] = [];
  let siguiente = 0;
  const pedir = () => {
    const i = siguiente++;
    const c = conexiones[i % conexiones.length] as ConexionXml;
    const q = consultas.lote(limites[i] as LimiteLote);
    const apertura = aperturas?.[i % conexiones.length];
    let p: (typeof enCurso)[number];
    if (apertura && c.copia) {
      const copia = apertura.empezarCopia((limites[i] as LimiteLote).antes, libro.filasPorHoja);
      p = c.copia(q, copia.trozo).then(() => ({ lineas: copia.terminar() }));
    } else p = c.xml(q).then((filas) => ({ filas }));
    // A batch still running when the export stops (the client left, an earlier batch failed) ends unobserved.
    p.catch(() => undefined);
    enCurso.push(p);
  };
  try {
    while (siguiente < limites.length && enCurso.length < conexiones.length) pedir();
    while (enCurso.length) {
      const recibido = await (enCurso.shift() as (typeof enCurso)[number]);
      if (libro.cancelado) return libro.filas;
      const i = escrito++;
      const n = esperadas(i);
      const apertura = aperturas?.[i % conexiones.length];
      if (apertura) {
        const lote =
          'lineas' in recibido
            ? recibido.lineas
            : apertura.abrir(recibido.filas, (limites[i] as LimiteLote).antes, libro.filasPorHoja);
        if (n !== null && lote.lineas !== n) throw new Error(`lote de ${lote.lineas} filas de ${n} (${f.tipo})`);
        await libro.agregarFilasContiguas(lote);
      } else {
        const filas = 'filas' in recibido ? recibido.filas : [];
        if (n !== null && filas.length !== n) throw new Error(`lote de ${filas.length} filas de ${n} (${f.tipo})`);
        await libro.agregarFilasXml(filas);
      }
      if (siguiente < limites.length) pedir();
    }
    // The kept lines' repeated texts are shared strings: their table, read in the same snapshot as the lines.
    if (consultas.lineas && !libro.cancelado)
      libro.compartir(await textosCompartidos((q) => primera.filas(q), f.empresa));
  } finally {
    await Promise.allSettled(enCurso);
  }
  return libro.filas;
}
