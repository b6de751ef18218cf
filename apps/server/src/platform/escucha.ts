import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { BaseDatos } from '../db/client';

const REINTENTO_INICIAL_MS = 500;
const REINTENTO_MAXIMO_MS = 10_000;

/**
 * LISTEN on one PostgreSQL channel for the life of an API instance: the embedded database delivers in process;
 * on a PostgreSQL server a dedicated connection of the pool listens, and when it drops it reconnects with backoff
 * and calls `alReconectar` (what was announced meanwhile was not heard: the listener must assume anything changed).
 */
export class Escucha {
  private cliente: pg.PoolClient | null = null;
  private dejarPglite: (() => Promise<void>) | null = null;
  private detenida = false;
  private reintentoMs = REINTENTO_INICIAL_MS;

  constructor(
    private readonly base: BaseDatos,
    private readonly canal: string,
    private readonly alRecibir: (carga: string) => void,
    private readonly alReconectar: () => void,
    private readonly log?: FastifyBaseLogger,
  ) {}

  async iniciar() {
    if (this.base.pglite) {
      this.dejarPglite = await this.base.pglite.listen(this.canal, (carga) => this.alRecibir(carga));
      return;
    }
    await this.conectar();
  }

  async detener() {
    this.detenida = true;
    await this.dejarPglite?.().catch(() => {});
    const c = this.cliente;
    this.cliente = null;
    // The listening connection is closed, not returned to the pool: it carries this listener, and an UNLISTEN on
    // a connection the server stopped answering would hold the shutdown.
    c?.release(true);
  }

  private async conectar() {
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
        if (n.channel === this.canal && n.payload !== undefined) this.alRecibir(n.payload);
      });
      cliente.on('error', (e) => this.perdida(cliente, e));
      await cliente.query(`listen "${this.canal}"`);
      this.reintentoMs = REINTENTO_INICIAL_MS;
    } catch (e) {
      const c = this.cliente;
      this.cliente = null;
      c?.release(e instanceof Error ? e : true);
      this.log?.warn({ err: e, canal: this.canal }, 'no se pudo escuchar el canal; se reintenta');
      this.reintentar();
    }
  }

  private perdida(cliente: pg.PoolClient, e: Error) {
    if (this.cliente !== cliente) return;
    this.cliente = null;
    this.log?.warn({ err: e, canal: this.canal }, 'se perdió la conexión del canal; se reintenta');
    cliente.release(e);
    this.alReconectar();
    this.reintentar();
  }

  private reintentar() {
    if (this.detenida) return;
    const espera = this.reintentoMs;
    this.reintentoMs = Math.min(this.reintentoMs * 2, REINTENTO_MAXIMO_MS);
    setTimeout(async () => {
      if (this.detenida) return;
      await this.conectar();
      if (this.cliente) this.alReconectar();
    }, espera).unref();
  }
}
