import { OPERACIONES_TRASLADO, PARAMETRO, type TipoReporte } from '@cronos/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOTx } from '../../db/client';
import { empresaUsuario, parametroSeccion } from '../../db/schema';
import { LIMITE_CONTEO } from '../../platform/paginacion';

/**
 * The SQL of each report. Every value is a bound parameter; identifiers are fixed text. Movement reports are
 * ordered by (fecha_ingreso, codigo_movimiento[, line]) so that a page of the screen, the Excel file and the
 * PDF preview list the same rows in the same order, and the export can walk a year of data in batches by
 * keyset (constant memory). The stock report (op6) is in stock.repository.ts.
 */

/** The resolved filter (after tenancy and the date rule). */
export interface FiltroSql {
  tipo: TipoReporte;
  empresa: number | null;
  tipoOperacion: number | null;
  estado: number | null;
  /** Lima day bounds as instants: [desde, hasta). */
  desde: Date | null;
  hasta: Date | null;
}

export type FilaBd = Record<string, unknown>;

export const filasDe = (r: unknown) => (r as { rows: FilaBd[] }).rows;

const nombre = (alias: string, grupo: number, columna: string) =>
  sql.raw(
    `left join parametro_seccion ${alias} on ${alias}.codigo_parametro = ${grupo} and ${alias}.codigo = ${columna}::text`,
  );

/** Conditions on the movement (alias m) shared by op1–op5. */
export function condicionesMovimiento(f: FiltroSql): SQL {
  const c: SQL[] = [sql`m.estado_anulado = 0`];
  if (f.empresa !== null) c.push(sql`m.codigo_empresa_usuario = ${f.empresa}`);
  if (f.tipo === 'op5') c.push(sql`m.codigo_tipo_operacion in ${OPERACIONES_TRASLADO as number[]}`);
  else if (f.tipoOperacion) c.push(sql`m.codigo_tipo_operacion = ${f.tipoOperacion}`);
  if (f.tipo === 'op1' && f.estado) c.push(sql`m.codigo_estado_movimiento = ${f.estado}`);
  if (f.desde) c.push(sql`m.fecha_ingreso >= ${f.desde.toISOString()}::timestamptz`);
  if (f.hasta) c.push(sql`m.fecha_ingreso < ${f.hasta.toISOString()}::timestamptz`);
  return sql.join(c, sql` and `);
}

const EMPRESA = sql.raw('join empresa_usuario e on e.codigo_empresa_usuario = m.codigo_empresa_usuario');
const TIPO_OPERACION = nombre('top', PARAMETRO.tipoOperacion, 'm.codigo_tipo_operacion');
const ESTADO = nombre('est', PARAMETRO.estadoMovimiento, 'm.codigo_estado_movimiento');
const FECHA = sql.raw('extract(epoch from m.fecha_ingreso)::float8 as "tFecha"');

/**
 * The per-order document summary of op1: the first document's RUC and name that has them, document types,
 * document numbers, and the numbers of its customs declarations (DUA/DAM import or export, simplified
 * declaration: the documents of op3), which fill "Número de declaración" when the order has none of its own.
 */
/** The document columns the summary reads. */
export const COLUMNAS_DOCUMENTO_OP1 = ['ruc', 'razon_social', 'codigo_tipo_documento', 'numero_documento'];
const RESUMEN_DOCUMENTOS = `(array_agg(d.ruc order by d.codigo_movimiento_documento) filter (where nullif(d.ruc, '') is not null))[1] as ruc,
  (array_agg(d.razon_social order by d.codigo_movimiento_documento) filter (where nullif(d.razon_social, '') is not null))[1] as razon_social,
  string_agg(distinct coalesce(td.nombre, d.codigo_tipo_documento), ', ') as tipos,
  string_agg(d.numero_documento, ', ' order by d.codigo_movimiento_documento) as numeros,
  string_agg(d.numero_documento, ', ' order by d.codigo_movimiento_documento)
    filter (where d.codigo_tipo_documento in ('4', '5', '9')) as declaraciones
  from movimiento_documento d
  left join parametro_seccion td on td.codigo_parametro = ${PARAMETRO.tipoDocumentoMovimiento} and td.codigo = d.codigo_tipo_documento`;
