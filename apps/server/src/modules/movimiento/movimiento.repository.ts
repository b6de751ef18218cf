import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOTx } from '../../db/client';
import {
  almacen,
  catalogoUsuario,
  empresaUsuario,
  lote,
  movimiento,
  movimientoArchivo,
  movimientoDetalle,
  movimientoDocumento,
  parametroSeccion,
  persona,
  reservaLote,
} from '../../db/schema';

/**
 * The next entry code and ticket number, from one value of the sequence (unique even for saves at the same
 * instant): 'OP' + 7 digits, and the same number in 9 digits as the ticket (docs/adr/0029-numero-de-ticket.md), the way
 * the demo orders are numbered, so the images search finds every order by either.
 */
export async function siguienteCodigoIngreso(tx: DbOTx): Promise<{ codigoIngreso: string; numeroTicket: string }> {
  const r = await tx.execute<{ n: string }>(sql`select nextval('movimiento_codigo_ingreso_seq')::text as n`);
  const n = (r as unknown as { rows: { n: string }[] }).rows[0]?.n;
  if (!n) throw new Error('secuencia de códigos de ingreso');
  return { codigoIngreso: `OP${n.padStart(7, '0')}`, numeroTicket: n.padStart(9, '0') };
}

export async function leerMovimiento(db: DbOTx, codigoMovimiento: number) {
  const [m] = await db.select().from(movimiento).where(eq(movimiento.codigoMovimiento, codigoMovimiento)).limit(1);
  return m;
}

export async function leerMovimientoPorCodigoIngreso(db: DbOTx, codigoIngreso: string) {
  const [m] = await db.select().from(movimiento).where(eq(movimiento.codigoIngreso, codigoIngreso)).limit(1);
  return m;
}

export async function leerEmpresa(db: DbOTx, codigoEmpresaUsuario: number) {
  const [e] = await db
    .select({
      codigoEmpresaUsuario: empresaUsuario.codigoEmpresaUsuario,
      razonSocial: empresaUsuario.razonSocial,
      indicadorAlmacenActivo: empresaUsuario.indicadorAlmacenActivo,
      indicadorRegistroEspecialExcel: empresaUsuario.indicadorRegistroEspecialExcel,
      estadoAnulado: empresaUsuario.estadoAnulado,
    })
    .from(empresaUsuario)
    .where(eq(empresaUsuario.codigoEmpresaUsuario, codigoEmpresaUsuario))
    .limit(1);
  return e;
}

/** Every value of the given lookup groups with whether it is enabled: key `${grupo}:${codigo}`. */
export async function valoresDeListas(db: DbOTx, grupos: number[]) {
  const filas = await db
    .select({
      grupo: parametroSeccion.codigoParametro,
      codigo: parametroSeccion.codigo,
      anulado: parametroSeccion.estadoAnulado,
    })
    .from(parametroSeccion)
    .where(inArray(parametroSeccion.codigoParametro, grupos));
  return new Map(filas.map((f) => [`${f.grupo}:${f.codigo}`, f.anulado === 0]));
}

export async function almacenesDeEmpresa(db: DbOTx, codigoEmpresaUsuario: number) {
  return db
    .select({ codigoEmpresaAlmacen: almacen.codigoEmpresaAlmacen })
    .from(almacen)
    .where(and(eq(almacen.codigoEmpresaUsuario, codigoEmpresaUsuario), eq(almacen.estadoAnulado, 0)))
    .orderBy(asc(almacen.codigoEmpresaAlmacen));
}

/** Which of the given products belong to the company and are enabled. */
export async function productosDeEmpresa(db: DbOTx, codigoEmpresaUsuario: number, codigos: number[]) {
  if (codigos.length === 0) return new Set<number>();
  const filas = await db
    .select({ c: catalogoUsuario.codigoCatalogoUsuario })
    .from(catalogoUsuario)
    .where(
      and(
        inArray(catalogoUsuario.codigoCatalogoUsuario, codigos),
        eq(catalogoUsuario.codigoEmpresaUsuario, codigoEmpresaUsuario),
        eq(catalogoUsuario.estadoAnulado, 0),
      ),
    );
  return new Set(filas.map((f) => f.c));
}

