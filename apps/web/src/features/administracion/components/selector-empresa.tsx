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
      style={{ minWidth: 320 }}
      value={p.valor}
      options={opciones}
      loading={empresas.isLoading}
      onChange={p.alCambiar}
    />
  );
}
