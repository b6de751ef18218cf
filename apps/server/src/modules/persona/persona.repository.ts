import { and, eq } from 'drizzle-orm';
import type { DbOTx } from '../../db/client';
import { empresaRegistro, empresaUsuario, persona, transportistaUsuario } from '../../db/schema';

export type FilaPersona = typeof persona.$inferSelect;

/** A person of the registry by document type and number. */
export async function personaPorDocumento(db: DbOTx, tipo: string, numero: string) {
  const [p] = await db
    .select()
    .from(persona)
    .where(and(eq(persona.codigoTipoDocumentoIdentidad, tipo), eq(persona.numeroDocumentoIdentidad, numero)))
    .limit(1);
  return p;
}

/** Adds a person unless one with that document already exists (then undefined). */
export async function insertarPersona(tx: DbOTx, valores: typeof persona.$inferInsert) {
  const [p] = await tx.insert(persona).values(valores).onConflictDoNothing().returning();
  return p;
}

/** The carrier contract dates a company has with this RUC, when it has one. */
export async function contratoTransportista(db: DbOTx, ruc: string, codigoEmpresaUsuario: number) {
  const [contrato] = await db
    .select({ fechaInicio: transportistaUsuario.fechaInicio, fechaCese: transportistaUsuario.fechaCese })
    .from(transportistaUsuario)
    .where(and(eq(transportistaUsuario.ruc, ruc), eq(transportistaUsuario.codigoEmpresaUsuario, codigoEmpresaUsuario)))
    .limit(1);
  return contrato;
}

/** The local taxpayer registry's entry for a RUC. */
export async function empresaDelRegistro(db: DbOTx, ruc: string) {
  const [registro] = await db.select().from(empresaRegistro).where(eq(empresaRegistro.ruc, ruc)).limit(1);
  return registro;
}

/** A user company with this RUC (they are known taxpayers too). */
export async function empresaUsuariaPorRuc(db: DbOTx, ruc: string) {
  const [usuaria] = await db
    .select({ razonSocial: empresaUsuario.razonSocial, direccion: empresaUsuario.direccion })
    .from(empresaUsuario)
    .where(eq(empresaUsuario.ruc, ruc))
    .limit(1);
  return usuaria;
}

/** Keeps a provider's answer in the taxpayer registry; false when the RUC was already there. */
export async function insertarEmpresaRegistro(tx: DbOTx, valores: typeof empresaRegistro.$inferInsert) {
  const [nueva] = await tx
    .insert(empresaRegistro)
    .values(valores)
    .onConflictDoNothing()
    .returning({ ruc: empresaRegistro.ruc });
  return Boolean(nueva);
}