const descripcion = (grupo: number, columna: unknown) =>
  sql<
    string | null
  >`(select ps.nombre from ${parametroSeccion} ps where ps.codigo_parametro = ${grupo} and ps.codigo = ${columna}::text limit 1)`;

/** The movement with lookup descriptions, as ListarRegistro answers it. */
export async function detalleMovimiento(db: DbOTx, codigoMovimiento: number) {
  const [m] = await db
    .select({
      mov: movimiento,
      razonSocialEmpresa: empresaUsuario.razonSocial,
      descripcionTipoMercaderia: descripcion(11, movimiento.codigoTipoMercaderia),
      descripcionTipoOperacion: descripcion(3, movimiento.codigoTipoOperacion),
      descripcionTipoIngreso: descripcion(61, movimiento.codigoTipoIngreso),
      descripcionEstadoMovimiento: descripcion(6, movimiento.codigoEstadoMovimiento),
    })
    .from(movimiento)
    .innerJoin(empresaUsuario, eq(empresaUsuario.codigoEmpresaUsuario, movimiento.codigoEmpresaUsuario))
    .where(eq(movimiento.codigoMovimiento, codigoMovimiento))
    .limit(1);
  if (!m) return undefined;
  const documentos = await db
    .select()
    .from(movimientoDocumento)
    .where(eq(movimientoDocumento.codigoMovimiento, codigoMovimiento))
    .orderBy(asc(movimientoDocumento.codigoMovimientoDocumento));
  const productos = await db
    .select({
      d: movimientoDetalle,
      descripcionCatalogoUsuario: catalogoUsuario.descripcion,
      codigoInterno: catalogoUsuario.codigoInterno,
      codigoUnidadMedida: catalogoUsuario.codigoUnidadMedida,
      numeroPartida: catalogoUsuario.numeroPartida,
    })
    .from(movimientoDetalle)
    .innerJoin(catalogoUsuario, eq(catalogoUsuario.codigoCatalogoUsuario, movimientoDetalle.codigoCatalogoUsuario))
    .where(eq(movimientoDetalle.codigoMovimiento, codigoMovimiento))
    .orderBy(asc(movimientoDetalle.codigoMovimientoDetalle));
  const reservas = await db
    .select({
      codigoMovimientoDetalle: reservaLote.codigoMovimientoDetalle,
      codigoLote: reservaLote.codigoLote,
      numeroDocumento: lote.numeroDocumento,
      cantidad: reservaLote.cantidad,
      estado: reservaLote.estado,
    })
    .from(reservaLote)
    .innerJoin(lote, eq(lote.codigoLote, reservaLote.codigoLote))
    .innerJoin(movimientoDetalle, eq(movimientoDetalle.codigoMovimientoDetalle, reservaLote.codigoMovimientoDetalle))
    .where(and(eq(movimientoDetalle.codigoMovimiento, codigoMovimiento), inArray(reservaLote.estado, [1, 2])));
  const tipoDocumento = await db
    .select({ codigo: parametroSeccion.codigo, nombre: parametroSeccion.nombre })
    .from(parametroSeccion)
    .where(eq(parametroSeccion.codigoParametro, 56));
  return {
    ...m,
    documentos,
    productos,
    reservas,
    tiposDocumento: new Map(tipoDocumento.map((t) => [t.codigo, t.nombre])),
  };
}

export async function archivosDeMovimiento(db: DbOTx, codigoMovimiento: number) {
  return db
    .select({
      codigoMovimientoArchivo: movimientoArchivo.codigoMovimientoArchivo,
      nombreArchivo: movimientoArchivo.nombreArchivo,
      rutaArchivo: sql<string>`'/api/Movimiento/DescargarArchivo?CodigoMovimientoArchivo=' || ${movimientoArchivo.codigoMovimientoArchivo}`,
      categoria: movimientoArchivo.categoria,
      tipoContenido: movimientoArchivo.tipoContenido,
      tamanio: movimientoArchivo.tamanio,
      usuarioRegistro: movimientoArchivo.usuarioRegistro,
      fechaRegistro: movimientoArchivo.fechaRegistro,
    })
    .from(movimientoArchivo)
    .where(eq(movimientoArchivo.codigoMovimiento, codigoMovimiento))
    .orderBy(asc(movimientoArchivo.codigoMovimientoArchivo));
}

