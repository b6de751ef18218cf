import { PARAMETRO } from '@cronos/contract';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOTx } from '../../db/client';
import {
  catalogoUsuario,
  certificadoManufactura as cm,
  certificadoManufacturaArchivo as cma,
  certificadoManufacturaDetalle as cmd,
  empresaUsuario,
  parametroSeccion,
  produccion,
  usuario,
} from '../../db/schema';
import { sinAcentos } from '../../platform/paginacion';

/** Searchable columns of the list (Columna keys; the spec's alias style is accepted too). */
export const COLUMNAS_BUSQUEDA = {
  documento: cm.numeroCertificado,
  'CM.NUMERO': cm.numeroCertificado,
  empresaUsuario: sinAcentos(empresaUsuario.razonSocial),
  'E.RAZON_SOCIAL': sinAcentos(empresaUsuario.razonSocial),
};

export async function listar(db: DbOTx, donde: (SQL | undefined)[], limite: number, desde: number) {
  const condicion = and(...donde);
  const [filas, [total]] = await Promise.all([
    db
      .select({
        codigoCertificadoManufactura: cm.codigoCertificadoManufactura,
        documento: cm.numeroCertificado,
        codigoEstadoAutorizado: cm.codigoEstadoAutorizado,
        codigoEmpresaUsuario: cm.codigoEmpresaUsuario,
        empresaUsuario: empresaUsuario.razonSocial,
        fechaRegistro: cm.fechaRegistro,
        fechaEmision: cm.fechaEmision,
        fechaFinVigencia: cm.fechaFinVigencia,
        diasVigencia: cm.diasVigencia,
        estadoAnulado: cm.estadoAnulado,
        usuarioRegistro: cm.usuarioRegistro,
        cantidadArchivos: sql<number>`(select count(*)::int from ${cma} where ${cma.codigoCertificadoManufactura} = ${cm.codigoCertificadoManufactura})`,
      })
      .from(cm)
      .innerJoin(empresaUsuario, eq(empresaUsuario.codigoEmpresaUsuario, cm.codigoEmpresaUsuario))
      .where(condicion)
      .orderBy(desc(cm.fechaRegistro), desc(cm.codigoCertificadoManufactura))
      .limit(limite)
      .offset(desde),
    db
      .select({ n: count() })
      .from(cm)
      .innerJoin(empresaUsuario, eq(empresaUsuario.codigoEmpresaUsuario, cm.codigoEmpresaUsuario))
      .where(condicion),
  ]);
  return { filas, total: total?.n ?? 0 };
}

export const condicionEmpresa = (codigoEmpresaUsuario: number) => eq(cm.codigoEmpresaUsuario, codigoEmpresaUsuario);

export async function buscar(db: DbOTx, codigo: number) {
  const [c] = await db.select().from(cm).where(eq(cm.codigoCertificadoManufactura, codigo)).limit(1);
  return c;
}

export async function buscarPorNumero(db: DbOTx, numeroCertificado: string) {
  const [c] = await db
    .select({
      tokenVerificacion: cm.tokenVerificacion,
      codigoEstadoAutorizado: cm.codigoEstadoAutorizado,
      estadoAnulado: cm.estadoAnulado,
      fechaEmision: cm.fechaEmision,
      fechaFinVigencia: cm.fechaFinVigencia,
    })
    .from(cm)
    .where(eq(cm.numeroCertificado, numeroCertificado))
    .limit(1);
  return c;
}

export async function empresa(db: DbOTx, codigoEmpresaUsuario: number) {
  const [e] = await db
    .select()
    .from(empresaUsuario)
    .where(eq(empresaUsuario.codigoEmpresaUsuario, codigoEmpresaUsuario))
    .limit(1);
  return e;
}

export async function nombreCompletoUsuario(db: DbOTx, codigoUsuario: number) {
  const [u] = await db
    .select({ nombre: usuario.nombre, paterno: usuario.apellidoPaterno, materno: usuario.apellidoMaterno })
    .from(usuario)
    .where(eq(usuario.codigoUsuario, codigoUsuario))
    .limit(1);
  return u ? [u.nombre, u.paterno, u.materno].filter(Boolean).join(' ') : '';
}

/** The enabled catalogue products of a company among the given ids. */
export async function productosDeEmpresa(db: DbOTx, codigoEmpresaUsuario: number, codigos: number[]) {
  if (!codigos.length) return [];
  return db
    .select({
      codigoCatalogoUsuario: catalogoUsuario.codigoCatalogoUsuario,
      descripcion: catalogoUsuario.descripcion,
      numeroPartida: catalogoUsuario.numeroPartida,
      codigoUnidadMedida: catalogoUsuario.codigoUnidadMedida,
    })
    .from(catalogoUsuario)
    .where(
      and(
        eq(catalogoUsuario.codigoEmpresaUsuario, codigoEmpresaUsuario),
        eq(catalogoUsuario.estadoAnulado, 0),
        inArray(catalogoUsuario.codigoCatalogoUsuario, codigos),
      ),
    );
}

