import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type camposActa,
  type FilaActa,
  fechaHoraLima,
  instanteLima,
  MENSAJES_ACTA as MA,
  RUTA_VERIFICACION_ACTA,
  type ResultadoVerificacionActa,
} from '@cronos/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { ArchivoGuardado } from '../../platform/archivos';
import { auditar } from '../../platform/auditoria';
import type { Ctx } from '../../platform/contexto';
import { generarDocumentoPdf } from '../../platform/documento-pdf';
import { errorCampos, noEncontrado } from '../../platform/errores';
import { condicionBusqueda, desplazamiento, meta } from '../../platform/paginacion';
import { iso } from '../../platform/respuesta';
import { empresaParaListar, exigirEmpresa } from '../../platform/tenencia';
import * as repo from './actas.repository';

/** Seals as a set: upper-cased, split on commas, semicolons, slashes or spaces. */
export const precintos = (s: string | null | undefined) =>
  new Set(
    (s ?? '')
      .toUpperCase()
      .split(/[\s,;/]+/)
      .filter(Boolean),
  );
const mismosPrecintos = (a: string, b: string | null) => {
  const x = precintos(a);
  const y = precintos(b);
  return x.size === y.size && [...x].every((p) => y.has(p));
};

type Personas = FilaActa['personas'];
const mapear = (
  f: repo.FilaActaBd,
  fotos: { codigoActaApertura: number; codigoActaAperturaFoto: number; nombreArchivo: string }[],
): FilaActa => ({
  codigoActaApertura: f.a.codigoActaApertura,
  numeroActa: f.a.numeroActa,
  codigoMovimiento: f.a.codigoMovimiento,
  codigoIngreso: f.codigoIngreso,
  codigoEmpresaUsuario: f.a.codigoEmpresaUsuario,
  razonSocial: f.razonSocial,
  numeroContenedor: f.a.numeroContenedor,
  codigoTipoContenedor: f.a.codigoTipoContenedor,
  tipoContenedor: f.tipoContenedor,
  precintosEncontrados: f.a.precintosEncontrados,
  precintosOrden: f.precintosOrden,
  precintosCoinciden: f.a.precintosCoinciden,
  precintosNuevos: f.a.precintosNuevos,
  fechaApertura: iso(f.a.fechaApertura),
  personas: f.a.personas as Personas,
  observaciones: f.a.observaciones,
  fotos: fotos
    .filter((x) => x.codigoActaApertura === f.a.codigoActaApertura)
    .map(({ codigoActaAperturaFoto, nombreArchivo }) => ({ codigoActaAperturaFoto, nombreArchivo })),
  codigoVerificacion: f.a.tokenVerificacion,
  usuarioRegistro: f.a.usuarioRegistro,
  fechaRegistro: iso(f.a.fechaRegistro),
});

export async function listar(ctx: Ctx, q: Parameters<typeof condicionBusqueda>[0]) {
  const empresa = empresaParaListar(ctx.actor, q.CodigoEmpresaUsuario);
  const { filas, total } = await repo.listarActas(
    ctx.db,
    empresa,
    condicionBusqueda(q, repo.COLUMNAS_ACTA),
    q.limit,
    desplazamiento(q),
  );
  const fotos = await repo.fotosDeActas(
    ctx.db,
    filas.map((f) => f.a.codigoActaApertura),
  );
  return { filas: filas.map((f) => mapear(f, fotos)), meta: meta(q, total) };
}

async function visible(ctx: Ctx, codigo: number) {
  const f = await repo.cargarActa(ctx.db, codigo);
  if (!f) throw noEncontrado();
  exigirEmpresa(ctx.actor, f.a.codigoEmpresaUsuario);
  return f;
}

export async function consultar(ctx: Ctx, codigo: number) {
  const f = await visible(ctx, codigo);
  return mapear(f, await repo.fotosDeActas(ctx.db, [codigo]));
}

/**
 * Registers an act: a container order of a company the actor may see, the container number with its ISO 6346
 * check digit, the seals found compared with the order's, at least one person present and one photo.
 */
