import {
  type ConsultaPaginada,
  EMPRESA_OPERADOR,
  ESTADO_CIP,
  ESTADOS_CIP,
  EXISTENCIA_TERMINADO,
  fechaIsoValida,
  fechaLima,
  type GuardarCipEntrada,
  MENSAJES_CIP as M,
  OPERACION_PRODUCCION as OP,
  type RegistrarProduccionEntrada,
  sumarDias,
} from '@cronos/contract';
import type { SQL } from 'drizzle-orm';
import type { DbOTx } from '../../db/client';
import { auditar } from '../../platform/auditoria';
import type { Ctx } from '../../platform/contexto';
import { AppError, conflicto, errorCampos, noEncontrado, reglaNegocio } from '../../platform/errores';
import { condicionBusqueda, desplazamiento } from '../../platform/paginacion';
import { iso, isoONulo } from '../../platform/respuesta';
import { empresaParaEscribir, empresaParaListar, exigirEmpresa } from '../../platform/tenencia';
import * as repo from './cip.repository';
import { CERO, comparar, div, type Fraccion, fraccion, mul, redondear, restar, sumar } from './decimal';

/** Operator roles that approve or observe a CIP (company 1). */
export const ROLES_REVISAN_CIP: readonly number[] = [1, 2];

const esRevisor = (ctx: Ctx) =>
  ctx.actor.codigoEmpresaUsuario === EMPRESA_OPERADOR && ROLES_REVISAN_CIP.includes(ctx.actor.codigoRol);

const numero = (v: string | null | undefined) => Number(v ?? 0);
export const numeroProduccion = (codigo: number) => `PROD-${String(codigo).padStart(6, '0')}`;

type Fila = Awaited<ReturnType<typeof repo.historial>>[number];
const mapearFila = (f: Fila) => ({
  codigoCip: f.codigoCip,
  codigoEmpresaUsuario: f.codigoEmpresaUsuario,
  razonSocial: f.razonSocial,
  codigoCatalogoUsuario: f.codigoCatalogoUsuario,
  producto: f.producto,
  codigoInterno: f.codigoInterno,
  codigoUnidadMedida: f.codigoUnidadMedida,
  numeroVersion: f.numeroVersion,
  fechaInicioVigencia: f.fechaInicioVigencia,
  fechaFinVigencia: f.fechaFinVigencia,
  codigoEstado: f.codigoEstado,
  descripcionEstado: ESTADOS_CIP[f.codigoEstado] ?? '',
  insumos: f.insumos,
  usuarioRegistro: f.usuarioRegistro,
  fechaRegistro: iso(f.fechaRegistro),
});

function condicionesCip(ctx: Ctx, q: ConsultaPaginada & { CodigoEstado: number; CodigoCatalogoUsuario: number }) {
  const empresa = empresaParaListar(ctx.actor, q.CodigoEmpresaUsuario);
  const c: (SQL | undefined)[] = [condicionBusqueda(q, repo.COLUMNAS_CIP)];
  if (empresa !== null) c.push(repo.condicionEmpresaCip(empresa));
  if (q.CodigoEstado > 0) c.push(repo.condicionEstadoCip(q.CodigoEstado));
  if (q.CodigoCatalogoUsuario > 0) c.push(repo.condicionProductoCip(q.CodigoCatalogoUsuario));
  return c;
}

export async function listar(ctx: Ctx, q: Parameters<typeof condicionesCip>[1]) {
  const { filas, total } = await repo.listarCip(ctx.db, condicionesCip(ctx, q), q.limit, desplazamiento(q));
  return { filas: filas.map(mapearFila), total };
}

export async function exportar(ctx: Ctx, q: Parameters<typeof condicionesCip>[1]) {
  const r = await repo.cipsConInsumos(ctx.db, condicionesCip(ctx, q));
  return { filas: r.filas.map(mapearFila), insumos: r.insumos };
}

async function cargar(ctx: Ctx, codigoCip: number) {
  const c = await repo.cabecera(ctx.db, codigoCip);
  if (!c) throw noEncontrado();
  exigirEmpresa(ctx.actor, c.codigoEmpresaUsuario);
  return c;
}

const factor = (i: { factorNumerador: string; factorDenominador: string }) =>
  div(fraccion(i.factorNumerador), fraccion(i.factorDenominador));

