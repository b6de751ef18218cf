import {
  type consultaListaTablero,
  EMPRESA_OPERADOR,
  ETAPAS_TABLERO,
  type EtapaLineaTiempo,
  type FilaListaTablero,
  type LineaTiempoOrden,
  fechaHoraLima,
  fechaLima,
  finDiaLima,
  inicioDiaLima,
  MENSAJES_TABLERO,
  type ResumenTablero,
  UMBRAL_PERMANENCIA_PREDETERMINADO,
  type umbralEtapa,
} from '@cronos/contract';
import type { z } from 'zod';
import { auditar } from '../../platform/auditoria';
import { generarDocumentoPdf } from '../../platform/documento-pdf';
import type { Actor, Ctx } from '../../platform/contexto';
import { errorCampos, noEncontrado } from '../../platform/errores';
import { iso } from '../../platform/respuesta';
import * as repo from './tablero.repository';
import { aNumero, Decimal, sumar } from '../../platform/dinero';

const MINUTO_MS = 60_000;
const HORA_MS = 3_600_000;

/** The operator's staff see the whole zone; a company user sees only its own orders and its own block. */
const empresaDelTablero = (actor: Actor) =>
  actor.codigoEmpresaUsuario === EMPRESA_OPERADOR ? null : actor.codigoEmpresaUsuario;

async function umbrales(ctx: Ctx) {
  const guardados = new Map((await repo.leerUmbrales(ctx.db)).map((u) => [u.codigoTipoControl, u.minutos]));
  return new Map<number, number>(
    ETAPAS_TABLERO.map((e) => [
      e.codigoTipoControl,
      guardados.get(e.codigoTipoControl) ?? UMBRAL_PERMANENCIA_PREDETERMINADO[e.codigoTipoControl] ?? 60,
    ]),
  );
}

const minutosDesde = (ahora: Date, desde: Date) =>
  Math.max(0, Math.floor((ahora.getTime() - desde.getTime()) / MINUTO_MS));

export async function resumen(ctx: Ctx): Promise<ResumenTablero> {
  const ahora = ctx.ahora();
  const empresa = empresaDelTablero(ctx.actor);
  const fecha = fechaLima(ahora);
  const inicio = inicioDiaLima(fecha);
  const fin = finDiaLima(fecha);
  const limites = await umbrales(ctx);
  const limiteFecha = new Map([...limites].map(([etapa, min]) => [etapa, new Date(ahora.getTime() - min * MINUTO_MS)]));
  const [etapas, horas, observadas, bloqueadas] = await Promise.all([
    repo.porEtapa(ctx.db, empresa, limiteFecha),
    repo.porHora(ctx.db, empresa, inicio, fin),
    repo.contarObservadas(ctx.db, empresa),
    repo.contarBloqueadas(ctx.db, empresa),
  ]);
  const porEtapa = new Map(etapas.map((e) => [e.etapa, e]));
  const filasHora = Array.from({ length: Math.round((fin.getTime() - inicio.getTime()) / HORA_MS) }, (_, hora) => ({
    hora,
    entradas: 0,
    salidas: 0,
    toneladasNetas: 0,
  }));
  for (const h of horas) {
    const fila = filasHora[h.hora];
    if (!fila) continue;
    if (h.tipo === 1) fila.entradas += h.cantidad;
    else if (h.tipo === 6) fila.salidas += h.cantidad;
    else fila.toneladasNetas = aNumero(new Decimal(h.neto).div(1000).plus(fila.toneladasNetas), 3);
  }
  const suma = (k: 'entradas' | 'salidas' | 'toneladasNetas') => filasHora.reduce((s, h) => s + h[k], 0);
  const etapasRespuesta = ETAPAS_TABLERO.map((e) => {
    const x = porEtapa.get(e.codigoTipoControl);
    return {
      codigoTipoControl: e.codigoTipoControl,
      nombre: e.nombre,
      cantidad: x?.cantidad ?? 0,
      enAlarma: x?.alarma ?? 0,
      umbralMinutos: limites.get(e.codigoTipoControl) ?? 0,
      maximoMinutos: x?.desde ? minutosDesde(ahora, x.desde) : 0,
    };
  });
  return {
    fecha,
    generado: iso(ahora),
    etapas: etapasRespuesta,
    horas: filasHora,
    totales: {
      // Inside the zone: past entry control and not yet out (the stages after the first).
      dentro: etapasRespuesta.filter((e) => e.codigoTipoControl > 1).reduce((s, e) => s + e.cantidad, 0), // entero
      entradas: suma('entradas'),
      salidas: suma('salidas'),
      toneladasNetas: aNumero(sumar(filasHora.map((h) => h.toneladasNetas)), 3),
      observadas,
      empresasBloqueadas: bloqueadas,
    },
  };
}

