import type { ConsultaTrabajadores, ORDEN_TRABAJADORES } from '@cronos/contract';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOTx } from '../../db/client';
import { controlColaboradorEmpresa as cce, empresaUsuario, nombreColaborador, persona } from '../../db/schema';
import {
  condicionBusqueda,
  desplazamiento,
  type OrdenesPermitidos,
  ordenLista,
  sinAcentos,
} from '../../platform/paginacion';
import { mismaVersion } from '../../platform/version';

export type FilaTrabajadorBd = typeof cce.$inferSelect;
export type ValoresTrabajador = Omit<
  typeof cce.$inferInsert,
  | 'codigoControlColaboradorEmpresa'
  | 'codigoEmpresaUsuario'
  | 'estadoAnulado'
  | 'usuarioRegistro'
  | 'fechaRegistro'
  | 'version'
>;
export type Persona = typeof persona.$inferSelect;

const colaborador = nombreColaborador(cce);
const colaboradorSinAcentos = sinAcentos(colaborador);
const COLUMNAS = {
  RUC: empresaUsuario.ruc,
  'E.RUC': empresaUsuario.ruc,
  DOCUMENTO: cce.numeroDocumentoIdentidad,
  numeroDocumentoIdentidad: cce.numeroDocumentoIdentidad,
  COLABORADOR: colaboradorSinAcentos,
  colaborador: colaboradorSinAcentos,
};

/** The header sorts of the workers list, each read from an index (schema) for the zone and within a company. */
const ORDENES_TRABAJADORES: OrdenesPermitidos<(typeof ORDEN_TRABAJADORES)[number]> = {
  numeroDocumentoIdentidad: [cce.numeroDocumentoIdentidad],
  colaborador: [colaborador],
};

/** One page of workers (of one company, or of all with null); disabled ones stay listed. */
export async function listar(db: DbOTx, q: ConsultaTrabajadores, empresa: number | null) {
  const condiciones: (SQL | undefined)[] = [condicionBusqueda(q, COLUMNAS)];
  if (empresa !== null) condiciones.push(eq(cce.codigoEmpresaUsuario, empresa));
  const donde = and(...condiciones);
  const [filas, [total]] = await Promise.all([
    db
      .select({
        codigoControlColaboradorEmpresa: cce.codigoControlColaboradorEmpresa,
        codigoEmpresaUsuario: cce.codigoEmpresaUsuario,
        ruc: empresaUsuario.ruc,
        razonSocial: empresaUsuario.razonSocial,
        codeTipoDocumentoPeaton: cce.codeTipoDocumentoPeaton,
        numeroDocumentoIdentidad: cce.numeroDocumentoIdentidad,
        colaborador,
        nacionalidad: cce.nacionalidad,
        codigoCargo: cce.codigoCargo,
        codigoControl: cce.codigoControl,
        lunes: cce.lunes,
        martes: cce.martes,
        miercoles: cce.miercoles,
        jueves: cce.jueves,
        viernes: cce.viernes,
        sabado: cce.sabado,
        domingo: cce.domingo,
        fechaCese: cce.fechaVencimientoContrato,
        estadoAnulado: cce.estadoAnulado,
      })
      .from(cce)
      .innerJoin(empresaUsuario, eq(empresaUsuario.codigoEmpresaUsuario, cce.codigoEmpresaUsuario))
      .where(donde)
      .orderBy(
        ...ordenLista(
          q,
          ORDENES_TRABAJADORES,
          [desc(cce.fechaRegistro), desc(cce.codigoControlColaboradorEmpresa)],
          cce.codigoControlColaboradorEmpresa,
        ),
      )
      .limit(q.limit)
      .offset(desplazamiento(q)),
    db
      .select({ n: count() })
      .from(cce)
      .innerJoin(empresaUsuario, eq(empresaUsuario.codigoEmpresaUsuario, cce.codigoEmpresaUsuario))
      .where(donde),
  ]);
  return { filas, total: total?.n ?? 0 };
}

export async function buscar(db: DbOTx, codigo: number) {
  const [f] = await db.select().from(cce).where(eq(cce.codigoControlColaboradorEmpresa, codigo)).limit(1);
  return f;
}

/** The RENIEC registry (persona) entries of these DNIs: names for type-1 workers come from there. */
export async function personasPorDni(db: DbOTx, dnis: string[]) {
  if (!dnis.length) return new Map<string, Persona>();
  const filas = await db
    .select()
    .from(persona)
    .where(and(eq(persona.codigoTipoDocumentoIdentidad, '1'), inArray(persona.numeroDocumentoIdentidad, dnis)));
  return new Map(filas.map((p) => [p.numeroDocumentoIdentidad, p]));
}

/**
 * Edits an enabled worker read at `version`. Undefined when nothing changed: the worker is disabled (a
 * disabled worker offers only Habilitar, spec 02 §1) or somebody saved it meanwhile; `estadoActual` tells which.
 */
export async function actualizar(tx: DbOTx, codigo: number, valores: ValoresTrabajador, version?: number | null) {
  const [hecho] = await tx
    .update(cce)
    .set({ ...valores, version: sql`${cce.version} + 1` })
    .where(
      and(
        eq(cce.codigoControlColaboradorEmpresa, codigo),
        eq(cce.estadoAnulado, 0),
        mismaVersion(cce.version, version),
      ),
    )
    .returning({ c: cce.codigoControlColaboradorEmpresa });
  return hecho;
}

export async function estadoActual(tx: DbOTx, codigo: number) {
  const [f] = await tx
    .select({ estado: cce.estadoAnulado })
    .from(cce)
    .where(eq(cce.codigoControlColaboradorEmpresa, codigo));
  return f?.estado;
}

type NuevoTrabajador = ValoresTrabajador &
  Pick<typeof cce.$inferInsert, 'codigoEmpresaUsuario' | 'usuarioRegistro' | 'fechaRegistro'>;

export async function insertar(tx: DbOTx, valores: NuevoTrabajador) {
  const [f] = await tx.insert(cce).values(valores).returning({ c: cce.codigoControlColaboradorEmpresa });
  return f?.c ?? 0;
}

/** Inserts an import's workers in batches of 500 rows. */
export async function insertarVarios(tx: DbOTx, valores: NuevoTrabajador[]) {
  for (let i = 0; i < valores.length; i += 500) await tx.insert(cce).values(valores.slice(i, i + 500));
}

/** Guarded state change: only from the other state; undefined when it was already there. */
export async function cambiarEstado(tx: DbOTx, codigo: number, estado: number) {
  const [hecho] = await tx
    .update(cce)
    .set({ estadoAnulado: estado, version: sql`${cce.version} + 1` })
    .where(and(eq(cce.codigoControlColaboradorEmpresa, codigo), eq(cce.estadoAnulado, 1 - estado)))
    .returning({ c: cce.codigoControlColaboradorEmpresa });
  return hecho;
}

/** 'tipo|número' of the company's workers holding any of these document numbers. */
export async function documentosRegistrados(db: DbOTx, empresa: number, numeros: string[]) {
  const filas = await db
    .select({ t: cce.codeTipoDocumentoPeaton, n: cce.numeroDocumentoIdentidad })
    .from(cce)
    .where(and(eq(cce.codigoEmpresaUsuario, empresa), inArray(cce.numeroDocumentoIdentidad, [...numeros, ''])));
  return new Set(filas.map((x) => `${x.t}|${x.n}`));
}