/** The summary for one order at a time (a page of the screen). */
const DOC_POR_ORDEN = sql.raw(
  `left join lateral (select ${RESUMEN_DOCUMENTOS} where d.codigo_movimiento = m.codigo_movimiento) doc on true`,
);
/**
 * The summary for a whole export batch (CTE `b`) in one grouped statement: the same values as DOC_POR_ORDEN,
 * about half the statement's time on PostgreSQL (one aggregation instead of one per order).
 */
export const DOC_POR_LOTE = sql.raw(`doc as (select d.codigo_movimiento, ${RESUMEN_DOCUMENTOS}
  where d.codigo_movimiento in (select codigo_movimiento from b) group by d.codigo_movimiento)`);

/**
 * The two weighings (controls 2 and 4) and two verifications (3 and 5) of each order, one row each at most (unique
 * per order and stage), looked up through those unique indexes. Written as lateral lookups so that every
 * database plans them so: with plain joins the embedded database (PostgreSQL 17 in PGlite, whose cost estimates
 * differ) read the whole verification table twice per export batch and hashed it (~380 of 735 ms per batch of
 * 2 500 orders at 300 000 orders).
 */
const etapa = (alias: string, tabla: string, tipo: number, columnas: string) =>
  `left join lateral (select ${columnas} from ${tabla} x where x.codigo_movimiento = m.codigo_movimiento and x.codigo_tipo_control = ${tipo} limit 1) ${alias} on true`;
/** The weighing and verification columns op1 shows (the kept rows are renewed when one of them changes). */
export const COLUMNAS_CONTROL_OP1 = ['fecha_registro', 'peso', 'peso_carreta', 'peso_bruto', 'peso_tara', 'peso_neto'];
export const COLUMNAS_VERIFICACION_OP1 = ['numero_bultos_verificado'];
const deX = (columnas: string[]) => columnas.map((c) => `x.${c}`).join(', ');
const CONTROLES_OP1 = sql.raw(
  [
    etapa('c2', 'control_movimiento', 2, deX(COLUMNAS_CONTROL_OP1.slice(0, 3))),
    etapa('c4', 'control_movimiento', 4, deX(COLUMNAS_CONTROL_OP1)),
    etapa('v3', 'verificacion', 3, deX(COLUMNAS_VERIFICACION_OP1)),
    etapa('v5', 'verificacion', 5, deX(COLUMNAS_VERIFICACION_OP1)),
  ].join('\n'),
);

/**
 * The values of op1 over its joins (CONTROLES_OP1, the document summary `doc`): the report's columns, except the
 * weighing dates and times, which come from the two instants tUno and tDos (epoch seconds).
 */
export const OP1_VALORES: Record<string, string> = {
  razonSocial: 'e.razon_social',
  tipoOperacion: 'top.nombre',
  codigoIngreso: 'm.codigo_ingreso',
  estadoMovimientoDescripcion: 'est.nombre',
  rucImportador: 'doc.ruc',
  razonSocialImportador: 'doc.razon_social',
  numeroTicket: 'm.numero_ticket',
  placa: "nullif(concat_ws(' / ', nullif(m.placa_uno, ''), nullif(m.placa_dos, '')), '')",
  transporte: 'm.razon_social_transportista_usuario',
  tipoDocumento: 'doc.tipos',
  documentosFiscales: 'doc.numeros',
  numeroDeclaracion: "coalesce(nullif(m.numero_declaracion, ''), doc.declaraciones)",
  numeroBultoUsuario: 'm.numero_bultos',
  numeroBultoVerificado: `case when m.codigo_tipo_operacion in (1, 4) then coalesce(v3.numero_bultos_verificado, v5.numero_bultos_verificado)
    else coalesce(v5.numero_bultos_verificado, v3.numero_bultos_verificado) end`,
  tUno: 'extract(epoch from c2.fecha_registro)::float8',
  pesoUno: '(c2.peso + coalesce(c2.peso_carreta, 0))::float8',
  tDos: 'extract(epoch from c4.fecha_registro)::float8',
  pesoDos: '(c4.peso + coalesce(c4.peso_carreta, 0))::float8',
  pesoBruto: 'c4.peso_bruto::float8',
  pesoTara: 'c4.peso_tara::float8',
  pesoNeto: 'c4.peso_neto::float8',
};
/** Which instant each weighing date and time column shows (as filas.ts does). */
export const INSTANTE_OP1: Record<string, string> = {
  fechaUno: 'tUno',
  horaUno: 'tUno',
  fechaDos: 'tDos',
  horaDos: 'tDos',
};
/**
 * FROM + joins + select list of each movement report; `hijo` is the per-line order key when there is one;
 * `desdeLote` (op1) the joins of an export batch, whose movements are the CTE `b` and documents the CTE `doc`. */