export async function consultar(ctx: Ctx, codigoCip: number) {
  const c = await cargar(ctx, codigoCip);
  const insumos = await repo.insumos(ctx.db, codigoCip);
  return {
    ...mapearFila(c),
    descripcion: c.c.descripcion,
    observacion: c.c.observacion,
    fechaEnvio: isoONulo(c.c.fechaEnvio),
    usuarioEnvio: c.c.usuarioEnvio,
    fechaRevision: isoONulo(c.c.fechaRevision),
    usuarioRevision: c.c.usuarioRevision,
    version: c.c.version,
    detalle: insumos.map((x) => ({
      codigoCipInsumo: x.i.codigoCipInsumo,
      codigoCatalogoUsuario: x.i.codigoCatalogoUsuario,
      insumo: x.insumo,
      codigoInterno: x.codigoInterno,
      cantidadPorUnidad: numero(x.i.cantidadPorUnidad),
      codigoUnidadMedida: x.i.codigoUnidadMedida,
      codigoUnidadMedidaInsumo: x.codigoUnidadMedidaInsumo,
      factorConversion: Number(redondear(factor(x.i), 8)),
      porcentajeMerma: numero(x.i.porcentajeMerma),
      porcentajeResiduo: numero(x.i.porcentajeResiduo),
    })),
  };
}

/** Versions of a product's CIP (the product dialog's Producción tab). */
export async function historial(ctx: Ctx, producto: number) {
  const [p] = await repo.productos(ctx.db, [producto]);
  if (!p) throw noEncontrado();
  exigirEmpresa(ctx.actor, p.codigoEmpresaUsuario);
  return (await repo.historial(ctx.db, producto)).map(mapearFila);
}

/** Products for the screens: finished ones (what a CIP describes) or every product (inputs), with units. */
export async function productos(
  ctx: Ctx,
  q: { CodigoEmpresaUsuario: number; Tipo: 'terminados' | 'insumos'; Buscar?: string },
) {
  const empresa = empresaParaListar(ctx.actor, q.CodigoEmpresaUsuario);
  if (empresa === null) return [];
  const filas = await repo.productosEmpresa(ctx.db, empresa, q.Tipo === 'terminados', q.Buscar || undefined);
  const eqs = await repo.equivalencias(
    ctx.db,
    filas.map((f) => f.codigoCatalogoUsuario),
  );
  return filas.map((f) => {
    const unidades = new Set([f.codigoUnidadMedida]);
    for (const e of eqs) {
      if (e.codigoCatalogoUsuario !== f.codigoCatalogoUsuario) continue;
      if (e.codigoUnidadMedidaBase === f.codigoUnidadMedida) unidades.add(e.codigoUnidadMedidaEquivalencia);
      if (e.codigoUnidadMedidaEquivalencia === f.codigoUnidadMedida) unidades.add(e.codigoUnidadMedidaBase);
    }
    return { ...f, unidades: [...unidades], stockLibre: numero(f.stockLibre) };
  });
}

/**
 * Units of the input's own unit per unit `unidad`, from the catalogue's equivalences of that input (either
 * direction: "cantidadBase base = cantidadEquivalente equivalencia"). Undefined when none converts.
 */
function conversion(
  unidadInsumo: string,
  unidad: string,
  eqs: Awaited<ReturnType<typeof repo.equivalencias>>,
): { num: string; den: string } | undefined {
  if (unidad === unidadInsumo) return { num: '1', den: '1' };
  for (const e of eqs) {
    if (e.codigoUnidadMedidaBase === unidadInsumo && e.codigoUnidadMedidaEquivalencia === unidad)
      return { num: e.cantidadBase, den: e.cantidadEquivalente };
    if (e.codigoUnidadMedidaBase === unidad && e.codigoUnidadMedidaEquivalencia === unidadInsumo)
      return { num: e.cantidadEquivalente, den: e.cantidadBase };
  }
  return undefined;
}

