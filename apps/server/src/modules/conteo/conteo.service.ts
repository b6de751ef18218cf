import {
  type ConsultaPaginada,
  ESTADOS_CONTEO,
  fechaHoraLima,
  MENSAJES_CONTEO as M,
  PARAMETRO_INVENTARIO,
  PLAZO_JUSTIFICACION_DEFECTO,
} from '@cronos/contract';
import { auditar } from '../../platform/auditoria';
import type { Ctx } from '../../platform/contexto';
import { AppError, conflicto, errorCampos, noEncontrado, reglaNegocio } from '../../platform/errores';
import { condicionBusqueda } from '../../platform/paginacion';
import { iso, isoONulo } from '../../platform/respuesta';
import {
  actuaPorCualquierEmpresa,
  empresaParaEscribir,
  empresaParaListar,
  exigirEmpresa,
} from '../../platform/tenencia';
import { ajustarLote } from '../inventario/lotes';
import * as repo from './conteo.repository';
import { aNumero, Decimal } from '../../platform/dinero';

const num = (v: string | null | undefined) => (v === null || v === undefined ? null : Number(v));
const prohibidoCon = (m: string) => new AppError(403, m);
export const exigirOperador = (ctx: Ctx) => {
  if (!actuaPorCualquierEmpresa(ctx.actor)) throw prohibidoCon(M.soloOperador);
};

/** The count as the actor may see it (another company's count is a 404). */
async function cargar(ctx: Ctx, codigoConteo: number) {
  const c = await repo.cabecera(ctx.db, codigoConteo);
  if (!c) throw noEncontrado();
  exigirEmpresa(ctx.actor, c.c.codigoEmpresaUsuario);
  return c;
}

const vencido = (c: { fechaLimiteJustificacion: Date | null }, ahora: Date) =>
  c.fechaLimiteJustificacion !== null && ahora.getTime() > c.fechaLimiteJustificacion.getTime();

export async function listar(ctx: Ctx, q: ConsultaPaginada & { Estado: number }) {
  const empresa = empresaParaListar(ctx.actor, q.CodigoEmpresaUsuario);
  const { filas, total } = await repo.pagina(
    ctx.db,
    empresa,
    q.Estado,
    condicionBusqueda(q, repo.COLUMNAS_CONTEO),
    q.limit,
    (q.PageNumber - 1) * q.limit,
  );
  return {
    filas: filas.map((f) => ({
      ...f,
      descripcionEstado: ESTADOS_CONTEO[f.estado]?.nombre ?? String(f.estado),
      fechaApertura: iso(f.fechaApertura),
      fechaLimiteJustificacion: isoONulo(f.fechaLimiteJustificacion),
      lineas: Number(f.lineas),
      diferencias: Number(f.diferencias),
    })),
    meta: { total, current_page: q.PageNumber, per_page: q.limit },
  };
}

export async function consultar(ctx: Ctx, codigoConteo: number) {
  const { c, razonSocial } = await cargar(ctx, codigoConteo);
  const detalle = (await repo.lineas(ctx.db, codigoConteo)).map((l) => {
    const teorica = Number(l.cantidadTeorica);
    const contada = num(l.cantidadContada);
    return {
      ...l,
      cantidadTeorica: teorica,
      cantidadContada: contada,
      diferencia: contada === null ? null : aNumero(new Decimal(contada).minus(teorica), 3),
    };
  });
  return {
    codigoConteo: c.codigoConteo,
    codigoEmpresaUsuario: c.codigoEmpresaUsuario,
    razonSocial,
    estado: c.estado,
    descripcionEstado: ESTADOS_CONTEO[c.estado]?.nombre ?? String(c.estado),
    quienActua: ESTADOS_CONTEO[c.estado]?.quienActua ?? '',
    observacion: c.observacion,
    plazoHoras: c.plazoHoras,
    fechaApertura: iso(c.fechaApertura),
    usuarioApertura: c.usuarioApertura,
    fechaContado: isoONulo(c.fechaContado),
    usuarioContado: c.usuarioContado,
    fechaLimiteJustificacion: isoONulo(c.fechaLimiteJustificacion),
    fechaJustificado: isoONulo(c.fechaJustificado),
    usuarioJustificado: c.usuarioJustificado,
    fechaCierre: isoONulo(c.fechaCierre),
    usuarioCierre: c.usuarioCierre,
    plazoVencido: vencido(c, ctx.ahora()),
    version: c.version,
    lineas: detalle.length,
    diferencias: detalle.filter((d) => d.diferencia !== null && d.diferencia !== 0).length,
    detalle,
  };
}

