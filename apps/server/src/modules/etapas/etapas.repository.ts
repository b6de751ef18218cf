import { type DatosControlEtapa, EMPRESA_OPERADOR, etapaPendiente, type LineaEtapa, PARAMETRO } from '@cronos/contract';
import { and, asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOTx } from '../../db/client';
import {
  catalogoUsuario,
  configuracionTipoControlDetalle,
  controlMovimiento,
  controlMovimientoDetalle,
  empresaUsuario,
  movimiento,
  movimientoDetalle,
  movimientoDocumento,
  parametroSeccion,
} from '../../db/schema';
import type { Actor } from '../../platform/contexto';
import { noEncontrado } from '../../platform/errores';
import { preparada } from '../../platform/preparadas';

/**
 * Stage staff work for the whole zone: operator users (company 1) act on any company's orders; a user of
 * another company (if an administrator gave them a stage screen) only on their own company's orders.
 */
export const actuaEnTodaLaZona = (actor: Actor) => actor.codigoEmpresaUsuario === EMPRESA_OPERADOR;
export const empresaVisible = (actor: Actor, solicitada?: number | null) =>
  actuaEnTodaLaZona(actor) ? (solicitada && solicitada > 0 ? solicitada : null) : actor.codigoEmpresaUsuario;

export function exigirEmpresaEtapa(actor: Actor, codigoEmpresaUsuario: number) {
  if (!actuaEnTodaLaZona(actor) && actor.codigoEmpresaUsuario !== codigoEmpresaUsuario) throw noEncontrado();
}

export type Movimiento = typeof movimiento.$inferSelect;

/** Loads a movement (locking its row inside a transaction) or answers 404, also for another tenant's. */
export async function cargarMovimiento(tx: DbOTx, actor: Actor, codigoMovimiento: number, bloquear = false) {
  const q = tx.select().from(movimiento).where(eq(movimiento.codigoMovimiento, codigoMovimiento));
  const [m] = bloquear ? await q.for('update') : await q;
  if (!m) throw noEncontrado();
  exigirEmpresaEtapa(actor, m.codigoEmpresaUsuario);
  return m;
}

/** Control types recorded on a movement and which of them are finalized. */
export async function controlesDe(tx: DbOTx, codigoMovimiento: number) {
  const filas = await tx
    .select({
      codigoControlMovimiento: controlMovimiento.codigoControlMovimiento,
      codigoTipoControl: controlMovimiento.codigoTipoControl,
      finalizado: controlMovimiento.finalizado,
    })
    .from(controlMovimiento)
    .where(eq(controlMovimiento.codigoMovimiento, codigoMovimiento));
  return {
    filas,
    registradas: filas.map((f) => f.codigoTipoControl),
    finalizadas: filas.filter((f) => f.finalizado).map((f) => f.codigoTipoControl),
  };
}

const nombreParametro = (grupo: number, columna: SQL | ReturnType<typeof sql>) =>
  sql<
    string | null
  >`(select ${parametroSeccion.nombre} from ${parametroSeccion} where ${parametroSeccion.codigoParametro} = ${grupo} and ${parametroSeccion.codigo} = ${columna}::text limit 1)`;

