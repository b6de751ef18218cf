import { CloseOutlined } from '@ant-design/icons';
import { MENSAJES_DESCARGA } from '@cronos/contract';
import { Button, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { notificar } from '../api/notificador';
import { textoBytes, textoDuracion } from './recibir';

/** What a file call takes to be followed and cancelled (llamarRuta's options of a file route). */
export interface SeguimientoDescarga {
  signal: AbortSignal;
  alRecibir: (bytes: number) => void;
}

/** The answer of `iniciar` when the user cancelled the download. */
export const CANCELADA = Symbol('descarga cancelada');

interface Descarga {
  cancelar: AbortController;
  inicio: number;
  bytes: number;
}

/**
 * A file download a screen follows: `iniciar(trabajo)` runs the call with a cancel signal and a byte counter, shows
 * nothing but the info message if the user cancels (and answers CANCELADA), and lets any other failure through to
 * the screen. `trabajo` must let the cancellation through (llamarRuta throws it as an ErrorApi of status 0): a call
 * that swallowed it would look like a finished download. While it runs, the screen redraws the progress twice a second; leaving the screen cancels it (the
 * server then stops making the file). One download at a time per screen: `enCurso` disables the button.
 */
export function useDescargaEnCurso() {
  const actual = useRef<Descarga | null>(null);
  const [enCurso, setEnCurso] = useState(false);
  const [, setPulso] = useState(0);
  useEffect(() => {
    if (!enCurso) return;
    const pulso = setInterval(() => setPulso((n) => n + 1), 500);
    return () => clearInterval(pulso);
  }, [enCurso]);
  useEffect(() => () => actual.current?.cancelar.abort(), []);

  async function iniciar<T>(trabajo: (s: SeguimientoDescarga) => Promise<T>): Promise<T | typeof CANCELADA> {
    const d: Descarga = { cancelar: new AbortController(), inicio: Date.now(), bytes: 0 };
    actual.current = d;
    setEnCurso(true);
    try {
      return await trabajo({
        signal: d.cancelar.signal,
        alRecibir: (bytes) => {
          d.bytes = bytes;
        },
      });
    } catch (e) {
      if (!d.cancelar.signal.aborted) throw e;
      notificar.info(MENSAJES_DESCARGA.cancelada);
      return CANCELADA;
    } finally {
      if (actual.current === d) {
        actual.current = null;
        setEnCurso(false);
      }
    }
  }

  /** Preparing (nothing received yet) or the bytes received, with the time since the click. */
  const texto = () => {
    const d = actual.current;
    if (!d) return '';
    const tiempo = textoDuracion(Date.now() - d.inicio);
    return d.bytes === 0
      ? `${MENSAJES_DESCARGA.preparando} (${tiempo})`
      : MENSAJES_DESCARGA.recibiendo(textoBytes(d.bytes), tiempo);
  };
  return { enCurso, iniciar, texto, cancelar: () => actual.current?.cancelar.abort() };
}

/** Beside the download's button while it runs: its progress and the button that cancels it. */
export function ProgresoDescarga({ descarga }: { descarga: ReturnType<typeof useDescargaEnCurso> }) {
  if (!descarga.enCurso) return null;
  return (
    <>
      <Typography.Text type="secondary" role="status">
        {descarga.texto()}
      </Typography.Text>
      <Button icon={<CloseOutlined />} onClick={descarga.cancelar}>
        {MENSAJES_DESCARGA.cancelar}
      </Button>
    </>
  );
}