/** Creates a new draft version of a product's CIP, or edits a draft/observed one (which returns to draft). */
export async function guardar(ctx: Ctx, b: GuardarCipEntrada) {
  let empresa = empresaParaEscribir(ctx.actor, b.codigoEmpresaUsuario);
  let actual: Awaited<ReturnType<typeof cargar>> | undefined;
  if (b.codigoCip) {
    actual = await cargar(ctx, b.codigoCip);
    empresa = actual.codigoEmpresaUsuario;
    if (actual.codigoEstado !== ESTADO_CIP.borrador && actual.codigoEstado !== ESTADO_CIP.observado)
      throw conflicto(M.noEditable);
  }
  const producto = actual ? actual.codigoCatalogoUsuario : Number(b.codigoCatalogoUsuario);
  const errores: Record<string, string[]> = {};
  const error = (campo: string, m: string) => {
    errores[campo] = [...(errores[campo] ?? []), m];
  };
  if (!fechaIsoValida(b.fechaInicioVigencia)) error('fechaInicioVigencia', 'La fecha no es válida');
  if (b.fechaFinVigencia && !fechaIsoValida(b.fechaFinVigencia)) error('fechaFinVigencia', 'La fecha no es válida');
  else if (b.fechaFinVigencia && b.fechaFinVigencia < b.fechaInicioVigencia) error('fechaFinVigencia', M.vigencia);
  if (!b.insumos.length) error('insumos', M.sinInsumos);

  const codigos = b.insumos.map((i) => Number(i.codigoCatalogoUsuario));
  const [filas, eqs] = await Promise.all([
    repo.productos(ctx.db, [producto, ...codigos]),
    repo.equivalencias(ctx.db, codigos),
  ]);
  const porCodigo = new Map(
    filas.filter((p) => p.codigoEmpresaUsuario === empresa).map((p) => [p.codigoCatalogoUsuario, p]),
  );
  const terminado = porCodigo.get(producto);
  if (!terminado || terminado.codigoExistencia !== EXISTENCIA_TERMINADO)
    error('codigoCatalogoUsuario', M.productoNoTerminado);
  const factores = b.insumos.map((i, n) => {
    const codigo = Number(i.codigoCatalogoUsuario);
    const p = porCodigo.get(codigo);
    if (!p) return error(`insumos.${n}.codigoCatalogoUsuario`, M.insumoAjeno);
    if (codigo === producto) return error(`insumos.${n}.codigoCatalogoUsuario`, M.insumoEsProducto);
    if (codigos.indexOf(codigo) !== n) return error(`insumos.${n}.codigoCatalogoUsuario`, M.insumoRepetido);
    const f = conversion(
      p.codigoUnidadMedida,
      i.codigoUnidadMedida.trim().toUpperCase(),
      eqs.filter((e) => e.codigoCatalogoUsuario === codigo),
    );
    if (!f) error(`insumos.${n}.codigoUnidadMedida`, `${M.sinEquivalencia} (${p.codigoUnidadMedida})`);
    return f;
  });
  if (Object.keys(errores).length) throw errorCampos(errores);

  return ctx.db.transaction(async (tx) => {
    const datos = {
      fechaInicioVigencia: b.fechaInicioVigencia,
      fechaFinVigencia: b.fechaFinVigencia || null,
      descripcion: b.descripcion || null,
    };
    const c = actual
      ? await repo.actualizarBorrador(tx, actual.codigoCip, datos, b.version)
      : await repo.insertarCip(tx, {
          ...datos,
          codigoEmpresaUsuario: empresa,
          codigoCatalogoUsuario: producto,
          numeroVersion: await repo.siguienteVersion(tx, producto),
          usuarioRegistro: ctx.actor.nombreUsuario,
          fechaRegistro: ctx.ahora(),
        });
    if (!c) throw conflicto(M.noEditable);
    await repo.reemplazarInsumos(
      tx,
      c.codigoCip,
      b.insumos.map((i, n) => ({
        codigoCip: c.codigoCip,
        codigoCatalogoUsuario: Number(i.codigoCatalogoUsuario),
        cantidadPorUnidad: String(i.cantidadPorUnidad),
        codigoUnidadMedida: i.codigoUnidadMedida.trim().toUpperCase(),
        factorNumerador: factores[n]?.num ?? '1',
        factorDenominador: factores[n]?.den ?? '1',
        porcentajeMerma: String(i.porcentajeMerma ?? 0),
        porcentajeResiduo: String(i.porcentajeResiduo ?? 0),
        orden: n + 1,
      })),
    );
    await auditar(tx, ctx, {
      tipo: 'CIP_GUARDAR',
      entidad: 'cip',
      codigoEntidad: c.codigoCip,
      codigoEmpresaUsuario: empresa,
      detalle: `CIP de ${terminado?.descripcion}, versión ${c.numeroVersion}`,
      despues: { ...datos, insumos: b.insumos },
    });
    return c;
  });
}

