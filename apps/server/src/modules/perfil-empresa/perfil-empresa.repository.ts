import type { ConsultaPaginada } from '@cronos/contract';
import { and, count, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOTx } from '../../db/client';
import { empresaListaBlanca, empresaUsuario, empresaUsuarioEmpleado } from '../../db/schema';
import { desplazamiento } from '../../platform/paginacion';
import { mismaVersion } from '../../platform/version';

export type EmpresaBd = typeof empresaUsuario.$inferSelect;
export type CambiosEmpresa = Partial<typeof empresaUsuario.$inferInsert>;
export type EmpleoBd = typeof empresaUsuarioEmpleado.$inferSelect;
export type CuentasEmpleo = Pick<
  typeof empresaUsuarioEmpleado.$inferInsert,
  'numeroPeruana' | 'numeroPeruano' | 'numeroExtranjero' | 'numeroEmpleadoIndirecto'
>;

export async function empresa(db: DbOTx, codigo: number) {
  const [e] = await db.select().from(empresaUsuario).where(eq(empresaUsuario.codigoEmpresaUsuario, codigo)).limit(1);
  return e;
}

/** Updates the company read at `version`; undefined when somebody saved it meanwhile. */
export async function actualizarEmpresa(tx: DbOTx, codigo: number, cambios: CambiosEmpresa, version?: number | null) {
  const [f] = await tx
    .update(empresaUsuario)
    .set({ ...cambios, version: sql`${empresaUsuario.version} + 1` })
    .where(and(eq(empresaUsuario.codigoEmpresaUsuario, codigo), mismaVersion(empresaUsuario.version, version)))
    .returning({ c: empresaUsuario.codigoEmpresaUsuario });
  return f;
}

// ---- Monthly employment -----------------------------------------------------------------------------

export async function listarEmpleo(db: DbOTx, q: ConsultaPaginada, codigoEmpresa: number) {
  const donde = eq(empresaUsuarioEmpleado.codigoEmpresaUsuario, codigoEmpresa);
  const [filas, [total]] = await Promise.all([
    db
      .select()
      .from(empresaUsuarioEmpleado)
      .where(donde)
      .orderBy(desc(empresaUsuarioEmpleado.anioMes))
      .limit(q.limit)
      .offset(desplazamiento(q)),
    db.select({ n: count() }).from(empresaUsuarioEmpleado).where(donde),
  ]);
  return { filas, total: total?.n ?? 0 };
}

export async function empleo(db: DbOTx, codigo: number) {
  const [f] = await db
    .select()
    .from(empresaUsuarioEmpleado)
    .where(eq(empresaUsuarioEmpleado.codigoEmpresaUsuarioEmpleado, codigo))
    .limit(1);
  return f;
}

/** Edits an enabled record; undefined when it is disabled (a disabled record offers only Habilitar). */
export async function actualizarEmpleo(tx: DbOTx, codigo: number, valores: CuentasEmpleo, version?: number | null) {
  const [hecho] = await tx
    .update(empresaUsuarioEmpleado)
    .set({ ...valores, version: sql`${empresaUsuarioEmpleado.version} + 1` })
    .where(
      and(
        eq(empresaUsuarioEmpleado.codigoEmpresaUsuarioEmpleado, codigo),
        eq(empresaUsuarioEmpleado.estadoAnulado, 0),
        version ? eq(empresaUsuarioEmpleado.version, version) : undefined,
      ),
    )
    .returning({ c: empresaUsuarioEmpleado.codigoEmpresaUsuarioEmpleado });
  return hecho;
}

export async function insertarEmpleo(
  tx: DbOTx,
  valores: CuentasEmpleo &
    Pick<
      typeof empresaUsuarioEmpleado.$inferInsert,
      'codigoEmpresaUsuario' | 'anioMes' | 'usuarioRegistro' | 'fechaRegistro'
    >,
) {
  const [f] = await tx
    .insert(empresaUsuarioEmpleado)
    .values(valores)
    .returning({ codigo: empresaUsuarioEmpleado.codigoEmpresaUsuarioEmpleado });
  return f?.codigo;
}

