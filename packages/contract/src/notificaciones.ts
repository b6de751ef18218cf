import { z } from 'zod';

/** The realtime push channel of spec 01 §1; also the PostgreSQL LISTEN/NOTIFY channel name. */
export const CANAL_NOTIFICACIONES = 'notifications-cronos';
/** WebSocket path of the channel. */
export const RUTA_CANAL_NOTIFICACIONES = '/api/notifications-cronos';
/** Toasts last 10.5 s (spec 01 §9). */
export const DURACION_TOAST_MS = 10_500;

export const TIPO_NOTIFICACION = {
  /** An order moved to a new stage: to its company and to the staff of the stage it left and entered. */
  movimientoEtapa: 'movimiento-etapa',
  movimientoObservado: 'movimiento-observado',
  /** An entry or exit verification was finalized: the next stage may act. */
  verificacionFinalizada: 'verificacion-finalizada',
  /** A review without observation, or an observation lifted: the review screens refresh. */
  movimientoRevisado: 'movimiento-revisado',
  certificadoAutorizado: 'certificado-autorizado',
  certificadoRechazado: 'certificado-rechazado',
  contratoPorVencer: 'contrato-por-vencer',
  usuarioCreado: 'usuario-creado',
} as const;
export type TipoNotificacion = (typeof TIPO_NOTIFICACION)[keyof typeof TIPO_NOTIFICACION];

/** Stage screen (menu node) acting on each movement state (DOMAIN.md §4, spec 03 §4.4). */
export const MODULO_POR_ESTADO: Record<number, string> = {
  1: 'security/income',
  2: 'balanza/firstScales',
  3: 'balanza/secondScales',
  4: 'security/exit',
};
export const NOMBRE_ESTADO_MOVIMIENTO: Record<number, string> = {
  1: 'Control de ingreso',
  2: 'Pesaje de ingreso',
  3: 'Pesaje de salida',
  4: 'Control de salida',
  5: 'Finalizado',
};

/** What a client receives for one notification. `datos` carries ids (e.g. codigoMovimiento, desde, hasta). */
export const eventoNotificacion = z.object({
  codigoNotificacion: z.number().int(),
  fecha: z.string(),
  tipo: z.string(),
  titulo: z.string(),
  mensaje: z.string(),
  enlace: z.string().nullable(),
  datos: z.record(z.string(), z.unknown()).nullable(),
});
export type EventoNotificacion = z.infer<typeof eventoNotificacion>;

/** Client → server messages. The first one must be `autenticar` (browsers cannot send headers on a WebSocket). */
export const mensajeClienteCanal = z.discriminatedUnion('tipo', [
  z.object({
    tipo: z.literal('autenticar'),
    token: z.string().min(1).max(200),
    /** Last codigoNotificacion the client has seen: the server replays what came after it. */
    desde: z.number().int().min(0).optional(),
  }),
  z.object({ tipo: z.literal('ping') }),
]);
export type MensajeClienteCanal = z.infer<typeof mensajeClienteCanal>;

/** Server → client messages. */
export const mensajeServidorCanal = z.discriminatedUnion('tipo', [
  /** Authenticated: the missed events were replayed; `ultimo` is the newest id when the channel opened. */
  z.object({ tipo: z.literal('listo'), ultimo: z.number().int() }),
  /** One notification; `perdido` when it is replayed after a reconnection (no toast for old news). */
  z.object({ tipo: z.literal('evento'), evento: eventoNotificacion, perdido: z.boolean().optional() }),
  z.object({ tipo: z.literal('pong') }),
  /** Sent just before the server closes the channel (4401 session ended, 4400 protocol). */
  z.object({ tipo: z.literal('cerrado'), motivo: z.enum(['sesion', 'protocolo']) }),
]);
export type MensajeServidorCanal = z.infer<typeof mensajeServidorCanal>;

/** WebSocket close codes of the channel: the session ended (log in again) or the client broke the protocol. */
export const CIERRE_CANAL = { sesion: 4401, protocolo: 4400 } as const;
