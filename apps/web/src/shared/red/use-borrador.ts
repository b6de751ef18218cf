import { App, type FormInstance } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';

/**
 * Keeps a form's typed values in sessionStorage, so a reload while offline (or an accidental one) does not
 * lose them. Call `descartar()` after a successful save.
 *   const { guardarBorrador, descartar } = useBorrador(form, 'orden-nueva');
 *   <Form form={form} onValuesChange={guardarBorrador}>
 */
export function useBorrador<T extends object>(form: FormInstance<T>, clave: string) {
  const k = `cronos.borrador.${clave}`;
  useEffect(() => {
    const v = sessionStorage.getItem(k);
    if (!v) return;
    try {
      form.setFieldsValue(JSON.parse(v));
    } catch {
      sessionStorage.removeItem(k);
    }
  }, [form, k]);
  const guardarBorrador = useCallback(() => {
    sessionStorage.setItem(k, JSON.stringify(form.getFieldsValue()));
  }, [form, k]);
  const descartar = useCallback(() => sessionStorage.removeItem(k), [k]);
  return { guardarBorrador, descartar };
}

interface BorradorGuardado<T> {
  valor: T;
  guardado: string;
}

/**
 * A draft kept in localStorage (it survives a reload, Back, a closed tab) and offered again: `pendiente`
 * is the draft found when the screen opened, until the user chooses `recuperar()` (returns it) or
 * `descartar()`. `guardar(valor)` writes the current work; it is ignored while a found draft awaits the
 * choice, so an old draft is never overwritten unseen. The key should name the user and the screen.
 */
export function useBorradorLocal<T>(clave: string) {
  const k = `cronos.borrador.${clave}`;
  const [pendiente, setPendiente] = useState<BorradorGuardado<T> | null>(() => {
    try {
      const v = localStorage.getItem(k);
      return v ? (JSON.parse(v) as BorradorGuardado<T>) : null;
    } catch {
      localStorage.removeItem(k);
      return null;
    }
  });
  const guardar = useCallback(
    (valor: T) => {
      if (pendiente) return;
      try {
        localStorage.setItem(k, JSON.stringify({ valor, guardado: new Date().toISOString() }));
      } catch {
        // Storage full or disabled: the leave prompt still protects the work.
      }
    },
    [k, pendiente],
  );
  const descartar = useCallback(() => {
    localStorage.removeItem(k);
    setPendiente(null);
  }, [k]);
  const recuperar = useCallback(() => {
    const v = pendiente?.valor ?? null;
    setPendiente(null);
    return v;
  }, [pendiente]);
  return { pendiente, guardar, descartar, recuperar };
}

/**
 * Asks before leaving a screen with unsaved work: the browser's own prompt on reload or closing
 * (beforeunload) and a confirmation on navigation inside the app (Back, menu, links).
 */
export function useAvisoSalida(activo: boolean, mensaje: string) {
  const { modal } = App.useApp();
  useEffect(() => {
    if (!activo) return;
    const avisar = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', avisar);
    return () => window.removeEventListener('beforeunload', avisar);
  }, [activo]);
  const bloqueo = useBlocker(
    ({ currentLocation, nextLocation }) => activo && currentLocation.pathname !== nextLocation.pathname,
  );
  // One confirmation per blocked navigation (the blocker object changes on every render).
  const preguntando = useRef(false);
  useEffect(() => {
    if (bloqueo.state !== 'blocked' || preguntando.current) return;
    preguntando.current = true;
    modal.confirm({
      title: 'Salir sin registrar',
      content: mensaje,
      okText: 'Salir',
      okButtonProps: { danger: true },
      cancelText: 'Permanecer',
      onOk: () => {
        preguntando.current = false;
        bloqueo.proceed();
      },
      onCancel: () => {
        preguntando.current = false;
        bloqueo.reset();
      },
    });
  }, [bloqueo, modal, mensaje]);
}