/** The company submits a draft (or corrected observed) version to the operator. */
export async function enviar(ctx: Ctx, b: { codigoCip: number; version?: number | null }) {
  const c = await cargar(ctx, b.codigoCip);
  if (c.codigoEstado !== ESTADO_CIP.borrador && c.codigoEstado !== ESTADO_CIP.observado) throw conflicto(M.noEnviable);
  return ctx.db.transaction(async (tx) => {
    const r = await repo.cambiarEstado(
      tx,
      c.codigoCip,
      [ESTADO_CIP.borrador, ESTADO_CIP.observado],
      { codigoEstado: ESTADO_CIP.enviado, usuarioEnvio: ctx.actor.nombreUsuario, fechaEnvio: ctx.ahora() },
      b.version,
    );
    if (!r) throw conflicto(M.noEnviable);
    await auditar(tx, ctx, {
      tipo: 'CIP_ENVIAR',
      entidad: 'cip',
      codigoEntidad: c.codigoCip,
      codigoEmpresaUsuario: c.codigoEmpresaUsuario,
    });
    return r;
  });
}

/**
 * The operator approves or observes a submitted version. Approving closes the validity of the approved
 * version it replaces (the day before this one starts); an approved version starting on or after this one's
 * start is a conflict. Observing requires the observation.
 */
export async function revisar(
  ctx: Ctx,
  b: { codigoCip: number; decision: 'APROBAR' | 'OBSERVAR'; observacion?: string | null; version?: number | null },
) {
  if (!esRevisor(ctx)) throw new AppError(403, M.soloOperador);
  const c = await cargar(ctx, b.codigoCip);
  const observacion = b.observacion?.trim() ?? '';
  if (b.decision === 'OBSERVAR' && observacion.length < 5)
    throw errorCampos({ observacion: [M.observacionRequerida] }, M.observacionRequerida);
  if (c.codigoEstado !== ESTADO_CIP.enviado) throw conflicto(M.noRevisable);
  const aprobar = b.decision === 'APROBAR';
  return ctx.db.transaction(async (tx) => {
    const r = await repo.cambiarEstado(
      tx,
      c.codigoCip,
      [ESTADO_CIP.enviado],
      {
        codigoEstado: aprobar ? ESTADO_CIP.aprobado : ESTADO_CIP.observado,
        observacion: observacion || null,
        usuarioRevision: ctx.actor.nombreUsuario,
        fechaRevision: ctx.ahora(),
      },
      b.version,
    );
    if (!r) throw conflicto(M.noRevisable);
    if (aprobar) {
      const inicio = c.fechaInicioVigencia;
      for (const o of await repo.aprobadasVigentesDesde(tx, c.codigoCatalogoUsuario, inicio, c.codigoCip)) {
        if (o.inicio >= inicio) throw conflicto(`${M.superpuesta} (versión ${o.numeroVersion})`);
        await repo.cerrarVigencia(tx, o.codigoCip, sumarDias(inicio, -1));
      }
    }
    await auditar(tx, ctx, {
      tipo: 'CIP_REVISAR',
      entidad: 'cip',
      codigoEntidad: c.codigoCip,
      codigoEmpresaUsuario: c.codigoEmpresaUsuario,
      detalle: aprobar ? 'Aprobado' : `Observado: ${observacion}`,
    });
    return r;
  });
}

/** A lot lost the free stock a report planned to take (a concurrent report took it first). */
class StockCambiado extends Error {}

/** What one input of a report needs: into the product (10) and as waste (13), in the input's own unit. */
export interface Requerimiento {
  codigoCatalogoUsuario: number;
  insumo: string;
  unidad: string;
  neto: string;
  merma: string;
}

/**
 * Inputs a production of `cantidad` units consumes: cantidad × coefficient × factor (exact), its waste
 * × merma %, each rounded once to the kardex's 3 decimals. The total taken is neto + merma.
 */
