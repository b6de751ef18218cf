import { Select } from 'antd';
import { useEmpresas } from '../../../shared/api/parametros';

/** Company selector of the administration screens; the server decides which companies the user may pick. */
export function SelectorEmpresa(p: { valor: number; alCambiar: (c: number) => void; conTodas?: boolean }) {
  const empresas = useEmpresas();
  const opciones = [
    ...(p.conTodas ? [{ value: -1, label: 'Todas las empresas' }] : []),
    ...(empresas.data ?? []).map((e) => ({ value: e.codigoEmpresaUsuario, label: e.razonSocial })),
  ];
  return (
    <Select
      aria-label="Empresa"
      showSearch
      optionFilterProp="label"
      // At most the screen's width less the card's margins: on a phone it sits in a card's header.
      style={{ minWidth: 'min(320px, calc(100vw - 64px))', maxWidth: 'calc(100vw - 64px)' }}
      value={p.valor}
      options={opciones}
      loading={empresas.isLoading}
      onChange={p.alCambiar}
    />
  );
}
