import {
  type ConsultaPaginada,
  type EmpleoFormulario,
  type EmpresaFormulario,
  MENSAJES_ADMINISTRACION,
  MESES,
  ROL,
  ROLES_MULTIEMPRESA,
  USUARIOS_PRORROGA,
  type TipoAuditoria,
} from '@cronos/contract';
import { and, count, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import { empresaListaBlanca, empresaUsuario, empresaUsuarioEmpleado } from '../../db/schema';
import { permite } from '../../platform/acceso';
import type { ArchivoGuardado } from '../../platform/archivos';
import { auditar } from '../../platform/auditoria';
import type { Ctx } from '../../platform/contexto';
import { AppError, conflicto, errorCampos, noEncontrado, prohibido, reglaNegocio } from '../../platform/errores';
import { desplazamiento, meta } from '../../platform/paginacion';
import { empresaParaEscribir, empresaParaListar } from '../../platform/tenencia';
import { mismaVersion } from '../../platform/version';
import { esViolacionUnica } from '../catalogo/catalogo.service';

export const MODULO_EMPRESA = 'administration/company';

const exigir = (ctx: Ctx, accion: 'agregar' | 'editar') => {
  if (!permite(ctx.actor, MODULO_EMPRESA, accion)) throw prohibido();
};
/** The company the profile acts on: operator roles 1, 2, 4 may pick one; others only their own (else 404). */
const empresaDe = (ctx: Ctx, solicitada?: number | null) =>
  empresaParaEscribir(ctx.actor, solicitada, ROLES_MULTIEMPRESA);
const nulo = (v: string | null | undefined) => (v === undefined || v === '' ? null : v);

export async function consultar(ctx: Ctx, codigo?: number) {
  const c = empresaDe(ctx, codigo);
  const [e] = await ctx.db.select().from(empresaUsuario).where(eq(empresaUsuario.codigoEmpresaUsuario, c)).limit(1);
  if (!e) throw noEncontrado();
  return { ...e, fechaRegistro: e.fechaRegistro.toISOString() };
}

async function actualizar(
  ctx: Ctx,
  codigo: number,
  tipo: TipoAuditoria,
  cambios: Partial<typeof empresaUsuario.$inferInsert>,
  version?: number | null,
) {
  exigir(ctx, 'editar');
  const c = empresaDe(ctx, codigo);
  const antes = await consultar(ctx, c);
  await ctx.db.transaction(async (tx) => {
    try {
      const [f] = await tx
        .update(empresaUsuario)
        .set({ ...cambios, version: sql`${empresaUsuario.version} + 1` })
        .where(and(eq(empresaUsuario.codigoEmpresaUsuario, c), mismaVersion(empresaUsuario.version, version)))
        .returning({ c: empresaUsuario.codigoEmpresaUsuario });
      if (!f) throw conflicto();
    } catch (e) {
      if (esViolacionUnica(e)) throw errorCampos({ ruc: ['El RUC ya está registrado en otra empresa.'] });
      throw e;
    }
    await auditar(tx, ctx, {
      tipo,
      entidad: 'empresa_usuario',
      codigoEntidad: c,
      antes,
      despues: cambios,
      codigoEmpresaUsuario: c,
    });
  });
  return true;
}

/**
 * The company form. Contract number, warehouse switch and the identity of the company (RUC, name) are the
 * operator's: only role 1 changes them; for anybody else those fields keep their stored values.
 */
export async function actualizarEmpresa(ctx: Ctx, d: EmpresaFormulario) {
  const cambios: Partial<typeof empresaUsuario.$inferInsert> = {
    nombreComercial: nulo(d.nombreComercial),
    direccion: nulo(d.direccion),
    codigoTipoEmpresa: nulo(d.codigoTipoEmpresa),
    codigoTipoUsuario: nulo(d.codigoTipoUsuario),
    fechaContrato: nulo(d.fechaContrato),
    fechaInicioOperacion: nulo(d.fechaInicioOperacion),
    representanteLegal: nulo(d.representanteLegal),
    empresaCodigoAduana: nulo(d.empresaCodigoAduana),
    correoEletronico: nulo(d.correoEletronico),
    numeroTelefonico: nulo(d.numeroTelefonico),
    codigoTipoActividad: nulo(d.codigoTipoActividad),
    codigoCondicion: nulo(d.codigoCondicion),
  };
  if (ctx.actor.codigoRol === ROL.SuperAdministrador) {
    Object.assign(cambios, { ruc: d.ruc, razonSocial: d.razonSocial, numeroContrato: nulo(d.numeroContrato) });
    if (d.indicadorAlmacenActivo !== undefined) cambios.indicadorAlmacenActivo = d.indicadorAlmacenActivo;
  }
  return actualizar(ctx, d.codigoEmpresaUsuario, 'EMPRESA_ACTUALIZAR', cambios, d.version);
}

export async function actualizarCorreos(ctx: Ctx, codigo: number, correos: string[], version?: number | null) {
  return actualizar(
    ctx,
    codigo,
    'EMPRESA_CORREOS',
    { correoElectronicoNotificacion: correos.join('; ') || null },
    version,
  );
}

export async function actualizarAdicionales(
  ctx: Ctx,
  d: { codigoEmpresaUsuario: number } & Record<string, string | null | undefined | number>,
) {
  const t = (k: string) => nulo(d[k] === null || d[k] === undefined ? null : String(d[k]));
  return actualizar(
    ctx,
    d.codigoEmpresaUsuario,
    'EMPRESA_DATOS_ADICIONALES',
    {
      areaTotal: t('areaTotal'),
      numeroLote: t('numeroLote'),
      areaConstruida: t('areaConstruida'),
      inversionComprometida: t('inversionComprometida'),
      inversionNacional: t('inversionNacional'),
      inversionExtranjera: t('inversionExtranjera'),
    },
    typeof d.version === 'number' ? d.version : null,
  );
}

// ---- Monthly employment -----------------------------------------------------------------------------

const filaEmpleo = (f: typeof empresaUsuarioEmpleado.$inferSelect) => ({
  CodigoEmpresaUsuarioEmpleado: f.codigoEmpresaUsuarioEmpleado,
  codigoEmpresaUsuario: f.codigoEmpresaUsuario,
  anioMes: f.anioMes,
  anio: Number(f.anioMes.slice(0, 4)),
  descripcionMes: MESES[Number(f.anioMes.slice(5, 7)) - 1] ?? '',
  numeroPeruana: f.numeroPeruana,
  numeroPeruano: f.numeroPeruano,
  numeroExtranjero: f.numeroExtranjero,
  numeroEmpleadoIndirecto: f.numeroEmpleadoIndirecto,
  estadoAnulado: f.estadoAnulado,
  usuarioRegistro: f.usuarioRegistro,
  fechaRegistro: f.fechaRegistro.toISOString(),
});

export async function listarEmpleo(ctx: Ctx, q: ConsultaPaginada) {
  const c = empresaDe(ctx, q.CodigoEmpresaUsuario);
  const donde = eq(empresaUsuarioEmpleado.codigoEmpresaUsuario, c);
  const [filas, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(empresaUsuarioEmpleado)
      .where(donde)
      .orderBy(desc(empresaUsuarioEmpleado.anioMes))
      .limit(q.limit)
      .offset(desplazamiento(q)),
    ctx.db.select({ n: count() }).from(empresaUsuarioEmpleado).where(donde),
  ]);
  return { filas: filas.map(filaEmpleo), meta: meta(q, total?.n ?? 0) };
}