/** Opens a count: the snapshot of the company's lots with stock (all, or of the chosen products). */
export async function abrir(ctx: Ctx, b: { codigoEmpresaUsuario: number; productos?: number[]; observacion?: string }) {
  exigirOperador(ctx);
  const empresa = empresaParaEscribir(ctx.actor, b.codigoEmpresaUsuario);
  return ctx.db.transaction(async (tx) => {
    const productos = b.productos?.length ? [...new Set(b.productos)] : undefined;
    if (productos && (await repo.contarProductosDeEmpresa(tx, empresa, productos)) !== productos.length)
      throw errorCampos({ productos: [M.productoAjeno] }, M.productoAjeno);
    const lotes = await repo.lotesParaConteo(tx, empresa, productos);
    if (lotes.length === 0)
      throw productos
        ? errorCampos({ productos: [M.productosSinLotes] }, M.productosSinLotes)
        : errorCampos({ codigoEmpresaUsuario: [M.sinLotes] }, M.sinLotes);
    const c = await repo.insertarConteo(tx, {
      codigoEmpresaUsuario: empresa,
      observacion: b.observacion || null,
      fechaApertura: ctx.ahora(),
      usuarioApertura: ctx.actor.nombreUsuario,
    });
    if (!c) throw new Error('conteo');
    await repo.insertarDetalle(
      tx,
      lotes.map((l) => ({
        codigoConteo: c.codigoConteo,
        codigoLote: l.codigoLote,
        codigoCatalogoUsuario: l.codigoCatalogoUsuario,
        cantidadTeorica: l.cantidadStock,
      })),
    );
    await auditar(tx, ctx, {
      tipo: 'CONTEO_ABRIR',
      entidad: 'conteo',
      codigoEntidad: c.codigoConteo,
      codigoEmpresaUsuario: empresa,
      despues: { lotes: lotes.length },
    });
    return { codigoConteo: c.codigoConteo };
  });
}

/** Registers the counted quantity of every lot (typed or imported): 1 → 2, the justification window starts. */
export async function registrar(
  ctx: Ctx,
  b: {
    codigoConteo: number;
    version?: number | null;
    lineas: { codigoConteoDetalle: number; cantidadContada: number }[];
  },
) {
  exigirOperador(ctx);
  const { c } = await cargar(ctx, b.codigoConteo);
  if (c.estado !== 1) throw conflicto(M.estado);
  const detalle = await repo.lineas(ctx.db, b.codigoConteo);
  const propias = new Set(detalle.map((d) => d.codigoConteoDetalle));
  const errores: Record<string, string[]> = {};
  b.lineas.forEach((l, i) => {
    if (!propias.has(l.codigoConteoDetalle)) errores[`lineas.${i}.codigoConteoDetalle`] = [M.lineaAjena];
  });
  const dadas = new Set(b.lineas.map((l) => l.codigoConteoDetalle));
  if (detalle.some((d) => !dadas.has(d.codigoConteoDetalle))) errores.lineas = [M.faltanCantidades];
  if (Object.keys(errores).length) throw errorCampos(errores);
  const plazo =
    (await repo.parametroInventario(ctx.db, PARAMETRO_INVENTARIO.plazoJustificacionHoras)) ??
    PLAZO_JUSTIFICACION_DEFECTO;
  const ahora = ctx.ahora();
  await ctx.db.transaction(async (tx) => {
    const movido = await repo.cambiarEstado(
      tx,
      b.codigoConteo,
      [1],
      {
        estado: 2,
        fechaContado: ahora,
        usuarioContado: ctx.actor.nombreUsuario,
        plazoHoras: plazo,
        fechaLimiteJustificacion: new Date(ahora.getTime() + plazo * 3_600_000),
      },
      b.version,
    );
    if (!movido) throw conflicto(M.estado);
    for (const l of b.lineas) await repo.fijarContada(tx, l.codigoConteoDetalle, l.cantidadContada.toFixed(3));
    // A count without differences has nothing to justify: it closes at once.
    const conDiferencia = detalle.filter(
      (d) =>
        Number(d.cantidadTeorica) !==
        b.lineas.find((l) => l.codigoConteoDetalle === d.codigoConteoDetalle)?.cantidadContada,
    );
    if (conDiferencia.length === 0) {
      await repo.cambiarEstado(tx, b.codigoConteo, [2], {
        estado: 4,
        fechaCierre: ahora,
        usuarioCierre: ctx.actor.nombreUsuario,
      });
    }
    await auditar(tx, ctx, {
      tipo: 'CONTEO_REGISTRAR',
      entidad: 'conteo',
      codigoEntidad: b.codigoConteo,
      codigoEmpresaUsuario: c.codigoEmpresaUsuario,
      despues: { diferencias: conDiferencia.length, plazoHoras: plazo },
    });
  });
  return M.registrado;
}