const textoPlano = (html: unknown) =>
  typeof html === 'string' && html
    ? html
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 300) || null
    : null;

type Fila = Record<string, unknown>;
const filaOrden = (f: Fila, extra: Partial<FilaListaTablero>): FilaListaTablero => ({
  codigoMovimiento: Number(f.codigo_movimiento),
  codigoIngreso: String(f.codigo_ingreso),
  codigoEmpresaUsuario: Number(f.codigo_empresa_usuario),
  razonSocial: String(f.razon_social),
  placa: (f.placa_uno as string | null) ?? null,
  fecha: f.fecha ? iso(new Date(f.fecha as string)) : null,
  minutos: null,
  alarma: false,
  detalle: null,
  ...extra,
});

const TIPO_FIGURA = { entradas: 1, salidas: 6, toneladas: 4 } as const;

export async function lista(ctx: Ctx, q: z.infer<typeof consultaListaTablero>): Promise<FilaListaTablero[]> {
  const empresa = empresaDelTablero(ctx.actor);
  const ahora = ctx.ahora();
  switch (q.Figura) {
    case 'etapa': {
      if (q.Etapa === undefined) throw errorCampos({ Etapa: [MENSAJES_TABLERO.etapaRequerida] });
      const umbral = (await umbrales(ctx)).get(q.Etapa) ?? 0;
      return (await repo.ordenesEnEtapa(ctx.db, empresa, q.Etapa)).map((f) => {
        const minutos = minutosDesde(ahora, new Date(f.fecha as string));
        return filaOrden(f, { minutos, alarma: minutos >= umbral, detalle: textoPlano(f.detalle) });
      });
    }
    case 'observadas':
      return (await repo.ordenesObservadas(ctx.db, empresa)).map((f) =>
        filaOrden(f, { detalle: textoPlano(f.detalle) }),
      );
    case 'bloqueadas':
      return (await repo.empresasBloqueadas(ctx.db, empresa)).map((f) => ({
        codigoMovimiento: null,
        codigoIngreso: null,
        codigoEmpresaUsuario: Number(f.codigo_empresa_usuario),
        razonSocial: String(f.razon_social),
        placa: null,
        fecha: null,
        minutos: null,
        alarma: false,
        detalle: `RUC ${String(f.ruc)}`,
      }));
    default: {
      const inicio = inicioDiaLima(fechaLima(ahora));
      const desde = q.Hora === undefined ? inicio : new Date(inicio.getTime() + q.Hora * HORA_MS);
      const hasta = q.Hora === undefined ? finDiaLima(fechaLima(ahora)) : new Date(desde.getTime() + HORA_MS);
      const filas = await repo.controlesDelDia(ctx.db, empresa, TIPO_FIGURA[q.Figura], desde, hasta);
      return filas.map((f) =>
        // Grouped like every weight on screen ('21,060 kg', not '21060 kg').
        filaOrden(f, {
          detalle:
            q.Figura === 'toneladas' && f.neto != null
              ? `${Number(f.neto).toLocaleString('es-PE', { maximumFractionDigits: 3 })} kg netos`
              : null,
        }),
      );
    }
  }
}

export async function listarUmbrales(ctx: Ctx) {
  const u = await umbrales(ctx);
  return ETAPAS_TABLERO.map((e) => ({
    codigoTipoControl: e.codigoTipoControl,
    nombre: e.nombre,
    minutos: u.get(e.codigoTipoControl) ?? 0,
  }));
}

export async function guardarUmbrales(ctx: Ctx, datos: z.infer<typeof umbralEtapa>[]) {
  const etapas = datos.map((d) => d.codigoTipoControl);
  if (new Set(etapas).size !== etapas.length) throw errorCampos({ data: ['Cada etapa puede aparecer una sola vez'] });
  const antes = await listarUmbrales(ctx);
  await ctx.db.transaction(async (tx) => {
    for (const d of datos)
      await repo.guardarUmbral(tx, d.codigoTipoControl, d.minutos, ctx.actor.nombreUsuario, ctx.ahora());
    await auditar(tx, ctx, {
      tipo: 'TABLERO_UMBRALES',
      entidad: 'umbral_permanencia',
      antes: antes.map((a) => ({ etapa: a.codigoTipoControl, minutos: a.minutos })),
      despues: datos.map((d) => ({ etapa: d.codigoTipoControl, minutos: d.minutos })),
    });
  });
}

const numeroONulo = (v: string | null) => (v === null ? null : Number(v));

/**
 * The timeline of one order: registration, then each of the six stages (recorded or still ahead), with the
 * minutes from the previous step. Another company's order does not exist for a company user (404).
 */
