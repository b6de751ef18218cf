import {
  type ConsultaPaginada,
  DIAS_SEMANA,
  MENSAJES_ADMINISTRACION,
  ROLES_MULTIEMPRESA_FINANZAS,
  type TrabajadorFormulario,
} from '@cronos/contract';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOTx } from '../../db/client';
import { controlColaboradorEmpresa as cce, empresaUsuario, persona } from '../../db/schema';
import { permite } from '../../platform/acceso';
import { auditar } from '../../platform/auditoria';
import type { Ctx } from '../../platform/contexto';
import { conflicto, errorCampos, noEncontrado, prohibido, reglaNegocio } from '../../platform/errores';
import { condicionBusqueda, desplazamiento, meta } from '../../platform/paginacion';
import { empresaParaEscribir, empresaParaListar, exigirEmpresa } from '../../platform/tenencia';
import { mismaVersion } from '../../platform/version';
import { esViolacionUnica } from '../catalogo/catalogo.service';

export const MODULO_TRABAJADORES = 'administration/workers';
/** Workers: operator roles 1, 2, 4 and 9 see every company (spec 02 §6: 1, 4 and 9 use -1). */
const ROLES = ROLES_MULTIEMPRESA_FINANZAS;

const colaborador = sql<string>`trim(${cce.apellidoPaterno} || ' ' || ${cce.apellidoMaterno} || ', ' || ${cce.nombre})`;
const COLUMNAS = {
  RUC: empresaUsuario.ruc,
  'E.RUC': empresaUsuario.ruc,
  DOCUMENTO: cce.numeroDocumentoIdentidad,
  numeroDocumentoIdentidad: cce.numeroDocumentoIdentidad,
  COLABORADOR: colaborador,
  colaborador,
};

export async function listar(ctx: Ctx, q: ConsultaPaginada) {
  const empresa = empresaParaListar(ctx.actor, q.CodigoEmpresaUsuario, ROLES);
  // Disabled workers stay listed (red, only Habilitar; spec 02 §1).
  const condiciones: (SQL | undefined)[] = [condicionBusqueda(q, COLUMNAS)];
  if (empresa !== null) condiciones.push(eq(cce.codigoEmpresaUsuario, empresa));
  const donde = and(...condiciones);
  const [filas, [total]] = await Promise.all([
    ctx.db
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
      .orderBy(desc(cce.fechaRegistro), desc(cce.codigoControlColaboradorEmpresa))
      .limit(q.limit)
      .offset(desplazamiento(q)),
    ctx.db
      .select({ n: count() })
      .from(cce)
      .innerJoin(empresaUsuario, eq(empresaUsuario.codigoEmpresaUsuario, cce.codigoEmpresaUsuario))
      .where(donde),
  ]);
  return { filas, meta: meta(q, total?.n ?? 0) };
}

export async function consultar(ctx: Ctx, codigo: number) {
  const [f] = await ctx.db.select().from(cce).where(eq(cce.codigoControlColaboradorEmpresa, codigo)).limit(1);
  if (!f) throw noEncontrado();
  exigirEmpresa(ctx.actor, f.codigoEmpresaUsuario, ROLES);
  return {
    ...f,
    nombreCompleto: `${f.nombre} ${f.apellidoPaterno} ${f.apellidoMaterno}`.trim(),
    dias: DIAS_SEMANA.flatMap((d, i) => (f[d] === 1 ? [i + 1] : [])),
    fechaRegistro: f.fechaRegistro.toISOString(),
  };
}

/** The RENIEC registry (persona) entries of these DNIs: names for type-1 workers come from there. */
export async function personasPorDni(db: DbOTx, dnis: string[]) {
  if (!dnis.length) return new Map<string, typeof persona.$inferSelect>();
  const filas = await db
    .select()
    .from(persona)
    .where(and(eq(persona.codigoTipoDocumentoIdentidad, '1'), inArray(persona.numeroDocumentoIdentidad, dnis)));
  return new Map(filas.map((p) => [p.numeroDocumentoIdentidad, p]));
}

export function valoresTrabajador(d: TrabajadorFormulario, p?: typeof persona.$inferSelect) {
  return {
    condicionLaboral: d.condicionLaboral,
    codeTipoDocumentoPeaton: d.codeTipoDocumentoPeaton,
    numeroDocumentoIdentidad: d.numeroDocumentoIdentidad,
    apellidoPaterno: p?.apellidoPaterno ?? d.apellidoPaterno,
    apellidoMaterno: p?.apellidoMaterno ?? d.apellidoMaterno,
    nombre: p?.nombres ?? d.nombre,
    codigoPersona: p?.codigoPersona ?? null,
    genero: d.genero || null,
    nacionalidad: d.nacionalidad || null,
    codigoCargo: d.codigoCargo,
    codigoControl: d.codigoControl,
    fechaInicioContrato: d.fechaInicioContrato,
    fechaVencimientoContrato: d.fechaVencimientoContrato || null,
    placa: d.placa || null,
    fechaInicioSoat: d.placa ? d.fechaInicioSoat || null : null,
    fechaFinSoat: d.placa ? d.fechaFinSoat || null : null,
    lunes: d.lunes,
    martes: d.martes,
    miercoles: d.miercoles,
    jueves: d.jueves,
    viernes: d.viernes,
    sabado: d.sabado,
    domingo: d.domingo,
  };
}

