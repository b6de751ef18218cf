import { CANAL_NOTIFICACIONES, EMPRESA_OPERADOR, INACTIVIDAD_MS, type MensajeServidorCanal } from '@cronos/contract';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { BaseDatos } from '../../db/client';
import type { Actor } from '../../platform/contexto';
import { type AvisoCanal, filaAEvento } from '../../platform/notificaciones';
import * as repo from './notificaciones.repository';

/** One open channel: the session's actor and how to talk to it. */
export interface Suscriptor {
  actor: Actor;
  enviar(m: MensajeServidorCanal): void;
  /** The session ended (logout, expiry, disabled user): tell the client and close. */
  terminarSesion(): void;
}

/** Does this event concern this user? Same rules as the Destino of platform/notificaciones.ts. */
export function concierne(d: AvisoCanal['destino'], a: Actor): boolean {
  if (d.codigoUsuario != null && d.codigoUsuario === a.codigoUsuario) return true;
  const mismaEmpresa = d.codigoEmpresaUsuario != null && d.codigoEmpresaUsuario === a.codigoEmpresaUsuario;
  if (mismaEmpresa && d.empresaCompleta) return true;
  if (!mismaEmpresa && a.codigoEmpresaUsuario !== EMPRESA_OPERADOR) return false;
  if (d.roles?.includes(a.codigoRol)) return true;
  return !!d.modulos?.some((m) => a.permisos.get(m)?.permiteListar === true);
}

const REPETICION_MAXIMA = 200;
const REINTENTO_MAXIMO_MS = 30_000;

/**
 * One per server instance: LISTENs on 'notifications-cronos' (a dedicated PostgreSQL connection, or the
 * embedded PGlite in process), and hands each event to the open channels it concerns, after checking in one
 * query that their sessions are still alive. If the LISTEN connection drops it reconnects with backoff and
 * replays from the stored table what committed meanwhile.
 */
export class CentralNotificaciones {
  private readonly suscriptores = new Set<Suscriptor>();
  private ultimoVisto = 0;
  private detenida = false;
  private cliente: pg.PoolClient | null = null;
  private dejarPglite: (() => Promise<void>) | null = null;
  private reintentoMs = 500;
  private sinPuntoDePartida = false;

  constructor(
    private readonly base: BaseDatos,
    private readonly ahora: () => Date,
    private readonly log: FastifyBaseLogger,
  ) {}

  get cantidad() {
    return this.suscriptores.size;
  }

  async iniciar() {
    if (this.base.pglite) {
      this.ultimoVisto = await this.ultimoId();
      this.dejarPglite = await this.base.pglite.listen(`"${CANAL_NOTIFICACIONES}"`, (c) => void this.recibir(c));
      return;
    }
    // A server that starts while its database is down still starts (it answers 503 meanwhile): the channel
    // reads its starting point once LISTEN is established.
    this.sinPuntoDePartida = true;
    await this.escucharPostgres();
  }

  async detener() {
    this.detenida = true;
    this.suscriptores.clear();
    await this.dejarPglite?.().catch(() => {});
    const c = this.cliente;
    this.cliente = null;
    // The listening connection is closed, not returned to the pool: it carries this listener, and an UNLISTEN on
    // a connection the server stopped answering would hold the shutdown.
    c?.release(true);
  }

  suscribir(s: Suscriptor) {
    this.suscriptores.add(s);
  }
  desuscribir(s: Suscriptor) {
    this.suscriptores.delete(s);
  }

  ultimoId(): Promise<number> {
    return repo.ultimaNotificacion(this.base.db);
  }

  /** Events after `desde` that concern the actor, oldest first (what a reconnecting client missed). */
  async perdidos(actor: Actor, desde: number) {
    const filas = await repo.notificacionesDesde(
      this.base.db,
      desde,
      {
        codigoUsuario: actor.codigoUsuario,
        codigoEmpresaUsuario: actor.codigoEmpresaUsuario,
        esOperador: actor.codigoEmpresaUsuario === EMPRESA_OPERADOR,
      },
      REPETICION_MAXIMA,
    );
    return filas.map(filaAEvento).filter((a) => concierne(a.destino, actor));
  }