async function ordenVisible(ctx: Ctx, codigoMovimiento: number) {
  const m = await repo.ordenDeLineaTiempo(ctx.db, codigoMovimiento);
  const empresa = empresaDelTablero(ctx.actor);
  if (!m || (empresa !== null && m.codigoEmpresaUsuario !== empresa)) throw noEncontrado();
  return m;
}

export async function lineaTiempo(ctx: Ctx, codigoMovimiento: number): Promise<LineaTiempoOrden> {
  const m = await ordenVisible(ctx, codigoMovimiento);
  const [controles, imagenes] = await Promise.all([
    repo.controlesDeOrden(ctx.db, codigoMovimiento),
    repo.imagenesDeOrden(ctx.db, codigoMovimiento),
  ]);
  const porTipo = new Map(controles.map((c) => [c.codigoTipoControl, c]));
  let anterior = m.fechaRegistro;
  let ultimo = m.fechaRegistro;
  const etapas: EtapaLineaTiempo[] = ETAPAS_TABLERO.map((e) => {
    const c = porTipo.get(e.codigoTipoControl);
    if (!c)
      return {
        codigoTipoControl: e.codigoTipoControl,
        nombre: e.nombre,
        fecha: null,
        usuario: null,
        finalizado: false,
        fechaFinalizacion: null,
        observacion: null,
        peso: null,
        pesoBruto: null,
        pesoTara: null,
        pesoNeto: null,
        minutosDesdeAnterior: null,
        imagenes: [],
      };
    const minutos = minutosDesde(c.fechaRegistro, anterior);
    const fin = c.fechaFinalizacion ?? c.fechaRegistro;
    anterior = fin;
    if (fin > ultimo) ultimo = fin;
    return {
      codigoTipoControl: e.codigoTipoControl,
      nombre: e.nombre,
      fecha: iso(c.fechaRegistro),
      usuario: c.usuarioRegistro,
      finalizado: c.finalizado,
      fechaFinalizacion: c.fechaFinalizacion ? iso(c.fechaFinalizacion) : null,
      observacion: textoPlano(c.observacion),
      peso: numeroONulo(c.peso),
      pesoBruto: numeroONulo(c.pesoBruto),
      pesoTara: numeroONulo(c.pesoTara),
      pesoNeto: numeroONulo(c.pesoNeto),
      minutosDesdeAnterior: minutos,
      imagenes: imagenes
        .filter((i) => i.codigoTipoControl === e.codigoTipoControl)
        .map((i) => ({
          codigoVerificacionImagen: i.codigoVerificacionImagen,
          nombreArchivo: i.nombreArchivo,
          rutaArchivo: `/api/Verificacion/DescargarImagen?CodigoVerificacionImagen=${i.codigoVerificacionImagen}`,
        })),
    };
  });
  return {
    codigoMovimiento: m.codigoMovimiento,
    codigoIngreso: m.codigoIngreso,
    numeroTicket: m.numeroTicket,
    razonSocial: m.razonSocial,
    placa: m.placa,
    codigoEstadoMovimiento: m.codigoEstadoMovimiento,
    registro: iso(m.fechaRegistro),
    usuarioRegistro: m.usuarioRegistro,
    etapas,
    minutosTotales: minutosDesde(ultimo, m.fechaRegistro),
  };
}

const TIPO_INGRESO: Record<string, string> = { VH: 'Vehicular', PE: 'Peatonal', PT: 'Producto terminado' };

/**
 * The printable ticket of an order (A6): its OP code large, ticket number, company, plate, and a QR holding the
 * OP code, which is what every stage search takes.
 */
export async function ticket(ctx: Ctx, codigoMovimiento: number) {
  const m = await ordenVisible(ctx, codigoMovimiento);
  const contenido = await generarDocumentoPdf({
    formato: 'A6',
    encabezado: 'Zona franca · Cronos',
    titulo: 'Ticket de orden',
    subtitulo: m.codigoIngreso,
    bloques: [
      {
        tipo: 'campos',
        campos: [
          ['N° de ticket', m.numeroTicket],
          ['Empresa', m.razonSocial],
          ['RUC', m.ruc],
          ['Placa', [m.placa, m.placaDos].filter(Boolean).join(' / ') || null],
          ['Tipo de ingreso', TIPO_INGRESO[m.codigoTipoIngreso] ?? m.codigoTipoIngreso],
          ['Registrada', fechaHoraLima(m.fechaRegistro)],
        ],
      },
    ],
    verificacion: {
      contenido: m.codigoIngreso,
      lineas: [`Presente este código en cada etapa: ${m.codigoIngreso}`],
    },
    metadatos: { asunto: `Orden ${m.codigoIngreso}`, fecha: ctx.ahora() },
  });
  return { contenido, nombre: `ticket-${m.codigoIngreso}.pdf` };
}