/** The order's row, taken for a change of its documents: only while registered and not annulled. */
export async function bloquearRegistrado(tx: DbOTx, codigoMovimiento: number) {
  const [m] = await tx
    .update(movimiento)
    .set({ version: sql`${movimiento.version} + 1` })
    .where(
      and(
        eq(movimiento.codigoMovimiento, codigoMovimiento),
        eq(movimiento.codigoEstadoMovimiento, 1),
        eq(movimiento.estadoAnulado, 0),
      ),
    )
    .returning({ codigoIngreso: movimiento.codigoIngreso });
  return m;
}

export async function leerDocumento(db: DbOTx, codigoMovimientoDocumento: number) {
  const [d] = await db
    .select()
    .from(movimientoDocumento)
    .where(eq(movimientoDocumento.codigoMovimientoDocumento, codigoMovimientoDocumento))
    .limit(1);
  return d;
}

export async function lineasDeDocumento(db: DbOTx, codigoMovimientoDocumento: number) {
  const filas = await db
    .select({ id: movimientoDetalle.codigoMovimientoDetalle })
    .from(movimientoDetalle)
    .where(eq(movimientoDetalle.codigoMovimientoDocumento, codigoMovimientoDocumento));
  return filas.map((f) => f.id);
}

export async function borrarDocumento(tx: DbOTx, codigoMovimientoDocumento: number) {
  await tx
    .delete(movimientoDocumento)
    .where(eq(movimientoDocumento.codigoMovimientoDocumento, codigoMovimientoDocumento));
}

export async function leerDetalle(db: DbOTx, codigoMovimientoDetalle: number) {
  const [d] = await db
    .select()
    .from(movimientoDetalle)
    .where(eq(movimientoDetalle.codigoMovimientoDetalle, codigoMovimientoDetalle))
    .limit(1);
  return d;
}

/** Removes product lines with their lot reservations (released beforehand by the caller). */
export async function borrarLineas(tx: DbOTx, codigos: number[]) {
  if (codigos.length === 0) return;
  await tx.delete(reservaLote).where(inArray(reservaLote.codigoMovimientoDetalle, codigos));
  await tx.delete(movimientoDetalle).where(inArray(movimientoDetalle.codigoMovimientoDetalle, codigos));
}

export async function leerArchivo(db: DbOTx, codigoMovimientoArchivo: number) {
  const [a] = await db
    .select()
    .from(movimientoArchivo)
    .where(eq(movimientoArchivo.codigoMovimientoArchivo, codigoMovimientoArchivo))
    .limit(1);
  return a;
}

/** Deletes a file's row; false when it was already gone. */
export async function borrarArchivo(tx: DbOTx, codigoMovimientoArchivo: number) {
  const borrado = await tx
    .delete(movimientoArchivo)
    .where(eq(movimientoArchivo.codigoMovimientoArchivo, codigoMovimientoArchivo))
    .returning({ id: movimientoArchivo.codigoMovimientoArchivo });
  return borrado.length > 0;
}

export type NuevoArchivo = Omit<typeof movimientoArchivo.$inferInsert, 'codigoMovimientoArchivo' | 'fechaRegistro'>;

export async function insertarArchivos(tx: DbOTx, filas: NuevoArchivo[]) {
  if (filas.length === 0) return [];
  return tx.insert(movimientoArchivo).values(filas).returning({
    codigoMovimientoArchivo: movimientoArchivo.codigoMovimientoArchivo,
    nombreArchivo: movimientoArchivo.nombreArchivo,
  });
}

/** Of these stored paths, the ones an order's file row uses. */
export async function rutasArchivoEnUso(db: DbOTx, rutas: string[]) {
  if (rutas.length === 0) return new Set<string>();
  const filas = await db
    .select({ ruta: movimientoArchivo.rutaArchivo })
    .from(movimientoArchivo)
    .where(inArray(movimientoArchivo.rutaArchivo, rutas));
  return new Set(filas.map((f) => f.ruta));
}