/** The company justifies every difference while the window is open: 2 → 3. */
export async function justificar(
  ctx: Ctx,
  b: { codigoConteo: number; lineas: { codigoConteoDetalle: number; justificacion: string }[] },
) {
  const { c } = await cargar(ctx, b.codigoConteo);
  if (ctx.actor.codigoEmpresaUsuario !== c.codigoEmpresaUsuario) throw prohibidoCon(M.soloEmpresa);
  if (c.estado !== 2) throw conflicto(M.estado);
  if (vencido(c, ctx.ahora())) {
    throw reglaNegocio(`${M.plazoVencido} el ${fechaHoraLima(c.fechaLimiteJustificacion as Date)}`);
  }
  const detalle = await repo.lineas(ctx.db, b.codigoConteo);
  const diferencias = detalle.filter(
    (d) => d.cantidadContada !== null && Number(d.cantidadContada) !== Number(d.cantidadTeorica),
  );
  const dadas = new Map(b.lineas.map((l) => [l.codigoConteoDetalle, l.justificacion]));
  const errores: Record<string, string[]> = {};
  b.lineas.forEach((l, i) => {
    if (!diferencias.some((d) => d.codigoConteoDetalle === l.codigoConteoDetalle)) {
      errores[`lineas.${i}.codigoConteoDetalle`] = [M.lineaAjena];
    }
  });
  if (diferencias.some((d) => !dadas.get(d.codigoConteoDetalle))) errores.lineas = [M.justificacionRequerida];
  if (Object.keys(errores).length) throw errorCampos(errores);
  await ctx.db.transaction(async (tx) => {
    const movido = await repo.cambiarEstado(tx, b.codigoConteo, [2], {
      estado: 3,
      fechaJustificado: ctx.ahora(),
      usuarioJustificado: ctx.actor.nombreUsuario,
    });
    if (!movido) throw conflicto(M.estado);
    for (const [id, texto] of dadas) await repo.fijarJustificacion(tx, id, texto);
    await auditar(tx, ctx, {
      tipo: 'CONTEO_JUSTIFICAR',
      entidad: 'conteo',
      codigoEntidad: b.codigoConteo,
      codigoEmpresaUsuario: c.codigoEmpresaUsuario,
    });
  });
  return M.justificado;
}

/**
 * The operator decides every difference (once justified, or once the window has passed without a
 * justification): 3 (or 2 expired) → 4. Each approved difference adjusts its lot and writes one kardex entry,
 * all in one transaction with the audit row; a lot that can no longer give the stock refuses the whole decision.
 */
export async function resolver(
  ctx: Ctx,
  b: { codigoConteo: number; lineas: { codigoConteoDetalle: number; aprobar: boolean }[] },
) {
  exigirOperador(ctx);
  const { c } = await cargar(ctx, b.codigoConteo);
  if (c.estado === 2 && !vencido(c, ctx.ahora())) throw conflicto(M.plazoVigente);
  if (c.estado !== 2 && c.estado !== 3) throw conflicto(M.estado);
  const detalle = await repo.lineas(ctx.db, b.codigoConteo);
  const diferencias = detalle.filter(
    (d) => d.cantidadContada !== null && Number(d.cantidadContada) !== Number(d.cantidadTeorica),
  );
  const decisiones = new Map(b.lineas.map((l) => [l.codigoConteoDetalle, l.aprobar]));
  const errores: Record<string, string[]> = {};
  b.lineas.forEach((l, i) => {
    if (!diferencias.some((d) => d.codigoConteoDetalle === l.codigoConteoDetalle)) {
      errores[`lineas.${i}.codigoConteoDetalle`] = [M.lineaAjena];
    }
  });
  if (diferencias.some((d) => !decisiones.has(d.codigoConteoDetalle))) errores.lineas = [M.decisionRequerida];
  if (Object.keys(errores).length) throw errorCampos(errores);
  return ctx.db.transaction(async (tx) => {
    const movido = await repo.cambiarEstado(tx, b.codigoConteo, [c.estado], {
      estado: 4,
      fechaCierre: ctx.ahora(),
      usuarioCierre: ctx.actor.nombreUsuario,
    });
    if (!movido) throw conflicto(M.estado);
    let ajustes = 0;
    for (const d of diferencias) {
      const aprobar = decisiones.get(d.codigoConteoDetalle) === true;
      await repo.fijarDecision(tx, d.codigoConteoDetalle, aprobar ? 1 : 2);
      if (!aprobar) continue;
      const diferencia = aNumero(new Decimal(d.cantidadContada ?? 0).minus(d.cantidadTeorica), 3);
      const hecho = await ajustarLote(tx, {
        codigoLote: d.codigoLote,
        diferencia,
        codigoConteo: b.codigoConteo,
        usuarioRegistro: ctx.actor.nombreUsuario,
        fecha: ctx.ahora(),
      });
      if (!hecho) throw conflicto(`${M.stockInsuficiente}: ${d.producto} (${d.numeroDocumento})`);
      ajustes += 1;
    }
    await auditar(tx, ctx, {
      tipo: 'CONTEO_RESOLVER',
      entidad: 'conteo',
      codigoEntidad: b.codigoConteo,
      codigoEmpresaUsuario: c.codigoEmpresaUsuario,
      despues: { ajustes, rechazadas: diferencias.length - ajustes },
    });
    return { ajustes };
  });
}