async function empleo(ctx: Ctx, codigo: number) {
  const [f] = await ctx.db
    .select()
    .from(empresaUsuarioEmpleado)
    .where(eq(empresaUsuarioEmpleado.codigoEmpresaUsuarioEmpleado, codigo))
    .limit(1);
  if (!f) throw noEncontrado();
  empresaDe(ctx, f.codigoEmpresaUsuario);
  return f;
}

export async function consultarEmpleo(ctx: Ctx, codigo: number, empresa?: number) {
  const f = await empleo(ctx, codigo);
  if (empresa && empresa > 0 && empresa !== f.codigoEmpresaUsuario) throw noEncontrado();
  return filaEmpleo(f);
}

/** One record per month; the month cannot change when editing (spec 02 §4). */
export async function guardarEmpleo(ctx: Ctx, d: EmpleoFormulario) {
  const valores = {
    numeroPeruana: d.numeroPeruana,
    numeroPeruano: d.numeroPeruano,
    numeroExtranjero: d.numeroExtranjero,
    numeroEmpleadoIndirecto: d.numeroEmpleadoIndirecto,
  };
  if (d.CodigoEmpresaUsuarioEmpleado) {
    exigir(ctx, 'editar');
    const antes = await empleo(ctx, d.CodigoEmpresaUsuarioEmpleado);
    if (d.anioMes !== antes.anioMes) throw errorCampos({ anioMes: [MENSAJES_ADMINISTRACION.mesNoEditable] });
    await ctx.db.transaction(async (tx) => {
      // A disabled record offers only Habilitar (spec 02 §1): the edit is guarded on the enabled state.
      const [hecho] = await tx
        .update(empresaUsuarioEmpleado)
        .set({ ...valores, version: sql`${empresaUsuarioEmpleado.version} + 1` })
        .where(
          and(
            eq(empresaUsuarioEmpleado.codigoEmpresaUsuarioEmpleado, antes.codigoEmpresaUsuarioEmpleado),
            eq(empresaUsuarioEmpleado.estadoAnulado, 0),
          ),
        )
        .returning({ c: empresaUsuarioEmpleado.codigoEmpresaUsuarioEmpleado });
      if (!hecho) throw reglaNegocio(MENSAJES_ADMINISTRACION.registroDeshabilitado);
      await auditar(tx, ctx, {
        tipo: 'EMPLEO_EDITAR',
        entidad: 'empresa_usuario_empleado',
        codigoEntidad: antes.codigoEmpresaUsuarioEmpleado,
        antes,
        despues: valores,
        codigoEmpresaUsuario: antes.codigoEmpresaUsuario,
      });
    });
    return antes.codigoEmpresaUsuarioEmpleado;
  }
  exigir(ctx, 'agregar');
  const c = empresaDe(ctx, d.codigoEmpresaUsuario);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [f] = await tx
        .insert(empresaUsuarioEmpleado)
        .values({
          codigoEmpresaUsuario: c,
          anioMes: d.anioMes,
          ...valores,
          usuarioRegistro: ctx.actor.nombreUsuario,
          fechaRegistro: ctx.ahora(),
        })
        .returning({ codigo: empresaUsuarioEmpleado.codigoEmpresaUsuarioEmpleado });
      await auditar(tx, ctx, {
        tipo: 'EMPLEO_REGISTRAR',
        detalle: `Empleo ${d.anioMes}`,
        entidad: 'empresa_usuario_empleado',
        codigoEntidad: f?.codigo,
        despues: valores,
        codigoEmpresaUsuario: c,
      });
      return f?.codigo ?? 0;
    });
  } catch (e) {
    if (esViolacionUnica(e)) throw errorCampos({ anioMes: [MENSAJES_ADMINISTRACION.mesRegistrado] });
    throw e;
  }
}