/** Enabled values of a lookup group as a code -> name map. */
export async function valoresParametro(db: DbOTx, codigoParametro: number) {
  const filas = await db
    .select({ codigo: parametroSeccion.codigo, nombre: parametroSeccion.nombre })
    .from(parametroSeccion)
    .where(and(eq(parametroSeccion.codigoParametro, codigoParametro), eq(parametroSeccion.estadoAnulado, 0)));
  return new Map(filas.map((f) => [f.codigo, f.nombre]));
}
export const tiposBulto = (db: DbOTx) => valoresParametro(db, PARAMETRO.tipoBulto);
export const unidadesMedida = (db: DbOTx) => valoresParametro(db, PARAMETRO.unidadMedida);

export async function insertar(db: DbOTx, valores: typeof cm.$inferInsert) {
  const [c] = await db.insert(cm).values(valores).returning({ codigo: cm.codigoCertificadoManufactura });
  if (!c) throw new Error('certificado no insertado');
  return c.codigo;
}

export async function insertarLineas(db: DbOTx, lineas: (typeof cmd.$inferInsert)[]) {
  if (lineas.length) await db.insert(cmd).values(lineas);
}

export const lineas = (db: DbOTx, codigo: number) =>
  db.select().from(cmd).where(eq(cmd.codigoCertificadoManufactura, codigo)).orderBy(asc(cmd.orden));

export const archivos = (db: DbOTx, codigo: number) =>
  db
    .select()
    .from(cma)
    .where(eq(cma.codigoCertificadoManufactura, codigo))
    .orderBy(asc(cma.codigoCertificadoManufacturaArchivo));

export async function archivo(db: DbOTx, codigoArchivo: number) {
  const [a] = await db.select().from(cma).where(eq(cma.codigoCertificadoManufacturaArchivo, codigoArchivo)).limit(1);
  return a;
}

export async function insertarArchivo(db: DbOTx, valores: typeof cma.$inferInsert) {
  const [a] = await db.insert(cma).values(valores).returning({ codigo: cma.codigoCertificadoManufacturaArchivo });
  return a?.codigo;
}

/**
 * The guarded state change: moves the certificate only if it is still awaiting and enabled. Returns the row
 * or undefined when somebody else moved (or disabled) it first.
 */
export async function cambiarEstado(
  db: DbOTx,
  codigo: number,
  desde: number,
  valores: Partial<typeof cm.$inferInsert> & { codigoEstadoAutorizado: number },
) {
  const [c] = await db
    .update(cm)
    .set({ ...valores, version: sql`${cm.version} + 1` })
    .where(
      and(eq(cm.codigoCertificadoManufactura, codigo), eq(cm.codigoEstadoAutorizado, desde), eq(cm.estadoAnulado, 0)),
    )
    .returning();
  return c;
}

/** Enable/disable guarded by the state read (still awaiting) and the flag read (nobody toggled it meanwhile). */
export async function cambiarAnulado(db: DbOTx, codigo: number, desdeAnulado: number, ahora: Date) {
  const [c] = await db
    .update(cm)
    .set({ estadoAnulado: desdeAnulado === 0 ? 1 : 0, fechaModificacion: ahora, version: sql`${cm.version} + 1` })
    .where(
      and(
        eq(cm.codigoCertificadoManufactura, codigo),
        eq(cm.codigoEstadoAutorizado, 1),
        eq(cm.estadoAnulado, desdeAnulado),
      ),
    )
    .returning({ estadoAnulado: cm.estadoAnulado });
  return c;
}

/** The next certificate number of the sequence (taken only after the guarded update won). */
export async function siguienteNumero(db: DbOTx) {
  const r = await db.execute(sql`select nextval('certificado_manufactura_numero_seq')::int as n`);
  const filas = (r as unknown as { rows: { n: number }[] }).rows;
  return Number(filas[0]?.n);
}

/** Production reports named by certificate lines. */
export async function producciones(db: DbOTx, codigos: number[]) {
  if (!codigos.length) return [];
  return db
    .select({
      codigoProduccion: produccion.codigoProduccion,
      codigoEmpresaUsuario: produccion.codigoEmpresaUsuario,
      codigoCatalogoUsuario: produccion.codigoCatalogoUsuario,
      cantidad: produccion.cantidad,
      fechaProduccion: produccion.fechaProduccion,
    })
    .from(produccion)
    .where(inArray(produccion.codigoProduccion, codigos));
}