/** Row of a stage search (spec 03 §3.1). Prepared per shape (code or document, states, company): the gate's hottest read. */
export async function buscarMovimientos(
  db: DbOTx,
  actor: Actor,
  q: { CodigoIngreso?: string; NumeroDocumentoIdentidad?: string },
  estados: number[] | null,
) {
  const porCodigo = Boolean(q.CodigoIngreso);
  const porDocumento = !porCodigo && Boolean(q.NumeroDocumentoIdentidad);
  const empresa = empresaVisible(actor);
  const forma = `${porCodigo ? 'c' : porDocumento ? 'd' : 't'}${estados ? 'e' : ''}${empresa !== null ? 'm' : ''}`;
  const consulta = preparada(db, `etapas_buscar_${forma}`, (nombre) => {
    const condiciones: SQL[] = [eq(movimiento.estadoAnulado, 0)];
    if (porCodigo) condiciones.push(eq(movimiento.codigoIngreso, sql.placeholder('valor')));
    else if (porDocumento) condiciones.push(eq(movimiento.numeroDocumentoIdentidad, sql.placeholder('valor')));
    if (estados) condiciones.push(sql`${movimiento.codigoEstadoMovimiento} = any(${sql.placeholder('estados')})`);
    if (empresa !== null) condiciones.push(eq(movimiento.codigoEmpresaUsuario, sql.placeholder('empresa')));
    // The order's control records read once (one index scan of its ≤ 6 rows) for the three figures drawn from
    // them, instead of a subquery each (the statement alone, pgbench on 2 cores: 11 000 → 12 700 a second).
    const controles = db
      .select({
        registradas: sql<string | null>`string_agg(${controlMovimiento.codigoTipoControl}::text, ',')`.as(
          'registradas',
        ),
        finalizadas: sql<
          string | null
        >`string_agg(${controlMovimiento.codigoTipoControl}::text, ',') filter (where ${controlMovimiento.finalizado})`.as(
          'finalizadas',
        ),
        pesoUno: sql<
          string | null
        >`max(${controlMovimiento.peso}::float8 + coalesce(${controlMovimiento.pesoCarreta}, 0)::float8) filter (where ${controlMovimiento.codigoTipoControl} = 2)`.as(
          'peso_uno',
        ),
      })
      .from(controlMovimiento)
      .where(eq(controlMovimiento.codigoMovimiento, movimiento.codigoMovimiento))
      .as('controles');
    return db
      .select({
        codigoMovimiento: movimiento.codigoMovimiento,
        codigoIngreso: movimiento.codigoIngreso,
        numeroTicket: movimiento.numeroTicket,
        empresaUsuario: empresaUsuario.razonSocial,
        tipoOperacion: nombreParametro(PARAMETRO.tipoOperacion, sql`${movimiento.codigoTipoOperacion}`),
        registradas: controles.registradas,
        finalizadas: controles.finalizadas,
        placaUno: movimiento.placaUno,
        placaDos: movimiento.placaDos,
        pesoUno: controles.pesoUno,
        codigoEmpresaUsuario: movimiento.codigoEmpresaUsuario,
        codigoEstadoMovimiento: movimiento.codigoEstadoMovimiento,
        codigoEstadoObservado: movimiento.codigoEstadoObservado,
        codigoTipoIngreso: movimiento.codigoTipoIngreso,
        numeroDocumentoIdentidad: movimiento.numeroDocumentoIdentidad,
        nombres: movimiento.nombres,
        apellidoPaterno: movimiento.apellidoPaterno,
      })
      .from(movimiento)
      .innerJoin(empresaUsuario, eq(empresaUsuario.codigoEmpresaUsuario, movimiento.codigoEmpresaUsuario))
      .crossJoinLateral(controles)
      .where(and(...condiciones))
      .orderBy(asc(movimiento.fechaRegistro))
      .limit(50)
      .prepare(nombre);
  });
  const filas = await consulta.execute({
    valor: q.CodigoIngreso ?? q.NumeroDocumentoIdentidad,
    estados,
    empresa,
  });
  return filas.map(({ registradas, finalizadas, ...f }) => ({
    ...f,
    // The label says what the order really waits for, from the transition table.
    estado: etapaPendiente({
      codigoEstadoMovimiento: f.codigoEstadoMovimiento,
      registradas: listaTipos(registradas),
      finalizadas: listaTipos(finalizadas),
    }),
    pesoUno: f.pesoUno === null ? 0 : Number(f.pesoUno),
  }));
}

const listaTipos = (texto: string | null) => (texto ? texto.split(',').map(Number) : []);

