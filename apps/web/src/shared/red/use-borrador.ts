import type { FormInstance } from 'antd';
import { useCallback, useEffect } from 'react';

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