/** Disables (1) or enables (0) a monthly record; guarded on the opposite state, with its audit row. */
export async function cambiarEstadoEmpleo(ctx: Ctx, codigo: number, estado: number) {
  exigir(ctx, 'editar');
  const antes = await empleo(ctx, codigo);
  await ctx.db.transaction(async (tx) => {
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
    if (!hecho) throw reglaNegocio(MENSAJES_ADMINISTRACION.yaEnEseEstado);
    await auditar(tx, ctx, {
      tipo: estado === 1 ? 'EMPLEO_DESHABILITAR' : 'EMPLEO_HABILITAR',
      detalle: `Empleo ${antes.anioMes}`,
      entidad: 'empresa_usuario_empleado',
      codigoEntidad: codigo,
      antes: { estadoAnulado: antes.estadoAnulado },
      despues: { estadoAnulado: estado },
      codigoEmpresaUsuario: antes.codigoEmpresaUsuario,
    });
  });
}

// ---- Extensions (lista blanca) ----------------------------------------------------------------------

export async function listarProrrogas(ctx: Ctx, q: ConsultaPaginada, hoy: string) {
  const c = empresaParaListar(ctx.actor, q.CodigoEmpresaUsuario, ROLES_MULTIEMPRESA);
  const condiciones: SQL[] = [];
  if (c !== null) condiciones.push(eq(empresaListaBlanca.codigoEmpresaUsuario, c));
  const donde = condiciones.length ? and(...condiciones) : undefined;
  const [filas, [total]] = await Promise.all([
    ctx.db
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
    ctx.db.select({ n: count() }).from(empresaListaBlanca).where(donde),
  ]);
  return {
    filas: filas.map((f) => ({ ...f, fechaRegistro: f.fechaRegistro.toISOString() })),
    meta: meta(q, total?.n ?? 0),
  };
}