export function cuerpo(tipo: TipoReporte): { select: SQL; desde: SQL; hijo: string | null; desdeLote?: SQL } {
  switch (tipo) {
    case 'op1':
      return {
        hijo: null,
        select: sql.raw(
          Object.entries(OP1_VALORES)
            .map(([clave, expr]) => `${expr} as "${clave}"`)
            .join(', '),
        ),
        desde: sql.join([EMPRESA, TIPO_OPERACION, ESTADO, CONTROLES_OP1, DOC_POR_ORDEN], sql` `),
        desdeLote: sql.join(
          [
            EMPRESA,
            TIPO_OPERACION,
            ESTADO,
            CONTROLES_OP1,
            sql.raw('left join doc on doc.codigo_movimiento = m.codigo_movimiento'),
          ],
          sql` `,
        ),
      };
    case 'op2':
    case 'op4':
    case 'op5':
      return {
        hijo: 'dt.codigo_movimiento_detalle',
        select: sql.join(
          [
            FECHA,
            sql.raw(`extract(epoch from m.fecha_registro)::float8 as "tRegistro", m.codigo_ingreso as "codigoIngreso",
              top.nombre as "tipoOperacion", e.ruc as "rucEmpresaUsuario", e.razon_social as "razonSocialEmpresaUsuario",
              coalesce(td.nombre, d.codigo_tipo_documento) as "tipoDocumentoFiscal", d.numero_documento as "numeroDocumento",
              d.razon_social as "procedenciaDestino", cat.numero_partida as "numeroPartida", cat.descripcion as mercancia,
              dt.cantidad::float8 as cantidad, dt.peso::float8 as peso, cat.codigo_unidad_medida as "unidadMedida",
              dt.valor_fob::float8 as "valorUnitario", (dt.cantidad * dt.valor_fob)::float8 as "valorTotal",
              coalesce(pais.nombre, m.pais_procedencia) as "paisProcedencia", coalesce(tm.nombre, m.codigo_tipo_mercaderia) as "codigoTipoMercaderia",
              coalesce(via.nombre, m.codigo_via) as "codigoTipoVia", ad.nombre as "lugarIngresoSalida", est.nombre as "estadoMovimientoDescripcion"`),
          ],
          sql`, `,
        ),
        desde: sql.join(
          [
            EMPRESA,
            sql.raw(`join movimiento_detalle dt on dt.codigo_movimiento = m.codigo_movimiento
              join movimiento_documento d on d.codigo_movimiento_documento = dt.codigo_movimiento_documento
              join catalogo_usuario cat on cat.codigo_catalogo_usuario = dt.codigo_catalogo_usuario`),
            TIPO_OPERACION,
            ESTADO,
            nombre('td', PARAMETRO.tipoDocumentoMovimiento, 'd.codigo_tipo_documento'),
            nombre('pais', PARAMETRO.pais, 'm.pais_procedencia'),
            nombre('tm', PARAMETRO.tipoMercaderia, 'm.codigo_tipo_mercaderia'),
            nombre('via', PARAMETRO.via, 'm.codigo_via'),
            sql.raw(
              `left join parametro_seccion ad on ad.codigo_parametro = ${PARAMETRO.aduanaSalida} and ad.codigo = m.codigo_salida_aduana and m.codigo_salida_aduana <> '0'`,
            ),
          ],
          sql` `,
        ),
      };
    case 'op3':
      return {
        hijo: 'd.codigo_movimiento_documento',
        select: sql.join(
          [
            FECHA,
            sql.raw(`m.codigo_ingreso as "codigoIngreso", top.nombre as "tipoOperacion", e.ruc as "rucEmpresaUsuario",
              e.razon_social as "razonSocialEmpresaUsuario", coalesce(td.nombre, d.codigo_tipo_documento) as "tipoDocumentoFiscal",
              d.numero_documento as "numeroDocumento", nullif(split_part(d.numero_documento, '-', 1), '') as "codigoAduana",
              nullif(split_part(d.numero_documento, '-', 3), '') as "regimenAduanero", lin.cantidad, lin.peso as "totalPesoNeto",
              lin.fob as "valorTotalFob", est.nombre as "estadoMovimientoDescripcion"`),
          ],
          sql`, `,
        ),
        desde: sql.join(
          [
            EMPRESA,
            sql.raw(`join movimiento_documento d on d.codigo_movimiento = m.codigo_movimiento and d.codigo_tipo_documento in ('4', '5', '9')
              left join lateral (
                select coalesce(sum(x.cantidad), 0)::float8 as cantidad, coalesce(sum(x.peso), 0)::float8 as peso,
                       coalesce(sum(x.cantidad * x.valor_fob), 0)::float8 as fob
                from movimiento_detalle x where x.codigo_movimiento_documento = d.codigo_movimiento_documento) lin on true`),
            TIPO_OPERACION,
            ESTADO,
            nombre('td', PARAMETRO.tipoDocumentoMovimiento, 'd.codigo_tipo_documento'),
          ],
          sql` `,
        ),
      };
    default:
      throw new Error(`sin consulta de movimientos para ${tipo}`);
  }
}

