import type { ConsultaTransportistas, ORDEN_TRANSPORTISTAS } from '@cronos/contract';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOTx } from '../../db/client';
import { empresaUsuario, transportistaUsuario } from '../../db/schema';
import {
  condicionBusqueda,
  desplazamiento,
  type OrdenesPermitidos,
  ordenLista,
  sinAcentos,
} from '../../platform/paginacion';

const t = transportistaUsuario;
export type FilaTransportistaUsuario = typeof t.$inferSelect;

/** Searchable columns of the truck list; the spec's TV.RUC is a key. */
export const COLUMNAS_TRANSPORTISTA = {
  'TV.RUC': t.ruc,
  'TV.RAZON_SOCIAL': sinAcentos(t.razonSocial),
  ruc: t.ruc,
  razonSocial: sinAcentos(t.razonSocial),
};

/** VIGENTE unless the start date is missing or the minimum date, or the end date is before `hoy`. */
const estadoContrato = (hoy: string) =>
  sql<
    'VIGENTE' | 'VENCIDO'
  >`case when ${t.fechaInicio} is null or ${t.fechaInicio} <= '1900-01-01' or ${t.fechaCese} < ${hoy}::date then 'VENCIDO' else 'VIGENTE' end`;

/** The header sorts of the carriers list, each read from an index of the enabled ones (all or one company's). */
const ORDENES_TRANSPORTISTAS: OrdenesPermitidos<(typeof ORDEN_TRANSPORTISTAS)[number]> = {
  ruc: [t.ruc],
  razonSocial: [t.razonSocial],
  fechaInicio: [t.fechaInicio],
  fechaCese: [t.fechaCese],
};

/** One page of the enabled carriers (of one company, or of all when `empresa` is null) and their total. */
export async function paginaTransportistas(db: DbOTx, q: ConsultaTransportistas, empresa: number | null, hoy: string) {
  const condiciones: (SQL | undefined)[] = [eq(t.estadoAnulado, 0), condicionBusqueda(q, COLUMNAS_TRANSPORTISTA)];
  if (empresa !== null) condiciones.push(eq(t.codigoEmpresaUsuario, empresa));
  const donde = and(...condiciones);
  const [filas, [total]] = await Promise.all([
    db
      .select({
        codigoTransportistaUsuario: t.codigoTransportistaUsuario,
        codigoEmpresaUsuario: t.codigoEmpresaUsuario,
        empresaUsuario: empresaUsuario.razonSocial,
        ruc: t.ruc,
        razonSocial: t.razonSocial,
        direccion: t.direccion,
        fechaInicio: t.fechaInicio,
        fechaCese: t.fechaCese,
        extranjero: t.extranjero,
        estadoContrato: estadoContrato(hoy),
      })
      .from(t)
      .innerJoin(empresaUsuario, eq(empresaUsuario.codigoEmpresaUsuario, t.codigoEmpresaUsuario))
      .where(donde)
      .orderBy(
        ...ordenLista(
          q,
          ORDENES_TRANSPORTISTAS,
          [asc(t.razonSocial), asc(t.codigoTransportistaUsuario)],
          t.codigoTransportistaUsuario,
        ),
      )
      .limit(q.limit)
      .offset(desplazamiento(q)),
    db.select({ n: count() }).from(t).where(donde),
  ]);
  return { filas, total: total?.n ?? 0 };
}

/** A company's enabled carrier by RUC. */
export async function transportistaPorRuc(db: DbOTx, codigoEmpresaUsuario: number, ruc: string) {
  const [f] = await db
    .select()
    .from(t)
    .where(and(eq(t.codigoEmpresaUsuario, codigoEmpresaUsuario), eq(t.ruc, ruc), eq(t.estadoAnulado, 0)))
    .limit(1);
  return f;
}

export async function actualizarTransportista(
  tx: DbOTx,
  codigoTransportistaUsuario: number,
  valores: Partial<typeof t.$inferInsert>,
) {
  const [fila] = await tx
    .update(t)
    .set({ ...valores, version: sql`${t.version} + 1` })
    .where(eq(t.codigoTransportistaUsuario, codigoTransportistaUsuario))
    .returning();
  return fila;
}

export async function insertarTransportista(tx: DbOTx, valores: typeof t.$inferInsert) {
  const [fila] = await tx.insert(t).values(valores).returning();
  return fila;
}
