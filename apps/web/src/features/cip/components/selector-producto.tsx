import type { ProductoCip } from '@cronos/contract';
import { Select } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useDebounce } from '../../../shared/ui/use-debounce';
import { useProductosCip } from '../api/cip';

/** Every product the searches brought, by code: a chosen one keeps its label and units. */
export function useProductosConocidos() {
  const [conocidos, setConocidos] = useState(() => new Map<number, ProductoCip>());
  const alConocer = useCallback((lista: ProductoCip[]) => {
    setConocidos((antes) => {
      if (lista.every((x) => antes.has(x.codigoCatalogoUsuario))) return antes;
      const m = new Map(antes);
      for (const x of lista) m.set(x.codigoCatalogoUsuario, x);
      return m;
    });
  }, []);
  return { conocidos, alConocer };
}

/**
 * A company product picked by searching the server (description or internal code): a catalogue runs to
 * thousands of products, so the list shows the first 50 and each typed text asks for its matches. Every product
 * seen is remembered (`alConocer`), so a chosen one keeps its label and units whatever the next search brings.
 */
export function SelectorProductoCip(p: {
  /** Given by Form.Item: ties the field's label to the control. */
  id?: string;
  tipo: 'terminados' | 'insumos';
  value?: number;
  onChange?: (codigo: number) => void;
  conocidos: Map<number, ProductoCip>;
  alConocer: (productos: ProductoCip[]) => void;
  etiquetaInicial?: string;
  placeholder: string;
  disabled?: boolean;
  'aria-label'?: string;
}) {
  const [texto, setTexto] = useState('');
  const buscar = useDebounce(texto.trim(), 300);
  const consulta = useProductosCip(p.tipo, buscar);
  const { alConocer } = p;
  useEffect(() => {
    if (consulta.data) alConocer(consulta.data);
  }, [consulta.data, alConocer]);
  const etiqueta = (x: ProductoCip) => `${x.descripcion} (${x.codigoUnidadMedida})`;
  const opciones = (consulta.data ?? []).map((x) => ({ value: x.codigoCatalogoUsuario, label: etiqueta(x) }));
  const elegido = p.value ? p.conocidos.get(p.value) : undefined;
  if (p.value && !opciones.some((o) => o.value === p.value))
    opciones.unshift({ value: p.value, label: elegido ? etiqueta(elegido) : (p.etiquetaInicial ?? String(p.value)) });
  return (
    <Select
      id={p.id}
      aria-label={p['aria-label']}
      showSearch
      filterOption={false}
      onSearch={setTexto}
      searchValue={texto}
      onBlur={() => setTexto('')}
      value={p.value}
      onChange={(v: number) => {
        setTexto('');
        p.onChange?.(v);
      }}
      disabled={p.disabled}
      placeholder={p.placeholder}
      loading={consulta.isFetching}
      notFoundContent={consulta.isFetching ? 'Buscando…' : 'Sin productos que coincidan'}
      options={opciones}
    />
  );
}