/**
 * The joins that decide how many rows a report has (the others are left joins or foreign keys that match
 * exactly one row), so the screen's total is counted without building the rows.
 */
const CONTEO: Record<string, SQL> = {
  op1: sql``,
  op2: sql.raw('join movimiento_detalle dt on dt.codigo_movimiento = m.codigo_movimiento'),
  op4: sql.raw('join movimiento_detalle dt on dt.codigo_movimiento = m.codigo_movimiento'),
  op5: sql.raw('join movimiento_detalle dt on dt.codigo_movimiento = m.codigo_movimiento'),
  op3: sql.raw(
    "join movimiento_documento d on d.codigo_movimiento = m.codigo_movimiento and d.codigo_tipo_documento in ('4', '5', '9')",
  ),
};

const orden = (hijo: string | null) =>
  sql.raw(`order by m.fecha_ingreso, m.codigo_movimiento${hijo ? `, ${hijo}` : ''}`);

/** One page of a movement report (the screen) and its total. */
export async function paginaMovimientos(db: DbOTx, f: FiltroSql, limite: number, desplazamiento: number) {
  const c = cuerpo(f.tipo);
  const donde = condicionesMovimiento(f);
  // One row per order (op1): the page's orders are picked from the index first, and only those 50 get their
  // joins and document summary (not every row the offset skips).
  const pagina =
    c.hijo === null
      ? sql`select ${c.select} from (select m.* from movimiento m where ${donde} ${orden(null)}
              limit ${limite} offset ${desplazamiento}) m ${c.desde} ${orden(null)}`
      : sql`select ${c.select} from movimiento m ${c.desde} where ${donde} ${orden(c.hijo)} limit ${limite} offset ${desplazamiento}`;
  const [filas, total] = await Promise.all([
    db.execute(pagina),
    // Counted up to LIMITE_CONTEO + 1 rows: a year of a million orders is 'más de 10 000', not a full count per page.
    db.execute(
      sql`select count(*)::int as n from (select 1 from movimiento m ${CONTEO[f.tipo] ?? c.desde} where ${donde} limit ${LIMITE_CONTEO + 1}) t`,
    ),
  ]);
  return { filas: filasDe(filas), total: Number(filasDe(total)[0]?.n ?? 0) };
}