  /** Sessions among these that are still valid (not revoked, not idle 40 min, not past 12 h, user enabled). */
  sesionesVigentes(codigos: number[]): Promise<Set<number>> {
    const t = this.ahora();
    return repo.sesionesValidas(this.base.db, codigos, t, new Date(t.getTime() - INACTIVIDAD_MS));
  }

  /** Closes the channels whose session has ended. Run periodically and before each delivery. */
  async revisarSesiones(candidatos: Suscriptor[] = [...this.suscriptores]): Promise<Suscriptor[]> {
    const vigentes = await this.sesionesVigentes([...new Set(candidatos.map((s) => s.actor.codigoSesion))]);
    const vivos: Suscriptor[] = [];
    for (const s of candidatos) {
      if (vigentes.has(s.actor.codigoSesion)) vivos.push(s);
      else {
        this.suscriptores.delete(s);
        s.terminarSesion();
      }
    }
    return vivos;
  }

  private async recibir(carga: string) {
    try {
      let aviso = JSON.parse(carga) as AvisoCanal | { codigoNotificacion: number };
      if (!('evento' in aviso)) {
        const f = await repo.notificacionPorCodigo(this.base.db, aviso.codigoNotificacion);
        if (!f) return;
        aviso = filaAEvento(f);
      }
      await this.repartir(aviso);
    } catch (e) {
      this.log.error({ err: e }, 'notificación ilegible en el canal');
    }
  }

  private async repartir(aviso: AvisoCanal) {
    this.ultimoVisto = Math.max(this.ultimoVisto, aviso.evento.codigoNotificacion);
    const candidatos = [...this.suscriptores].filter((s) => concierne(aviso.destino, s.actor));
    if (candidatos.length === 0) return;
    const vivos = await this.revisarSesiones(candidatos);
    for (const s of vivos) s.enviar({ tipo: 'evento', evento: aviso.evento });
  }

  private async escucharPostgres() {
    const pool = this.base.pool;
    if (!pool || this.detenida) return;
    try {
      const cliente = await pool.connect();
      // Stopped while the pool was handing out the connection: give it back closed, or the pool's end would wait
      // for it forever.
      if (this.detenida) {
        cliente.release(true);
        return;
      }
      this.cliente = cliente;
      cliente.on('notification', (n) => {
        if (n.channel === CANAL_NOTIFICACIONES && n.payload) void this.recibir(n.payload);
      });
      cliente.on('error', (e) => this.perdida(cliente, e));
      await cliente.query(`listen "${CANAL_NOTIFICACIONES}"`);
      if (this.sinPuntoDePartida) {
        this.ultimoVisto = await this.ultimoId();
        this.sinPuntoDePartida = false;
      }
      this.reintentoMs = 500;
    } catch (e) {
      const c = this.cliente;
      this.cliente = null;
      c?.release(e instanceof Error ? e : true);
      this.log.warn({ err: e }, 'no se pudo escuchar el canal de notificaciones; se reintenta');
      this.programarReintento();
    }
  }

  private perdida(cliente: pg.PoolClient, e: Error) {
    if (this.cliente !== cliente) return;
    this.cliente = null;
    this.log.warn({ err: e }, 'se perdió la conexión del canal de notificaciones; se reintenta');
    cliente.release(e);
    this.programarReintento();
  }

  private programarReintento() {
    if (this.detenida) return;
    const espera = this.reintentoMs;
    this.reintentoMs = Math.min(this.reintentoMs * 2, REINTENTO_MAXIMO_MS);
    setTimeout(async () => {
      if (this.detenida) return;
      await this.escucharPostgres();
      if (this.cliente) await this.ponerseAlDia();
    }, espera).unref();
  }

  /** After a lost LISTEN connection: deliver what was stored meanwhile. */
  private async ponerseAlDia() {
    try {
      const filas = await repo.todasDesde(this.base.db, this.ultimoVisto, 1000);
      for (const f of filas) await this.repartir(filaAEvento(f));
    } catch (e) {
      this.log.error({ err: e }, 'no se pudieron recuperar las notificaciones perdidas');
    }
  }
}