export function requerimientos(
  cantidad: string | number,
  insumos: {
    codigoCatalogoUsuario: number;
    insumo: string;
    unidad: string;
    cantidadPorUnidad: string;
    factorNumerador: string;
    factorDenominador: string;
    porcentajeMerma: string;
  }[],
): Requerimiento[] {
  const q = fraccion(typeof cantidad === 'number' ? cantidad.toFixed(3) : cantidad);
  return insumos.map((i) => {
    const neto = mul(q, fraccion(i.cantidadPorUnidad), div(fraccion(i.factorNumerador), fraccion(i.factorDenominador)));
    const merma = mul(neto, fraccion(i.porcentajeMerma), { n: 1n, d: 100n });
    return {
      codigoCatalogoUsuario: i.codigoCatalogoUsuario,
      insumo: i.insumo,
      unidad: i.unidad,
      neto: redondear(neto),
      merma: redondear(merma),
    };
  });
}

export async function registrarProduccion(ctx: Ctx, b: RegistrarProduccionEntrada) {
  const empresa = empresaParaEscribir(ctx.actor, b.codigoEmpresaUsuario);
  const producto = Number(b.codigoCatalogoUsuario);
  const [p] = await repo.productos(ctx.db, [producto]);
  if (!p || p.codigoEmpresaUsuario !== empresa || p.codigoExistencia !== EXISTENCIA_TERMINADO)
    throw errorCampos({ codigoCatalogoUsuario: [M.productoNoTerminado] });
  if (!fechaIsoValida(b.fechaProduccion)) throw errorCampos({ fechaProduccion: ['La fecha no es válida'] });
  if (b.fechaProduccion > fechaLima(ctx.ahora()))
    throw errorCampos({ fechaProduccion: ['La fecha de producción no puede ser futura'] });
  if (b.pesoNeto > b.pesoBruto && b.pesoBruto > 0)
    throw errorCampos({ pesoNeto: ['El peso neto no puede ser mayor que el peso bruto'] });
  const c = await repo.aprobadaVigente(ctx.db, producto, b.fechaProduccion);
  if (!c) throw errorCampos({ codigoCatalogoUsuario: [M.sinCipAprobado] }, M.sinCipAprobado);
  const almacenDestino = await repo.primerAlmacen(ctx.db, empresa);
  if (!almacenDestino) throw reglaNegocio(M.sinAlmacen);
  const insumos = await repo.insumos(ctx.db, c.codigoCip);
  const cantidad = Number(b.cantidad).toFixed(3);
  const reqs = requerimientos(
    cantidad,
    insumos.map((x) => ({
      codigoCatalogoUsuario: x.i.codigoCatalogoUsuario,
      insumo: x.insumo,
      unidad: x.codigoUnidadMedidaInsumo,
      cantidadPorUnidad: x.i.cantidadPorUnidad,
      factorNumerador: x.i.factorNumerador,
      factorDenominador: x.i.factorDenominador,
      porcentajeMerma: x.i.porcentajeMerma,
    })),
  );
  const elegidos = new Map((b.lotes ?? []).map((l) => [Number(l.codigoCatalogoUsuario), l.codigosLote.map(Number)]));

  const transaccion = () =>
    ctx.db.transaction(async (tx) => {
      // Reads first: which lots each input takes, and every shortfall, before anything is written.
      const faltantes: Record<string, string[]> = {};
      const planes: { r: Requerimiento; lotes: Awaited<ReturnType<typeof repo.lotesLibres>> }[] = [];
      // Inputs in product-code order: two reports lock the lots of common inputs in the same order (no deadlock).
      for (const [n, r] of [...reqs.entries()].sort(
        (a, b) => a[1].codigoCatalogoUsuario - b[1].codigoCatalogoUsuario,
      )) {
        let lotes = await repo.lotesLibres(tx, r.codigoCatalogoUsuario, empresa);
        const elegidosInsumo = elegidos.get(r.codigoCatalogoUsuario);
        if (elegidosInsumo) {
          const porLote = new Map(lotes.map((l) => [l.codigoLote, l]));
          if (elegidosInsumo.some((l) => !porLote.has(l)))
            throw errorCampos({ [`lotes.${n}`]: [`${M.loteAjeno}: ${r.insumo}`] });
          lotes = elegidosInsumo.map((l) => porLote.get(l) as (typeof lotes)[number]);
        }
        const libre = lotes.reduce((s, l) => sumar(s, fraccion(l.libre)), CERO);
        const total = sumar(fraccion(r.neto), fraccion(r.merma));
        if (comparar(libre, total) < 0) {
          faltantes[`insumos.${n}`] = [
            `${M.stockInsuficiente} ${r.insumo}: se requieren ${redondear(total)} ${r.unidad}, hay ${redondear(libre)}; faltan ${redondear(restar(total, libre))} ${r.unidad}`,
          ];
        }
        planes.push({ r, lotes });
      }
      const claves = Object.keys(faltantes);
      if (claves.length) throw errorCampos(faltantes, faltantes[claves[0] as string]?.[0]);

      const prod = await repo.insertarProduccion(tx, {
        codigoEmpresaUsuario: empresa,
        codigoCatalogoUsuario: producto,
        codigoCip: c.codigoCip,
        cantidad,
        pesoNeto: b.pesoNeto.toFixed(3),
        pesoBruto: b.pesoBruto.toFixed(3),
        fechaProduccion: b.fechaProduccion,
        codigoEmpresaAlmacen: almacenDestino,
        observacion: b.observacion || null,
        usuarioRegistro: ctx.actor.nombreUsuario,
        fechaRegistro: ctx.ahora(),
      });
      if (!prod) throw new Error('produccion');
      const documento = numeroProduccion(prod.codigoProduccion);
      let valor = CERO;
      const consumos = new Map<number, { codigoCatalogoUsuario: number; cantidad: Fraccion; merma: Fraccion }>();
      for (const { r, lotes } of planes) {
        // The product's part first, then the waste, oldest (or chosen) lots first.
        const partes: { tipo: string; resto: Fraccion }[] = [
          { tipo: OP.salida, resto: fraccion(r.neto) },
          { tipo: OP.merma, resto: fraccion(r.merma) },
        ];
        const libres = lotes.map((l) => ({ l, libre: fraccion(l.libre) }));
        for (const parte of partes) {
          for (const x of libres) {
            if (comparar(parte.resto, CERO) <= 0) break;
            if (comparar(x.libre, CERO) <= 0) continue;
            const toma = comparar(x.libre, parte.resto) < 0 ? x.libre : parte.resto;
            const texto = redondear(toma);
            const d = await repo.debitarLibre(tx, x.l.codigoLote, texto);
            // A concurrent report took these units after our read: undo everything and plan again.
            if (!d) throw new StockCambiado(r.insumo);
            const k = await repo.insertarKardex(tx, {
              codigoLote: x.l.codigoLote,
              codigoEmpresaAlmacen: x.l.codigoEmpresaAlmacen,
              codigoCatalogoUsuario: r.codigoCatalogoUsuario,
              tipo: 'S',
              cantidad: texto,
              saldoLote: d.cantidadStock,
              tipoOperacion: parte.tipo,
              numeroDocumento: documento,
              usuarioRegistro: ctx.actor.nombreUsuario,
              fecha: ctx.ahora(),
            });
            valor = sumar(valor, mul(toma, fraccion(k?.costoUnitario ?? '0')));
            x.libre = restar(x.libre, toma);
            parte.resto = restar(parte.resto, toma);
            const acum = consumos.get(x.l.codigoLote) ?? {
              codigoCatalogoUsuario: r.codigoCatalogoUsuario,
              cantidad: CERO,
              merma: CERO,
            };
            if (parte.tipo === OP.salida) acum.cantidad = sumar(acum.cantidad, toma);
            else acum.merma = sumar(acum.merma, toma);
            consumos.set(x.l.codigoLote, acum);
          }
        }
      }
      const nuevo = await repo.insertarLote(tx, {
        codigoEmpresaAlmacen: almacenDestino,
        codigoCatalogoUsuario: producto,
        codigoMovimientoDocumento: null,
        numeroDocumento: documento,
        cantidadIngresada: cantidad,
        cantidadStock: cantidad,
        fechaIngreso: ctx.ahora(),
      });
      if (!nuevo) throw new Error('lote');
      await repo.insertarKardex(tx, {
        codigoLote: nuevo.codigoLote,
        codigoEmpresaAlmacen: almacenDestino,
        codigoCatalogoUsuario: producto,
        tipo: 'E',
        cantidad,
        saldoLote: nuevo.saldo,
        tipoOperacion: OP.entrada,
        numeroDocumento: documento,
        // The finished lot carries the cost of what went into it (inputs and waste at their average cost).
        costoUnitario: redondear(div(valor, fraccion(cantidad)), 5),
        usuarioRegistro: ctx.actor.nombreUsuario,
        fecha: ctx.ahora(),
      });
      await repo.asignarLoteProduccion(tx, prod.codigoProduccion, nuevo.codigoLote);
      await repo.insertarConsumos(
        tx,
        [...consumos.entries()].map(([codigoLote, x]) => ({
          codigoProduccion: prod.codigoProduccion,
          codigoCatalogoUsuario: x.codigoCatalogoUsuario,
          codigoLote,
          cantidad: redondear(x.cantidad),
          cantidadMerma: redondear(x.merma),
        })),
      );
      await auditar(tx, ctx, {
        tipo: 'PRODUCCION_REGISTRAR',
        entidad: 'produccion',
        codigoEntidad: prod.codigoProduccion,
        codigoEmpresaUsuario: empresa,
        detalle: `${documento}: ${cantidad} ${p.codigoUnidadMedida} de ${p.descripcion} (CIP versión ${c.numeroVersion})`,
        despues: { requerimientos: reqs, lote: nuevo.codigoLote },
      });
      return detalleProduccion(tx, prod.codigoProduccion);
    });
  // A report whose lots changed under it is planned again from what is committed (twice at most): it then either
  // succeeds with other lots or is refused with the real shortfall.
  for (let intento = 1; ; intento++) {
    try {
      return await transaccion();
    } catch (e) {
      if (!(e instanceof StockCambiado)) throw e;
      if (intento >= 3)
        throw errorCampos({ insumos: [`${M.stockInsuficiente} ${e.message}: el stock cambió, intente de nuevo`] });
    }
  }
}

