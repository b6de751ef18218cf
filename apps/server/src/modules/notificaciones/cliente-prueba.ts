import type { EventoNotificacion, MensajeServidorCanal } from '@cronos/contract';
import WebSocket from 'ws';

/** Test/benchmark client of the channel: collects messages and waits for conditions (never sleeps). */
export function clienteCanal(ws: WebSocket) {
  const mensajes: MensajeServidorCanal[] = [];
  const avisar = new Set<() => void>();
  let codigoCierre: number | null = null;
  const alLlegar: ((m: MensajeServidorCanal) => void)[] = [];
  ws.on('message', (d) => {
    const m = JSON.parse(d.toString()) as MensajeServidorCanal;
    mensajes.push(m);
    for (const f of alLlegar) f(m);
    for (const f of avisar) f();
  });
  ws.on('close', (c) => {
    codigoCierre = c;
    for (const f of avisar) f();
  });
  const eventos = () =>
    mensajes
      .filter((m): m is Extract<MensajeServidorCanal, { tipo: 'evento' }> => m.tipo === 'evento')
      .map((m) => m.evento);

  /** Resolves when cond() holds; rejects after ms with what was received (a failing test shows it). */
  const esperar = (cond: () => boolean, ms = 5_000, que = 'condición') =>
    new Promise<void>((resolver, rechazar) => {
      if (cond()) return resolver();
      const revisar = () => {
        if (!cond()) return;
        clearTimeout(t);
        avisar.delete(revisar);
        resolver();
      };
      const t = setTimeout(() => {
        avisar.delete(revisar);
        rechazar(new Error(`${que}: no se cumplió en ${ms} ms; recibido ${JSON.stringify(mensajes)}`));
      }, ms);
      avisar.add(revisar);
    });

  return {
    ws,
    mensajes,
    eventos,
    alLlegar,
    cierre: () => codigoCierre,
    enviar: (m: unknown) => ws.send(typeof m === 'string' ? m : JSON.stringify(m)),
    esperar,
    /** Authenticates and waits for 'listo'. */
    async autenticar(token: string, desde?: number) {
      ws.send(JSON.stringify({ tipo: 'autenticar', token, ...(desde === undefined ? {} : { desde }) }));
      await esperar(() => mensajes.some((m) => m.tipo === 'listo') || codigoCierre !== null, 5_000, 'listo');
    },
    esperarEvento: (pred: (e: EventoNotificacion) => boolean, ms?: number) =>
      esperar(() => eventos().some(pred), ms, 'evento'),
    esperarCierre: (ms?: number) => esperar(() => codigoCierre !== null, ms, 'cierre'),
    cerrar: () => ws.close(),
  };
}
export type ClienteCanal = ReturnType<typeof clienteCanal>;

/** Opens a real WebSocket to a listening server and waits until it is open. */
export async function conectar(url: string): Promise<ClienteCanal> {
  const ws = new WebSocket(url);
  const c = clienteCanal(ws);
  await new Promise<void>((resolver, rechazar) => {
    ws.once('open', () => resolver());
    ws.once('error', rechazar);
  });
  return c;
}