/** Product lines of a movement (spec 03 §3.2), with their document and declared quantities. */
export function lineasDeMovimiento(db: DbOTx, codigoMovimiento: number) {
  return db
    .select({
      codigoMovimientoDetalle: movimientoDetalle.codigoMovimientoDetalle,
      codigoCatalogoUsuario: movimientoDetalle.codigoCatalogoUsuario,
      codigoInterno: catalogoUsuario.codigoInterno,
      numeroPartida: catalogoUsuario.numeroPartida,
      descripcion: catalogoUsuario.descripcion,
      unidadMedida: nombreParametro(PARAMETRO.unidadMedida, sql`${catalogoUsuario.codigoUnidadMedida}`),
      cantidad: sql<number>`${movimientoDetalle.cantidad}::float8`,
      peso: sql<number>`${movimientoDetalle.peso}::float8`,
      valorFOB: sql<number>`${movimientoDetalle.valorFOB}::float8`,
      codigoTipoBulto: movimientoDetalle.codigoTipoBulto,
      codigoMovimientoDocumento: movimientoDetalle.codigoMovimientoDocumento,
      numeroDocumento: movimientoDocumento.numeroDocumento,
    })
    .from(movimientoDetalle)
    .innerJoin(catalogoUsuario, eq(catalogoUsuario.codigoCatalogoUsuario, movimientoDetalle.codigoCatalogoUsuario))
    .innerJoin(
      movimientoDocumento,
      eq(movimientoDocumento.codigoMovimientoDocumento, movimientoDetalle.codigoMovimientoDocumento),
    )
    .where(eq(movimientoDetalle.codigoMovimiento, codigoMovimiento))
    .orderBy(asc(movimientoDetalle.codigoMovimientoDetalle));
}

/**
 * Everything the control screens show of an order (spec 03 §2.1), in one prepared statement: the order, its
 * company's name and debt block, its documents, its product lines and its control records (as JSON arrays), so
 * a gate read is one round trip. Undefined when the order does not exist; the caller checks the tenant.
 */
export async function datosDeControl(db: DbOTx, codigoMovimiento: number) {
  const consulta = preparada(db, 'etapas_datos_control', (nombre) => {
    const d = movimientoDocumento;
    const dt = movimientoDetalle;
    const c = catalogoUsuario;
    const documentos = sql<DatosControlEtapa['documentos']>`(select coalesce(json_agg(json_build_object(
        'codigoMovimientoDocumento', ${d.codigoMovimientoDocumento}, 'codigoTipoDocumento', ${d.codigoTipoDocumento},
        'tipoDocumentoFiscal', ${nombreParametro(PARAMETRO.tipoDocumentoMovimiento, sql`${d.codigoTipoDocumento}`)},
        'descripcionDocumento', ${d.descripcionDocumento}, 'numeroDocumento', ${d.numeroDocumento},
        'numeroDocumentoFiscal', ${d.numeroDocumento}, 'ruc', ${d.ruc}, 'razonSocial', ${d.razonSocial})
        order by ${d.codigoMovimientoDocumento}), '[]'::json)
      from ${d} where ${d.codigoMovimiento} = ${movimiento.codigoMovimiento})`;
    const lineas = sql<LineaEtapa[]>`(select coalesce(json_agg(json_build_object(
        'codigoMovimientoDetalle', ${dt.codigoMovimientoDetalle}, 'codigoCatalogoUsuario', ${dt.codigoCatalogoUsuario},
        'codigoInterno', ${c.codigoInterno}, 'numeroPartida', ${c.numeroPartida}, 'descripcion', ${c.descripcion},
        'unidadMedida', ${nombreParametro(PARAMETRO.unidadMedida, sql`${c.codigoUnidadMedida}`)},
        'cantidad', ${dt.cantidad}::float8, 'peso', ${dt.peso}::float8, 'valorFOB', ${dt.valorFOB}::float8,
        'codigoTipoBulto', ${dt.codigoTipoBulto}, 'codigoMovimientoDocumento', ${dt.codigoMovimientoDocumento},
        'numeroDocumento', ${d.numeroDocumento}) order by ${dt.codigoMovimientoDetalle}), '[]'::json)
      from ${dt} join ${c} on ${c.codigoCatalogoUsuario} = ${dt.codigoCatalogoUsuario}
      join ${d} on ${d.codigoMovimientoDocumento} = ${dt.codigoMovimientoDocumento}
      where ${dt.codigoMovimiento} = ${movimiento.codigoMovimiento})`;
    const controles = sql<{ t: number; f: boolean }[]>`(select coalesce(json_agg(json_build_object(
        't', ${controlMovimiento.codigoTipoControl}, 'f', ${controlMovimiento.finalizado})), '[]'::json)
      from ${controlMovimiento} where ${controlMovimiento.codigoMovimiento} = ${movimiento.codigoMovimiento})`;
    return db
      .select({
        codigoMovimiento: movimiento.codigoMovimiento,
        version: movimiento.version,
        codigoIngreso: movimiento.codigoIngreso,
        numeroTicket: movimiento.numeroTicket,
        codigoEmpresaUsuario: movimiento.codigoEmpresaUsuario,
        razonSocial: empresaUsuario.razonSocial,
        indicadorBloqueo: empresaUsuario.indicadorBloqueo,
        codigoTipoIngreso: movimiento.codigoTipoIngreso,
        codigoTipoOperacion: movimiento.codigoTipoOperacion,
        codigoEstadoMovimiento: movimiento.codigoEstadoMovimiento,
        codigoEstadoObservado: movimiento.codigoEstadoObservado,
        estadoAnulado: movimiento.estadoAnulado,
        codigoTipoCarga: movimiento.codigoTipoCarga,
        numeroBultos: movimiento.numeroBultos,
        nombres: movimiento.nombres,
        apellidoPaterno: movimiento.apellidoPaterno,
        apellidoMaterno: movimiento.apellidoMaterno,
        codigoTipoDocumentoIdentidad: movimiento.codigoTipoDocumentoIdentidad,
        tipoDocumentoIdentidad: nombreParametro(
          PARAMETRO.tipoDocumentoIdentidad,
          sql`${movimiento.codigoTipoDocumentoIdentidad}`,
        ),
        numeroDocumentoIdentidad: movimiento.numeroDocumentoIdentidad,
        placaUno: movimiento.placaUno,
        placaDos: movimiento.placaDos,
        numeroSoat: movimiento.numeroSoat,
        numeroBrevete: movimiento.numeroBrevete,
        codigoClaseBrevete: movimiento.codigoClaseBrevete,
        codigoTransportistaUsuario: movimiento.codigoTransportistaUsuario,
        rucTransportistaUsuario: movimiento.rucTransportistaUsuario,
        razonSocialTransportistaUsuario: movimiento.razonSocialTransportistaUsuario,
        numeroContenedor: movimiento.numeroContenedor,
        pesoBrutoDeclarado: sql<number | null>`${movimiento.pesoBrutoDeclarado}::float8`,
        pesoTaraDeclarado: sql<number | null>`${movimiento.pesoTaraDeclarado}::float8`,
        documentos,
        lineas,
        controles,
      })
      .from(movimiento)
      .innerJoin(empresaUsuario, eq(empresaUsuario.codigoEmpresaUsuario, movimiento.codigoEmpresaUsuario))
      .where(eq(movimiento.codigoMovimiento, sql.placeholder('codigo')))
      .prepare(nombre);
  });
  const [fila] = await consulta.execute({ codigo: codigoMovimiento });
  return fila;
}

