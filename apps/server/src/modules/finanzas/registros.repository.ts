import type { ConsultaPaginada } from '@cronos/contract';
import { and, asc, count, eq, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOTx, Tx } from '../../db/client';
import { empresaUsuario, importador, transportistaUsuario } from '../../db/schema';
import { condicionBusqueda, desplazamiento } from '../../platform/paginacion';

/** A carrier row, locked for its renewal. */
export async function transportistaParaRenovar(tx: Tx, codigoTransportistaUsuario: number) {
  const [t] = await tx
    .select()
    .from(transportistaUsuario)
    .where(eq(transportistaUsuario.codigoTransportistaUsuario, codigoTransportistaUsuario))
    .for('update');
  return t;
}
export async function renovarTransportista(
  tx: Tx,
  codigoTransportistaUsuario: number,
  fechaInicio: string,
  fechaCese: string,
  usuario: string,
) {
  await tx
    .update(transportistaUsuario)
    .set({ fechaInicio, fechaCese, usuarioRegistro: usuario, version: sql`${transportistaUsuario.version} + 1` })
    .where(eq(transportistaUsuario.codigoTransportistaUsuario, codigoTransportistaUsuario));
}

// ---------------------------------------------------------------- importadores
const COLUMNAS_IMPORTADOR = {
  ruc: importador.ruc,
  razonSocial: importador.razonSocial,
  empresa: empresaUsuario.razonSocial,
};

/** One page of the enabled importers with their yearly registration (expired ones first when asked). */
export async function listarRegistroImportadores(
  db: DbOTx,
  q: ConsultaPaginada,
  empresaFiltro: number | null,
  hoy: string,
  soloVencidos: boolean,
) {
  const donde = and(
    eq(importador.estadoAnulado, 0),
    condicionBusqueda(q, COLUMNAS_IMPORTADOR),
    empresaFiltro === null ? undefined : eq(importador.codigoEmpresaUsuario, empresaFiltro),
    soloVencidos ? lt(importador.fechaCese, hoy) : undefined,
  );
  const [filas, [total]] = await Promise.all([
    db
      .select({
        codigoImportador: importador.codigoImportador,
        codigoEmpresaUsuario: importador.codigoEmpresaUsuario,
        empresaUsuario: empresaUsuario.razonSocial,
        ruc: importador.ruc,
        razonSocial: importador.razonSocial,
        fechaInicio: importador.fechaInicio,
        fechaCese: importador.fechaCese,
      })
      .from(importador)
      .innerJoin(empresaUsuario, eq(empresaUsuario.codigoEmpresaUsuario, importador.codigoEmpresaUsuario))
      .where(donde)
      .orderBy(asc(importador.fechaCese), asc(importador.razonSocial), asc(importador.codigoImportador))
      .limit(q.limit)
      .offset(desplazamiento(q)),
    db
      .select({ n: count() })
      .from(importador)
      .innerJoin(empresaUsuario, eq(empresaUsuario.codigoEmpresaUsuario, importador.codigoEmpresaUsuario))
      .where(donde),
  ]);
  return { filas, total: total?.n ?? 0 };
}

/** An importer row, locked for its renewal. */
export async function importadorParaRenovar(tx: Tx, codigoImportador: number) {
  const [i] = await tx.select().from(importador).where(eq(importador.codigoImportador, codigoImportador)).for('update');
  return i;
}
export async function renovarImportador(tx: Tx, codigoImportador: number, fechaInicio: string, fechaCese: string) {
  await tx.update(importador).set({ fechaInicio, fechaCese }).where(eq(importador.codigoImportador, codigoImportador));
}

// ---------------------------------------------------------------- renovaciones que vencen en un periodo
/** A registration due in a period: a carrier (TRANSPORTISTA) or an importer (IMPORTADOR) whose end falls in it. */
export interface RegistroPorVencer {
  tipo: 'TRANSPORTISTA' | 'IMPORTADOR';
  codigo: number;
  codigoEmpresaUsuario: number;
  ruc: string;
  razonSocial: string;
  fechaCese: string;
}

/** Registrations (carriers and importers, not annulled) whose end date is in [desde, hasta]. */
export async function registrosPorVencer(
  db: DbOTx,
  desde: string,
  hasta: string,
  codigoEmpresaUsuario: number | null,
): Promise<RegistroPorVencer[]> {
  const filtroT: (SQL | undefined)[] = [
    eq(transportistaUsuario.estadoAnulado, 0),
    gte(transportistaUsuario.fechaCese, desde),
    lte(transportistaUsuario.fechaCese, hasta),
    codigoEmpresaUsuario === null ? undefined : eq(transportistaUsuario.codigoEmpresaUsuario, codigoEmpresaUsuario),
  ];
  const filtroI: (SQL | undefined)[] = [
    eq(importador.estadoAnulado, 0),
    gte(importador.fechaCese, desde),
    lte(importador.fechaCese, hasta),
    codigoEmpresaUsuario === null ? undefined : eq(importador.codigoEmpresaUsuario, codigoEmpresaUsuario),
  ];
  const [t, i] = await Promise.all([
    db
      .select({
        codigo: transportistaUsuario.codigoTransportistaUsuario,
        codigoEmpresaUsuario: transportistaUsuario.codigoEmpresaUsuario,
        ruc: transportistaUsuario.ruc,
        razonSocial: transportistaUsuario.razonSocial,
        fechaCese: sql<string>`${transportistaUsuario.fechaCese}::text`,
      })
      .from(transportistaUsuario)
      .where(and(...filtroT))
      .orderBy(asc(transportistaUsuario.codigoTransportistaUsuario)),
    db
      .select({
        codigo: importador.codigoImportador,
        codigoEmpresaUsuario: importador.codigoEmpresaUsuario,
        ruc: importador.ruc,
        razonSocial: importador.razonSocial,
        fechaCese: sql<string>`${importador.fechaCese}::text`,
      })
      .from(importador)
      .where(and(...filtroI))
      .orderBy(asc(importador.codigoImportador)),
  ]);
  return [
    ...t.map((r) => ({ ...r, tipo: 'TRANSPORTISTA' as const })),
    ...i.map((r) => ({ ...r, tipo: 'IMPORTADOR' as const })),
  ];
}

/**
 * Extends a registration billed by a run, only if it is still the one that was due (its end unchanged): a renewal
 * by hand in between wins and the run's extension is skipped. True when it was extended.
 */
export async function extenderRegistro(
  tx: Tx,
  r: Pick<RegistroPorVencer, 'tipo' | 'codigo' | 'fechaCese'>,
  fechaInicio: string,
  fechaCese: string,
) {
  if (r.tipo === 'TRANSPORTISTA') {
    const f = await tx
      .update(transportistaUsuario)
      .set({ fechaInicio, fechaCese, version: sql`${transportistaUsuario.version} + 1` })
      .where(
        and(
          eq(transportistaUsuario.codigoTransportistaUsuario, r.codigo),
          eq(transportistaUsuario.fechaCese, r.fechaCese),
        ),
      )
      .returning({ c: transportistaUsuario.codigoTransportistaUsuario });
    return f.length > 0;
  }
  const f = await tx
    .update(importador)
    .set({ fechaInicio, fechaCese })
    .where(and(eq(importador.codigoImportador, r.codigo), eq(importador.fechaCese, r.fechaCese)))
    .returning({ c: importador.codigoImportador });
  return f.length > 0;
}