export type NuevoMovimiento = typeof movimiento.$inferInsert;
export type CambiosMovimiento = Partial<typeof movimiento.$inferInsert>;

export async function insertarMovimiento(tx: DbOTx, valores: NuevoMovimiento) {
  const [m] = await tx.insert(movimiento).values(valores).returning({ codigoMovimiento: movimiento.codigoMovimiento });
  return m;
}

/**
 * Applies a card's changes if the order still has the version the form read, is not annulled and is in one of
 * the given states; the version goes up by one. Undefined when any of that no longer holds.
 */
export async function actualizarMovimiento(
  tx: DbOTx,
  codigoMovimiento: number,
  cambios: CambiosMovimiento,
  condicion: { version: number; estados: number[] },
) {
  const [actual] = await tx
    .update(movimiento)
    .set({ ...cambios, version: sql`${movimiento.version} + 1` })
    .where(
      and(
        eq(movimiento.codigoMovimiento, codigoMovimiento),
        eq(movimiento.version, condicion.version),
        eq(movimiento.estadoAnulado, 0),
        inArray(movimiento.codigoEstadoMovimiento, condicion.estados),
      ),
    )
    .returning({ codigoIngreso: movimiento.codigoIngreso, version: movimiento.version });
  return actual;
}

export async function insertarDocumento(tx: DbOTx, valores: typeof movimientoDocumento.$inferInsert) {
  const [nuevo] = await tx
    .insert(movimientoDocumento)
    .values(valores)
    .returning({ id: movimientoDocumento.codigoMovimientoDocumento });
  return nuevo?.id ?? null;
}

export async function insertarLineas(tx: DbOTx, filas: (typeof movimientoDetalle.$inferInsert)[]) {
  if (filas.length === 0) return [];
  return tx
    .insert(movimientoDetalle)
    .values(filas)
    .returning({ id: movimientoDetalle.codigoMovimientoDetalle, producto: movimientoDetalle.codigoCatalogoUsuario });
}

/** The stored documents of an order with the products of each (to refuse a product twice in a document). */
export async function productosPorDocumento(db: DbOTx, codigoMovimiento: number) {
  const filas = await db
    .select({ doc: movimientoDocumento.codigoMovimientoDocumento, producto: movimientoDetalle.codigoCatalogoUsuario })
    .from(movimientoDocumento)
    .leftJoin(
      movimientoDetalle,
      eq(movimientoDetalle.codigoMovimientoDocumento, movimientoDocumento.codigoMovimientoDocumento),
    )
    .where(eq(movimientoDocumento.codigoMovimiento, codigoMovimiento));
  const guardados = new Map<number, Set<number>>();
  for (const r of filas) {
    const s = guardados.get(r.doc) ?? new Set<number>();
    if (r.producto) s.add(r.producto);
    guardados.set(r.doc, s);
  }
  return guardados;
}

/** The identity document number of a registered person. */
export async function documentoDePersona(db: DbOTx, codigoPersona: number) {
  const [p] = await db
    .select({ numero: persona.numeroDocumentoIdentidad })
    .from(persona)
    .where(eq(persona.codigoPersona, codigoPersona))
    .limit(1);
  return p?.numero;
}

/** Enabled products of a company by internal code (the Excel detail load names products by it). */
export async function productosPorCodigoInterno(db: DbOTx, codigoEmpresaUsuario: number, codigos: string[]) {
  if (codigos.length === 0) return [];
  return db
    .select({ id: catalogoUsuario.codigoCatalogoUsuario, codigoInterno: catalogoUsuario.codigoInterno })
    .from(catalogoUsuario)
    .where(
      and(
        eq(catalogoUsuario.codigoEmpresaUsuario, codigoEmpresaUsuario),
        eq(catalogoUsuario.estadoAnulado, 0),
        inArray(catalogoUsuario.codigoInterno, codigos),
      ),
    );
}