/**
 * GuardarControColaboradorEmpresa: creates or edits a worker. For a DNI the names are those of the RENIEC
 * lookup (the registry), never typed: without a lookup (no codigoPersona matching the DNI) it is refused.
 */
export async function guardar(ctx: Ctx, d: TrabajadorFormulario) {
  const editar = !!d.codigoControlColaboradorEmpresa;
  if (!permite(ctx.actor, MODULO_TRABAJADORES, editar ? 'editar' : 'agregar')) throw prohibido();
  let empresa: number;
  let antes: Awaited<ReturnType<typeof consultar>> | undefined;
  if (editar) {
    antes = await consultar(ctx, d.codigoControlColaboradorEmpresa ?? 0);
    empresa = antes.codigoEmpresaUsuario;
  } else empresa = empresaParaEscribir(ctx.actor, d.codigoEmpresaUsuario, ROLES);
  let p: typeof persona.$inferSelect | undefined;
  if (d.codeTipoDocumentoPeaton === '1') {
    p = (await personasPorDni(ctx.db, [d.numeroDocumentoIdentidad])).get(d.numeroDocumentoIdentidad);
    if (!p || (d.codigoPersona && d.codigoPersona !== p.codigoPersona) || (!d.codigoPersona && !antes?.codigoPersona)) {
      throw errorCampos({ numeroDocumentoIdentidad: [MENSAJES_ADMINISTRACION.consultaReniec] });
    }
  }
  const valores = valoresTrabajador(d, p);
  try {
    return await ctx.db.transaction(async (tx) => {
      let codigo = d.codigoControlColaboradorEmpresa ?? 0;
      if (editar) {
        // A disabled worker offers only Habilitar (spec 02 §1): the edit is guarded on the enabled state.
        const [hecho] = await tx
          .update(cce)
          .set({ ...valores, version: sql`${cce.version} + 1` })
          .where(
            and(
              eq(cce.codigoControlColaboradorEmpresa, codigo),
              eq(cce.estadoAnulado, 0),
              mismaVersion(cce.version, d.version),
            ),
          )
          .returning({ c: cce.codigoControlColaboradorEmpresa });
        if (!hecho) {
          const [ahora] = await tx
            .select({ estado: cce.estadoAnulado })
            .from(cce)
            .where(eq(cce.codigoControlColaboradorEmpresa, codigo));
          if (ahora?.estado !== 0) throw reglaNegocio(MENSAJES_ADMINISTRACION.registroDeshabilitado);
          throw conflicto();
        }
      } else {
        const [f] = await tx
          .insert(cce)
          .values({
            ...valores,
            codigoEmpresaUsuario: empresa,
            usuarioRegistro: ctx.actor.nombreUsuario,
            fechaRegistro: ctx.ahora(),
          })
          .returning({ c: cce.codigoControlColaboradorEmpresa });
        codigo = f?.c ?? 0;
      }
      await auditar(tx, ctx, {
        tipo: editar ? 'TRABAJADOR_EDITAR' : 'TRABAJADOR_REGISTRAR',
        detalle: `Trabajador ${valores.numeroDocumentoIdentidad}`,
        entidad: 'control_colaborador_empresa',
        codigoEntidad: codigo,
        antes,
        despues: valores,
        codigoEmpresaUsuario: empresa,
      });
      return codigo;
    });
  } catch (e) {
    if (esViolacionUnica(e))
      throw errorCampos({ numeroDocumentoIdentidad: [MENSAJES_ADMINISTRACION.documentoRegistrado] });
    throw e;
  }
}

/** Disables (1) or enables (0) a worker; guarded on the opposite state, with its audit row. */
export async function cambiarEstado(ctx: Ctx, codigo: number, estado: number) {
  if (!permite(ctx.actor, MODULO_TRABAJADORES, 'editar')) throw prohibido();
  const antes = await consultar(ctx, codigo);
  await ctx.db.transaction(async (tx) => {
    const [hecho] = await tx
      .update(cce)
      .set({ estadoAnulado: estado, version: sql`${cce.version} + 1` })
      .where(and(eq(cce.codigoControlColaboradorEmpresa, codigo), eq(cce.estadoAnulado, 1 - estado)))
      .returning({ c: cce.codigoControlColaboradorEmpresa });
    if (!hecho) throw reglaNegocio(MENSAJES_ADMINISTRACION.yaEnEseEstado);
    await auditar(tx, ctx, {
      tipo: estado === 1 ? 'TRABAJADOR_DESHABILITAR' : 'TRABAJADOR_HABILITAR',
      detalle: `Trabajador ${antes.numeroDocumentoIdentidad}`,
      entidad: 'control_colaborador_empresa',
      codigoEntidad: codigo,
      antes: { estadoAnulado: antes.estadoAnulado },
      despues: { estadoAnulado: estado },
      codigoEmpresaUsuario: antes.codigoEmpresaUsuario,
    });
  });
}