export function documentosDeMovimiento(db: DbOTx, codigoMovimiento: number) {
  return db
    .select({
      codigoMovimientoDocumento: movimientoDocumento.codigoMovimientoDocumento,
      codigoTipoDocumento: movimientoDocumento.codigoTipoDocumento,
      tipoDocumentoFiscal: nombreParametro(
        PARAMETRO.tipoDocumentoMovimiento,
        sql`${movimientoDocumento.codigoTipoDocumento}`,
      ),
      descripcionDocumento: movimientoDocumento.descripcionDocumento,
      numeroDocumento: movimientoDocumento.numeroDocumento,
      numeroDocumentoFiscal: movimientoDocumento.numeroDocumento,
      ruc: movimientoDocumento.ruc,
      razonSocial: movimientoDocumento.razonSocial,
    })
    .from(movimientoDocumento)
    .where(eq(movimientoDocumento.codigoMovimiento, codigoMovimiento))
    .orderBy(asc(movimientoDocumento.codigoMovimientoDocumento));
}

/** The checklist items of a control type for an entry type (and a load type, for verifications); prepared per shape. */
export function itemsConfigurados(db: DbOTx, codigoTipoControl: number, codigoTipoIngreso: string, tipoCarga?: number) {
  const conCarga = tipoCarga !== undefined;
  const consulta = preparada(db, `etapas_items${conCarga ? '_carga' : ''}`, (nombre) => {
    const condiciones: SQL[] = [
      eq(configuracionTipoControlDetalle.codigoTipoControl, sql.placeholder('tipoControl')),
      eq(configuracionTipoControlDetalle.codigoTipoIngreso, sql.placeholder('tipoIngreso')),
      eq(configuracionTipoControlDetalle.estadoAnulado, 0),
    ];
    if (conCarga)
      condiciones.push(sql`${configuracionTipoControlDetalle.codigoTipoCarga} in (0, ${sql.placeholder('tipoCarga')})`);
    return db
      .select({
        codigoDetalleTipoContol: configuracionTipoControlDetalle.codigoDetalleTipoControl,
        codigoDetalleTipoControl: configuracionTipoControlDetalle.codigoDetalleTipoControl,
        descripcion: configuracionTipoControlDetalle.descripcion,
        codigoTipoCarga: configuracionTipoControlDetalle.codigoTipoCarga,
        verificacion: sql<boolean>`false`,
      })
      .from(configuracionTipoControlDetalle)
      .where(and(...condiciones))
      .orderBy(
        asc(configuracionTipoControlDetalle.orden),
        asc(configuracionTipoControlDetalle.codigoDetalleTipoControl),
      )
      .prepare(nombre);
  });
  return consulta.execute({ tipoControl: codigoTipoControl, tipoIngreso: codigoTipoIngreso, tipoCarga });
}