export async function guardar(ctx: Ctx, d: z.infer<typeof camposActa>, fotos: readonly ArchivoGuardado[]) {
  const m = d.CodigoMovimiento
    ? await repo.movimientoDeActa(ctx.db, d.CodigoMovimiento)
    : d.CodigoIngreso
      ? await repo.movimientoPorCodigo(ctx.db, d.CodigoIngreso)
      : undefined;
  // A refusal of the order is put on the field that named it: the form's order code, or the order's id.
  const campoOrden = d.CodigoMovimiento ? 'CodigoMovimiento' : 'CodigoIngreso';
  if (!m) throw errorCampos({ [campoOrden]: [MA.ordenNoExiste] }, MA.ordenNoExiste);
  exigirEmpresa(ctx.actor, m.codigoEmpresaUsuario);
  if (m.codigoTipoCarga !== 2) throw errorCampos({ [campoOrden]: [MA.ordenSinContenedor] }, MA.ordenSinContenedor);
  if (!fotos.length) throw errorCampos({ files: [MA.fotosRequeridas] }, MA.fotosRequeridas);
  const fechaApertura = new Date(instanteLima(d.FechaApertura.slice(0, 10), d.FechaApertura.slice(11, 16)));
  return ctx.db.transaction(async (tx) => {
    const acta = await repo.insertarActa(
      tx,
      {
        codigoEmpresaUsuario: m.codigoEmpresaUsuario,
        codigoMovimiento: m.codigoMovimiento,
        numeroContenedor: d.NumeroContenedor,
        codigoTipoContenedor: d.CodigoTipoContenedor || m.codigoTipoContenedor || null,
        precintosEncontrados: d.PrecintosEncontrados.toUpperCase(),
        precintosCoinciden: mismosPrecintos(d.PrecintosEncontrados, m.numeroPrecinto),
        precintosNuevos: d.PrecintosNuevos?.toUpperCase() || null,
        fechaApertura,
        personas: d.Personas,
        observaciones: d.Observaciones || null,
        tokenVerificacion: randomBytes(18).toString('base64url'),
        usuarioRegistro: ctx.actor.nombreUsuario,
        codigoUsuarioRegistro: ctx.actor.codigoUsuario,
        fechaRegistro: ctx.ahora(),
      },
      d.FechaApertura.slice(0, 4),
    );
    if (!acta) throw new Error('acta');
    await repo.insertarFotos(
      tx,
      fotos.map((x) => ({
        codigoActaApertura: acta.codigoActaApertura,
        nombreArchivo: x.nombreArchivo,
        rutaArchivo: x.rutaArchivo,
        tipoContenido: x.tipoContenido,
        tamanio: x.tamanio,
      })),
    );
    await auditar(tx, ctx, {
      tipo: 'ACTA_APERTURA_REGISTRADA',
      detalle: `Acta ${acta.numeroActa} del contenedor ${acta.numeroContenedor} (orden ${m.codigoIngreso})`,
      entidad: 'acta_apertura',
      codigoEntidad: acta.codigoActaApertura,
      despues: { ...d, fotos: fotos.length, precintosCoinciden: acta.precintosCoinciden },
      codigoEmpresaUsuario: m.codigoEmpresaUsuario,
    });
    const fila = await repo.cargarActa(tx, acta.codigoActaApertura);
    if (!fila) throw noEncontrado();
    return mapear(fila, await repo.fotosDeActas(tx, [acta.codigoActaApertura]));
  });
}

export async function foto(ctx: Ctx, codigo: number) {
  const f = await repo.cargarFoto(ctx.db, codigo);
  if (!f) throw noEncontrado();
  exigirEmpresa(ctx.actor, f.codigoEmpresaUsuario);
  return f.foto;
}

export const urlVerificacionActa = (origen: string, numero: string, token: string) =>
  `${origen.replace(/\/$/, '')}${RUTA_VERIFICACION_ACTA}?numero=${encodeURIComponent(numero)}&codigo=${encodeURIComponent(token)}`;

const CALIDAD: Record<string, string> = {
  operador: 'Operador de la zona',
  empresa: 'Empresa usuaria',
  aduana: 'Aduanas',
};

