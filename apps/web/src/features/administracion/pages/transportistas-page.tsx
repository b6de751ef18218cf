import { apiTransportista, EMPRESA_OPERADOR } from '@cronos/contract';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useSesion } from '../../../shared/sesion/almacen-sesion';
import { TablaDatos } from '../../../shared/tabla/tabla-datos';
import { fecha } from '../../../shared/ui/formato';
import { SelectorEmpresa } from '../components/selector-empresa';

interface FilaTransportista {
  codigoTransportistaUsuario: number;
  empresaUsuario: string;
  ruc: string;
  razonSocial: string;
  direccion: string | null;
  fechaInicio: string | null;
  fechaCese: string | null;
  estadoContrato: 'VIGENTE' | 'VENCIDO';
}

const columnas: ColumnsType<FilaTransportista> = [
  {
    title: 'Contrato',
    dataIndex: 'estadoContrato',
    render: (v: string) => <Tag color={v === 'VIGENTE' ? 'green' : 'red'}>{v}</Tag>,
  },
  { title: 'RUC', dataIndex: 'ruc', key: 'ruc', sorter: true },
  { title: 'Razón social', dataIndex: 'razonSocial', key: 'razonSocial', sorter: true },
  { title: 'Dirección', dataIndex: 'direccion' },
  {
    title: 'Fecha inicio',
    dataIndex: 'fechaInicio',
    key: 'fechaInicio',
    sorter: true,
    render: (v: string | null) => fecha(v ? `${v}T12:00:00Z` : null),
  },
  {
    title: 'Fecha cese',
    dataIndex: 'fechaCese',
    key: 'fechaCese',
    sorter: true,
    render: (v: string | null) => fecha(v ? `${v}T12:00:00Z` : null),
  },
  { title: 'Empresa usuaria', dataIndex: 'empresaUsuario' },
];

/** Lista de Transportistas (administration/trucks): levels 1, 9 and 4 of the operator see every company (-1). */
export default function TransportistasPage() {
  const { usuario } = useSesion();
  const todas = usuario?.codigoEmpresaUsuario === EMPRESA_OPERADOR && [1, 4, 9].includes(usuario.nivelUsuario);
  const [empresa, setEmpresa] = useState(todas ? -1 : (usuario?.codigoEmpresaUsuario ?? -1));
  return (
    <TablaDatos<FilaTransportista>
      titulo="Lista de Transportistas"
      ruta={apiTransportista.listar}
      clave="codigoTransportistaUsuario"
      columnas={columnas}
      columnasBusqueda={[
        { value: 'TV.RUC', label: 'RUC transportista' },
        { value: 'TV.RAZON_SOCIAL', label: 'Razón social' },
      ]}
      minimoBusqueda={4}
      placeholderBusqueda="Buscar RUC transportista"
      extra={{ CodigoEmpresaUsuario: empresa }}
      claseFila={(f) => (f.estadoContrato === 'VENCIDO' ? 'fila-anulada' : '')}
      acciones={todas ? <SelectorEmpresa valor={empresa} alCambiar={setEmpresa} conTodas /> : null}
    />
  );
}
