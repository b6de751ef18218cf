import net from 'node:net';

/** What reads a connection's bytes in place of the client: the read buffer, and where the bytes start and end. */
export type LectorSocket = (b: Buffer, desde: number, hasta: number) => void;

/** A PostgreSQL connection's socket that reads into one buffer of its own (SocketLectura). */
export interface SocketLectura extends net.Socket {
  /** Set while a reader takes the bytes (a COPY's output): it gets the read buffer itself. */
  lector: LectorSocket | null;
}

/** Bytes of each connection's read buffer: the size Node reads a socket with. */
const LECTURA = 64 * 1024;

/**
 * A socket for node-postgres that reads into one buffer of its own, used again for every read (Node's `onread`),
 * where a plain socket makes a new buffer for each read. A buffer lives outside V8's heap, and V8 counts what is made
 * there since its last full collection against the heap's limit: an export of op2 at a million orders reads 2.9 GB
 * from its two connections, and every ~100 MB of new buffers started a full marking of the server's heap (40–50 per
 * export, the marking threads busy the whole time).
 *
 * The client gets a copy of each read (its parser keeps parts of a read until the next one), except while a reader
 * is attached (`lector`: a COPY's output, copia-salida.ts), which gets the read buffer itself and must take what it
 * keeps before it returns; it hands the bytes after its own back to the client (`entregar`).
 */
export function crearSocketLectura(): SocketLectura {
  const buffer = Buffer.allocUnsafe(LECTURA);
  // `onread` is an option of the constructor (Node's net.js) that @types/node lists only for `net.connect`.
  const socket = new net.Socket({
    onread: {
      buffer,
      callback: (n: number, b: Uint8Array) => {
        const lector = socket.lector;
        if (lector) lector(b as Buffer, 0, n);
        else entregar(socket, (b as Buffer).subarray(0, n));
        return true;
      },
    },
  } as net.SocketConstructorOpts) as SocketLectura;
  socket.lector = null;
  return socket;
}

/** Hands bytes of the read buffer to the client, as a copy of their own. */
export function entregar(socket: net.Socket, bytes: Buffer) {
  if (bytes.length) socket.emit('data', Buffer.from(bytes));
}

export const esSocketLectura = (s: unknown): s is SocketLectura => s instanceof net.Socket && 'lector' in (s as object);
