import { Button, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { TablaDatos } from '../../../shared/tabla/tabla-datos';
import { fecha } from '../../../shared/ui/formato';

export interface FilaCamion {
  codigoTransportistaUsuario: number;
  empresaUsuario: string;
  ruc: string;
  razonSocial: string;
  direccion: string | null;
  fechaInicio: string | null;
  fechaCese: string | null;
  extranjero: boolean;
  estadoContrato: 'VIGENTE' | 'VENCIDO';
}

const dia = (v: string | null) => fecha(v ? `${v}T12:00:00Z` : null);

/**
 * Transporter truck list (spec 01 §2): search box 'Buscar RUC transportista' on column TV.RUC, searching
 * when empty or from 4 characters, 500 ms after typing stops; pager total, previous, pages, next.
 */
export function ListaCamiones(p: {
  codigoEmpresaUsuario?: number;
  prefijoUrl?: string;
  alElegir?: (f: FilaCamion) => void;
}) {
  const columnas: ColumnsType<FilaCamion> = [
    { title: 'RUC', dataIndex: 'ruc' },
    { title: 'Razón social', dataIndex: 'razonSocial' },
    {
      title: 'Contrato',
      dataIndex: 'estadoContrato',
      render: (v: string) => <Tag color={v === 'VIGENTE' ? 'green' : 'red'}>{v}</Tag>,
    },
    { title: 'Inicio', dataIndex: 'fechaInicio', render: dia },
    { title: 'Cese', dataIndex: 'fechaCese', render: dia },
    { title: 'Empresa usuaria', dataIndex: 'empresaUsuario' },
    ...(p.alElegir
      ? [
          {
            title: '',
            key: 'elegir',
            render: (_: unknown, f: FilaCamion) => (
              <Button size="small" onClick={() => p.alElegir?.(f)} aria-label={`Elegir ${f.ruc}`}>
                Elegir
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <TablaDatos<FilaCamion>
      ruta="/TransportistaUsuario/ListarDatos"
      clave="codigoTransportistaUsuario"
      columnas={columnas}
      columnasBusqueda={[{ value: 'TV.RUC', label: 'RUC transportista' }]}
      placeholderBusqueda="Buscar RUC transportista"
      minimoBusqueda={4}
      prefijoUrl={p.prefijoUrl}
      extra={{ CodigoEmpresaUsuario: p.codigoEmpresaUsuario ?? -1 }}
    />
  );
}