/** Guarded state change: only from the other state; undefined when it was already there. */
export async function cambiarEstadoEmpleo(tx: DbOTx, codigo: number, estado: number) {
  const [hecho] = await tx
    .update(empresaUsuarioEmpleado)
    .set({ estadoAnulado: estado, version: sql`${empresaUsuarioEmpleado.version} + 1` })
    .where(
      and(
        eq(empresaUsuarioEmpleado.codigoEmpresaUsuarioEmpleado, codigo),
        eq(empresaUsuarioEmpleado.estadoAnulado, 1 - estado),
      ),
    )
    .returning({ c: empresaUsuarioEmpleado.codigoEmpresaUsuarioEmpleado });
  return hecho;
}

// ---- Extensions (lista blanca) ----------------------------------------------------------------------

/** One page of extensions (of one company, or of all with null); active = the newest one, not expired on `hoy`. */
export async function listarProrrogas(db: DbOTx, q: ConsultaPaginada, codigoEmpresa: number | null, hoy: string) {
  const condiciones: SQL[] = [];
  if (codigoEmpresa !== null) condiciones.push(eq(empresaListaBlanca.codigoEmpresaUsuario, codigoEmpresa));
  const donde = condiciones.length ? and(...condiciones) : undefined;
  const [filas, [total]] = await Promise.all([
    db
      .select({
        codigoEmpresaListaBlanca: empresaListaBlanca.codigoEmpresaListaBlanca,
        codigoEmpresaUsuario: empresaListaBlanca.codigoEmpresaUsuario,
        ruc: empresaUsuario.ruc,
        empresa: empresaUsuario.razonSocial,
        fechaExpiracionHasta: empresaListaBlanca.fechaExpiracionHasta,
        documentoAutorizacion: empresaListaBlanca.documentoAutorizacion,
        usuarioRegistro: empresaListaBlanca.usuarioRegistro,
        estadoRegistro: sql<number>`case when ${empresaListaBlanca.estadoRegistro} = 1 and ${empresaListaBlanca.fechaExpiracionHasta} >= ${hoy} then 1 else 0 end`,
        rutaArchivo: sql<string>`'EmpresaListaBlanca/DescargarArchivo?CodigoEmpresaListaBlanca=' || ${empresaListaBlanca.codigoEmpresaListaBlanca}`,
        nombreArchivo: empresaListaBlanca.nombreArchivo,
        fechaRegistro: empresaListaBlanca.fechaRegistro,
      })
      .from(empresaListaBlanca)
      .innerJoin(empresaUsuario, eq(empresaUsuario.codigoEmpresaUsuario, empresaListaBlanca.codigoEmpresaUsuario))
      .where(donde)
      .orderBy(desc(empresaListaBlanca.fechaRegistro), desc(empresaListaBlanca.codigoEmpresaListaBlanca))
      .limit(q.limit)
      .offset(desplazamiento(q)),
    db.select({ n: count() }).from(empresaListaBlanca).where(donde),
  ]);
  return { filas, total: total?.n ?? 0 };
}

/** Adds an extension; the company's earlier ones become inactive (the newest one is the active one). */
export async function registrarProrroga(
  tx: DbOTx,
  valores: Omit<typeof empresaListaBlanca.$inferInsert, 'codigoEmpresaListaBlanca' | 'estadoRegistro'> & {
    codigoEmpresaUsuario: number;
  },
) {
  await tx
    .update(empresaListaBlanca)
    .set({ estadoRegistro: 0 })
    .where(
      and(
        eq(empresaListaBlanca.codigoEmpresaUsuario, valores.codigoEmpresaUsuario),
        ne(empresaListaBlanca.estadoRegistro, 0),
      ),
    );
  const [f] = await tx
    .insert(empresaListaBlanca)
    .values(valores)
    .returning({ codigo: empresaListaBlanca.codigoEmpresaListaBlanca });
  return f?.codigo;
}

export async function prorroga(db: DbOTx, codigo: number) {
  const [f] = await db
    .select()
    .from(empresaListaBlanca)
    .where(eq(empresaListaBlanca.codigoEmpresaListaBlanca, codigo))
    .limit(1);
  return f;
}