/**
 * The movements of an export batch: only the columns the reports read (the order rows are wide, ~1 KB, and a
 * batch is materialized).
 */
export const COLUMNAS_MOVIMIENTO = sql.raw(
  [
    'codigo_movimiento',
    'fecha_ingreso',
    'fecha_registro',
    'codigo_empresa_usuario',
    'codigo_tipo_operacion',
    'codigo_estado_movimiento',
    'codigo_ingreso',
    'numero_ticket',
    'placa_uno',
    'placa_dos',
    'razon_social_transportista_usuario',
    'numero_declaracion',
    'numero_bultos',
    'pais_procedencia',
    'codigo_tipo_mercaderia',
    'codigo_via',
    'codigo_salida_aduana',
  ]
    .map((c) => `m.${c}`)
    .join(', '),
);

/**
 * Every row of a movement report, in batches: a keyset walk over the movements (partial indexes on
 * ([empresa,] fecha_ingreso, codigo_movimiento) of the orders not annulled), then the report rows of that batch.
 */
export async function* lotesMovimientos(db: DbOTx, f: FiltroSql, tamanio = 2500): AsyncGenerator<FilaBd[]> {
  const c = cuerpo(f.tipo);
  const donde = condicionesMovimiento(f);
  let cursor: { fecha: string; id: number } | null = null;
  for (;;) {
    const despues: SQL = cursor
      ? sql` and (m.fecha_ingreso, m.codigo_movimiento) > (${cursor.fecha}::timestamptz, ${cursor.id})`
      : sql``;
    if (c.hijo === null) {
      // One row per movement (op1): the batch is the keyset query itself.
      const filas = filasDe(
        await db.execute(
          sql`with b as materialized (select ${COLUMNAS_MOVIMIENTO} from movimiento m where ${donde}${despues} ${orden(null)} limit ${tamanio}),
              ${DOC_POR_LOTE}
              select ${c.select}, m.fecha_ingreso::text as "kFecha", m.codigo_movimiento as "kId" from b m ${c.desdeLote ?? c.desde}
              ${orden(null)}`,
        ),
      );
      const ultima = filas.at(-1);
      if (!ultima) return;
      cursor = { fecha: String(ultima.kFecha), id: Number(ultima.kId) };
      yield filas;
      if (filas.length < tamanio) return;
      continue;
    }
    const ids = filasDe(
      await db.execute(
        sql`select m.codigo_movimiento as id, m.fecha_ingreso::text as fecha from movimiento m
            where ${donde}${despues} order by m.fecha_ingreso, m.codigo_movimiento limit ${tamanio}`,
      ),
    ) as { id: number; fecha: string }[];
    const ultimo = ids.at(-1);
    if (!ultimo) return;
    cursor = { fecha: ultimo.fecha, id: Number(ultimo.id) };
    const lista = ids.map((x) => Number(x.id));
    const filas = filasDe(
      await db.execute(
        sql`select ${c.select} from movimiento m ${c.desde} where m.codigo_movimiento in ${lista} and ${donde} ${orden(c.hijo)}`,
      ),
    );
    if (filas.length) yield filas;
    if (ids.length < tamanio) return;
  }
}

/** The company's name for the preview's filter line. */
export async function razonSocialEmpresa(db: DbOTx, codigoEmpresaUsuario: number) {
  const [e] = await db
    .select({ razonSocial: empresaUsuario.razonSocial })
    .from(empresaUsuario)
    .where(eq(empresaUsuario.codigoEmpresaUsuario, codigoEmpresaUsuario));
  return e?.razonSocial;
}

/** The name of a parameter value (movement type, movement status) for the preview's filter line. */
export async function nombreParametro(db: DbOTx, grupo: number, codigo: number) {
  const [p] = await db
    .select({ nombre: parametroSeccion.nombre })
    .from(parametroSeccion)
    .where(and(eq(parametroSeccion.codigoParametro, grupo), eq(parametroSeccion.codigo, String(codigo))));
  return p?.nombre;
}