/** The printed act (shared layout) with its photos and the QR to the public verification page. */
export async function pdf(
  ctx: Ctx,
  codigo: number,
  origen: string,
  leerFoto: (ruta: string) => Promise<Buffer | null>,
) {
  const f = await visible(ctx, codigo);
  const a = mapear(f, await repo.fotosDeActas(ctx.db, [codigo]));
  const imagenes: Buffer[] = [];
  for (const x of await repo.fotosDeActas(ctx.db, [codigo])) {
    if (x.tipoContenido === 'image/tiff') continue;
    const b = await leerFoto(x.rutaArchivo);
    if (b) imagenes.push(b);
  }
  const contenido = await generarDocumentoPdf({
    encabezado: 'ZONA ECONÓMICA ESPECIAL DE TACNA · OPERADOR',
    titulo: 'Acta de apertura de contenedor',
    subtitulo: `N° ${a.numeroActa}`,
    bloques: [
      { tipo: 'seccion', titulo: 'Datos de la apertura' },
      {
        tipo: 'campos',
        campos: [
          ['Orden', a.codigoIngreso],
          ['Empresa usuaria', a.razonSocial],
          ['Contenedor', a.numeroContenedor],
          ['Tipo de contenedor', a.tipoContenedor ?? a.codigoTipoContenedor],
          ['Fecha y hora de apertura', fechaHoraLima(new Date(a.fechaApertura))],
          ['Precintos encontrados', a.precintosEncontrados],
          ['Precintos de la orden', a.precintosOrden ?? '—'],
          ['Precintos conformes', a.precintosCoinciden ? 'Sí' : 'No: difieren de los registrados en la orden'],
          ['Precintos nuevos', a.precintosNuevos ?? '—'],
        ],
      },
      { tipo: 'seccion', titulo: 'Personas presentes' },
      {
        tipo: 'tabla',
        columnas: [
          { titulo: 'N°', ancho: 30 },
          { titulo: 'Nombre', ancho: 215 },
          { titulo: 'Documento', ancho: 100 },
          { titulo: 'En representación de', ancho: 150 },
        ],
        filas: a.personas.map((p, i) => [String(i + 1), p.nombre, p.documento ?? '—', CALIDAD[p.calidad] ?? p.calidad]),
      },
      { tipo: 'seccion', titulo: 'Observaciones' },
      { tipo: 'parrafo', texto: a.observaciones || 'Sin observaciones.' },
      ...(imagenes.length ? [{ tipo: 'imagenes' as const, titulo: 'Fotos de la apertura', imagenes }] : []),
      { tipo: 'firmas', firmantes: a.personas.map((p) => p.nombre) },
    ],
    verificacion: {
      contenido: urlVerificacionActa(origen, a.numeroActa, f.a.tokenVerificacion),
      lineas: [
        'Verifique este acta en:',
        a.numeroActa,
        `${origen}${RUTA_VERIFICACION_ACTA}`,
        `Código: ${f.a.tokenVerificacion}`,
      ],
    },
    metadatos: { asunto: `Acta de apertura del contenedor ${a.numeroContenedor}`, fecha: f.a.fechaRegistro },
  });
  return { contenido, nombre: `${a.numeroActa}.pdf` };
}

const huella = (s: string) => createHash('sha256').update(s).digest();

/** Public check of an act: genuine only with its number and the QR's code; reveals nothing else. */
export async function verificar(db: Db, numero: string, codigo: string): Promise<ResultadoVerificacionActa> {
  const numeroActa = numero.trim().toUpperCase();
  const f = await repo.actaPorNumero(db, numeroActa);
  if (!f || !timingSafeEqual(huella(f.a.tokenVerificacion), huella(codigo.trim())))
    return { numeroActa, valido: false, numeroContenedor: null, codigoIngreso: null, fechaApertura: null };
  return {
    numeroActa,
    valido: true,
    numeroContenedor: f.a.numeroContenedor,
    codigoIngreso: f.codigoIngreso,
    fechaApertura: iso(f.a.fechaApertura),
  };
}