/** Only user codes 1, 48 and 202 add extensions (spec 02 §6); the newest one of a company is the active one. */
export function exigirPuedeProrrogar(ctx: Ctx) {
  if (!USUARIOS_PRORROGA.includes(ctx.actor.codigoUsuario))
    throw new AppError(403, MENSAJES_ADMINISTRACION.prorrogaNoAutorizado);
}

export async function registrarProrroga(
  ctx: Ctx,
  d: { FechaExpiracionHasta: string; DocumentoAutorizacion: string; CodigoEmpresaUsuario: number },
  pdf: ArchivoGuardado,
  ayer: string,
) {
  exigirPuedeProrrogar(ctx);
  if (d.FechaExpiracionHasta < ayer)
    throw errorCampos({ FechaExpiracionHasta: [MENSAJES_ADMINISTRACION.fechaDesdeAyer] });
  const c = empresaDe(ctx, d.CodigoEmpresaUsuario);
  return ctx.db.transaction(async (tx) => {
    await tx
      .update(empresaListaBlanca)
      .set({ estadoRegistro: 0 })
      .where(and(eq(empresaListaBlanca.codigoEmpresaUsuario, c), ne(empresaListaBlanca.estadoRegistro, 0)));
    const [f] = await tx
      .insert(empresaListaBlanca)
      .values({
        codigoEmpresaUsuario: c,
        fechaExpiracionHasta: d.FechaExpiracionHasta,
        documentoAutorizacion: d.DocumentoAutorizacion.toUpperCase(),
        rutaArchivo: pdf.rutaArchivo,
        nombreArchivo: pdf.nombreArchivo,
        tamanio: pdf.tamanio,
        codigoUsuario: ctx.actor.codigoUsuario,
        usuarioRegistro: ctx.actor.nombreUsuario,
        fechaRegistro: ctx.ahora(),
      })
      .returning({ codigo: empresaListaBlanca.codigoEmpresaListaBlanca });
    if (!f) throw reglaNegocio('No se pudo registrar la prórroga');
    await auditar(tx, ctx, {
      tipo: 'PRORROGA_REGISTRAR',
      detalle: `Prórroga hasta ${d.FechaExpiracionHasta} (${d.DocumentoAutorizacion})`,
      entidad: 'empresa_lista_blanca',
      codigoEntidad: f.codigo,
      despues: { ...d, rutaArchivo: pdf.rutaArchivo, sha256: pdf.sha256 },
      codigoEmpresaUsuario: c,
    });
    return f.codigo;
  });
}

export async function archivoProrroga(ctx: Ctx, codigo: number) {
  const [f] = await ctx.db
    .select()
    .from(empresaListaBlanca)
    .where(eq(empresaListaBlanca.codigoEmpresaListaBlanca, codigo))
    .limit(1);
  if (!f) throw noEncontrado();
  empresaDe(ctx, f.codigoEmpresaUsuario);
  return { rutaArchivo: f.rutaArchivo, nombreArchivo: f.nombreArchivo, tipoContenido: 'application/pdf' };
}