export async function nombreEstado(db: DbOTx, codigoEstado: number) {
  const [f] = await db
    .select({ nombre: parametroSeccion.nombre })
    .from(parametroSeccion)
    .where(
      and(
        eq(parametroSeccion.codigoParametro, PARAMETRO.estadoMovimiento),
        eq(parametroSeccion.codigo, String(codigoEstado)),
      ),
    );
  return f?.nombre ?? `Estado ${codigoEstado}`;
}

/** The order's company name and debt-block flag (the control data shows both). */
export async function empresaDeMovimiento(db: DbOTx, codigoEmpresaUsuario: number) {
  const [e] = await db
    .select({ razonSocial: empresaUsuario.razonSocial, indicadorBloqueo: empresaUsuario.indicadorBloqueo })
    .from(empresaUsuario)
    .where(eq(empresaUsuario.codigoEmpresaUsuario, codigoEmpresaUsuario));
  return e;
}

/**
 * The guarded state change of a stage: `desde` → `hasta` only while the order is still in `desde`, not
 * annulled (and not observed, when the stage says so). False when somebody else moved it first.
 */
export async function moverEstado(
  tx: DbOTx,
  c: { codigoMovimiento: number; desde: number; hasta: number; bloqueaObservada: boolean; ahora: Date },
) {
  const guardas: SQL[] = [
    eq(movimiento.codigoMovimiento, c.codigoMovimiento),
    eq(movimiento.codigoEstadoMovimiento, c.desde),
    eq(movimiento.estadoAnulado, 0),
  ];
  if (c.bloqueaObservada) guardas.push(ne(movimiento.codigoEstadoObservado, 2));
  const movido = await tx
    .update(movimiento)
    .set({ codigoEstadoMovimiento: c.hasta, fechaModificacion: c.ahora, version: sql`${movimiento.version} + 1` })
    .where(and(...guardas))
    .returning({ codigoMovimiento: movimiento.codigoMovimiento });
  return movido.length > 0;
}

/** The stage's control record (unique per order and stage); undefined when it already exists. */
export async function insertarControl(tx: DbOTx, fila: typeof controlMovimiento.$inferInsert) {
  const [control] = await tx
    .insert(controlMovimiento)
    .values(fila)
    .onConflictDoNothing()
    .returning({ codigoControlMovimiento: controlMovimiento.codigoControlMovimiento });
  return control;
}

/** The checklist items ticked (or not) on a control record. */
export async function insertarDetalleControl(
  tx: DbOTx,
  codigoControlMovimiento: number,
  detalle: { codigoDetalleTipoContol: number; verificacion: boolean }[],
) {
  if (!detalle.length) return;
  await tx.insert(controlMovimientoDetalle).values(
    detalle.map((i) => ({
      codigoControlMovimiento,
      codigoDetalleTipoControl: i.codigoDetalleTipoContol,
      verificacion: i.verificacion,
    })),
  );
}
