import type { EventEmitter } from 'node:events';
import type pg from 'pg';
import { entregar, esSocketLectura, type SocketLectura } from '../../db/socket-lectura';

/**
 * `COPY (…) TO STDOUT` on a node-postgres client, its data read straight from what the connection reads: each
 * CopyData message's bytes are handed to `recibir` as the part of the read that holds them (the buffer, where they
 * start and where they end), with nothing copied on the way. On the server's connections (db/socket-lectura.ts) that
 * is the connection's one read buffer, used again by the next read: `recibir` takes what it keeps before returning.
 * pg-copy-streams, used before, gathered each read's messages into a new buffer (a copy of all the data, 2.9 GB for
 * op2's year at a million orders) and handed it on through a stream; with the new buffer of every socket read, that
 * kept V8 marking its heap the whole export (docs/benchmarks.md, report exports, 2026-12-02).
 *
 * While the data flows this reader takes the connection's bytes from the client. At the first message that is not
 * CopyData or CopyOutResponse (CopyDone, an error, a notice) it gives them back, from that message on: the client
 * reads the end of the statement (CommandComplete, ReadyForQuery) or its error as for any query, and CopyData that
 * would still come after a notice reaches `handleCopyData` from it.
 */

/** The protocol's message types this reader knows (PostgreSQL's frontend/backend protocol, §55.7). */
const COPY_DATA = 0x64; // 'd'
const COPY_OUT_RESPONSE = 0x48; // 'H'

/** Where the reading of a message is: its type byte, its length (4 bytes, big-endian, itself included), its bytes. */
const TIPO = 0;
const LARGO = 1;
const CUERPO = 2;

type Recibir = (b: Buffer, desde: number, hasta: number) => void;
interface ConexionPg {
  stream: EventEmitter;
  query(texto: string): void;
}

/** A query object for `client.query` (pg's Submittable): the client calls `submit` when the connection is its. */
class LecturaCopia {
  /** Set by the client when the query has a read timeout: called at the end, it clears the timer. */
  callback?: (e: Error | null) => void;
  private stream: EventEmitter | null = null;
  private socket: SocketLectura | null = null;
  private datosCliente: ((b: Buffer) => void) | null = null;
  private paso = TIPO;
  private tipo = 0;
  private falta = 0;
  private largo = 0;
  private fallo: Error | null = null;
  private terminada = false;

  constructor(
    readonly text: string,
    private readonly recibir: Recibir,
    private readonly fin: (e: Error | null) => void,
  ) {}

  submit(conexion: ConexionPg) {
    const stream = conexion.stream;
    if (esSocketLectura(stream)) {
      // The connection's own read buffer comes straight here (db/socket-lectura.ts).
      this.socket = stream;
      stream.lector = this.datos;
    } else {
      const oyentes = stream.listeners('data') as ((b: Buffer) => void)[];
      if (oyentes.length !== 1) return new Error('la conexión no tiene un único lector de datos');
      this.datosCliente = oyentes[0] as (b: Buffer) => void;
      stream.removeListener('data', this.datosCliente);
      stream.on('data', this.datos);
      this.stream = stream;
    }
    conexion.query(this.text);
    return undefined;
  }

  /** Gives the socket's data back to the client, starting with bytes `desde`–`hasta` of `resto`. */
  private devolver(resto?: Buffer, desde = 0, hasta = resto?.length ?? 0) {
    const socket = this.socket;
    if (socket) {
      this.socket = null;
      socket.lector = null;
      if (resto) entregar(socket, resto.subarray(desde, hasta));
      return;
    }
    const { stream, datosCliente } = this;
    if (!stream || !datosCliente) return;
    this.stream = null;
    stream.removeListener('data', this.datos);
    stream.on('data', datosCliente);
    if (resto && hasta > desde) datosCliente(resto.subarray(desde, hasta));
  }

  /**
   * Bytes `desde`–`hasta` of a read. A receiver that fails (a COPY it cannot read) is not called again, but the
   * messages are still walked to their end, so the connection stays in step; the statement then fails with its error.
   */
  private datos = (t: Buffer, desde = 0, hasta = t.length) => {
    let i = desde;
    while (i < hasta) {
      if (this.paso === TIPO) {
        const tipo = t[i] as number;
        if (tipo !== COPY_DATA && tipo !== COPY_OUT_RESPONSE) {
          this.devolver(t, i, hasta);
          return;
        }
        this.tipo = tipo;
        this.paso = LARGO;
        this.falta = 4;
        this.largo = 0;
        i++;
      } else if (this.paso === LARGO) {
        this.largo = this.largo * 256 + (t[i] as number);
        i++;
        if (--this.falta === 0) {
          this.falta = this.largo - 4;
          this.paso = this.falta > 0 ? CUERPO : TIPO;
        }
      } else {
        const k = Math.min(this.falta, hasta - i);
        if (this.tipo === COPY_DATA) this.dar(t, i, i + k);
        i += k;
        this.falta -= k;
        if (this.falta === 0) this.paso = TIPO;
      }
    }
  };

  private dar(b: Buffer, desde: number, hasta: number) {
    if (this.fallo) return;
    try {
      this.recibir(b, desde, hasta);
    } catch (e) {
      this.fallo = e instanceof Error ? e : new Error(String(e));
    }
  }

  /** CopyData the client read (after a notice gave it the socket back). */
  handleCopyData(m: { chunk: Buffer }) {
    this.dar(m.chunk, 0, m.chunk.length);
  }
  handleCommandComplete() {}
  handleEmptyQuery() {}
  handleError(e: Error) {
    this.devolver();
    this.fallo ??= e;
    this.terminar();
  }
  handleReadyForQuery() {
    this.terminar();
  }
  private terminar() {
    if (this.terminada) return;
    this.terminada = true;
    this.callback?.(this.fallo);
    this.fin(this.fallo);
  }
}

/**
 * Runs `COPY (…) TO STDOUT` (`texto`) on `cliente` and hands its data to `recibir` as it arrives; resolves when the
 * statement has ended, rejects with the database's error. `limiteMs`: the client's read timeout.
 */
export function leerCopia(cliente: pg.ClientBase, texto: string, recibir: Recibir, limiteMs: number) {
  return new Promise<void>((listo, fallo) => {
    const lectura = new LecturaCopia(texto, recibir, (e) => (e ? fallo(e) : listo()));
    cliente.query(Object.assign(lectura, { query_timeout: limiteMs }) as unknown as pg.Submittable);
  });
}