type FilaProd = NonNullable<Awaited<ReturnType<typeof repo.buscarProduccion>>>;
const mapearProduccion = (f: FilaProd) => ({
  codigoProduccion: f.codigoProduccion,
  numero: numeroProduccion(f.codigoProduccion),
  codigoEmpresaUsuario: f.codigoEmpresaUsuario,
  razonSocial: f.razonSocial,
  codigoCatalogoUsuario: f.codigoCatalogoUsuario,
  producto: f.producto,
  numeroPartida: f.numeroPartida,
  codigoUnidadMedida: f.codigoUnidadMedida,
  cantidad: numero(f.cantidad),
  pesoNeto: numero(f.pesoNeto),
  pesoBruto: numero(f.pesoBruto),
  fechaProduccion: f.fechaProduccion,
  codigoCip: f.codigoCip,
  numeroVersion: f.numeroVersion,
  codigoLote: f.codigoLote ?? 0,
  usuarioRegistro: f.usuarioRegistro,
  fechaRegistro: iso(f.fechaRegistro),
});

async function detalleProduccion(db: DbOTx, codigo: number, ctx?: Ctx) {
  const p = await repo.buscarProduccion(db, codigo);
  if (!p) throw noEncontrado();
  if (ctx) exigirEmpresa(ctx.actor, p.codigoEmpresaUsuario);
  const cs = await repo.consumos(db, codigo);
  return {
    ...mapearProduccion(p),
    observacion: p.observacion,
    consumos: cs.map((x) => ({ ...x, cantidad: numero(x.cantidad), cantidadMerma: numero(x.cantidadMerma) })),
  };
}

export const consultarProduccion = (ctx: Ctx, codigo: number) => detalleProduccion(ctx.db, codigo, ctx);

/** Production reports (a company sees its own; operator staff all or the chosen company). */
export async function listarProduccion(ctx: Ctx, q: ConsultaPaginada & { CodigoCatalogoUsuario: number }) {
  const empresa = empresaParaListar(ctx.actor, q.CodigoEmpresaUsuario);
  const c: (SQL | undefined)[] = [condicionBusqueda(q, repo.COLUMNAS_PRODUCCION)];
  if (empresa !== null) c.push(repo.condicionEmpresaProduccion(empresa));
  if (q.CodigoCatalogoUsuario > 0) c.push(repo.condicionProductoProduccion(q.CodigoCatalogoUsuario));
  const { filas, total } = await repo.listarProduccion(ctx.db, c, q.limit, desplazamiento(q));
  return { filas: filas.map(mapearProduccion), total };
}
