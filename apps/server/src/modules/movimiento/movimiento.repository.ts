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
  reservaLote,
} from '../../db/schema';

/**
 * The next entry code and ticket number, from one value of the sequence (unique even for saves at the same
 * instant): 'OP' + 7 digits, and the same number in 9 digits as the ticket (docs/decisions.md), the way the
 * demo orders are numbered, so the images search finds every order by either.
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
