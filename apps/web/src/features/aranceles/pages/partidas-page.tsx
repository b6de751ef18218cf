import { LinkOutlined } from '@ant-design/icons';
import { apiAranceles, type FilaArancel, formatearPartida } from '@cronos/contract';
import { Button, Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { TablaDatos } from '../../../shared/tabla/tabla-datos';
import { clavesAranceles } from '../api';

type Partida = FilaArancel;

// Customs pages for a heading: tariff review and import restrictions (opened in a new tab).
const urlArancel = (p: string) =>
  `https://www.aduanet.gob.pe/itarancel/arancelS01Alias?accion=buscarPartida&esframe=1&cod_partida=${p}`;
const urlRestricciones = (p: string) =>
  `https://www.aduanet.gob.pe/servlet/AIcons?accion=consultarRestricciones&partida=${p}`;

const columnas: ColumnsType<Partida> = [
  {
    title: 'Estado',
    dataIndex: 'actividadPermitida',
    width: 130,
    render: (v: boolean) => <Tag color={v ? 'green' : 'red'}>{v ? 'PERMITIDA' : 'NO PERMITIDA'}</Tag>,
  },
  {
    title: 'Descripción',
    dataIndex: 'descripcion',
    key: 'descripcion',
    sorter: true,
    // A heading's description runs to hundreds of characters: it wraps within its column instead of widening the
    // table past the screen (the heading number and its links are then out of sight).
    render: (d: string) => <div style={{ maxWidth: 'min(560px, 45vw)', whiteSpace: 'normal' }}>{d}</div>,
  },
  {
    title: 'Partida',
    dataIndex: 'numeroPartida',
    width: 150,
    render: (p: string) => formatearPartida(p),
    key: 'numeroPartida',
    sorter: true,
  },
  {
    title: 'Consultas',
    key: 'consultas',
    width: 120,
    render: (_v, f) => (
      <Space>
        <Tooltip title="Revisar partida en el arancel de aduanas">
          <Button
            size="small"
            icon={<LinkOutlined />}
            href={urlArancel(f.numeroPartida)}
            target="_blank"
            rel="noopener noreferrer"
          >
            Arancel
          </Button>
        </Tooltip>
        <Tooltip title="Restricciones de importación">
          <Button size="small" href={urlRestricciones(f.numeroPartida)} target="_blank" rel="noopener noreferrer">
            Restricciones
          </Button>
        </Tooltip>
      </Space>
    ),
  },
];

/** Tariff headings (settings/catalogs): the reference example of a paged list screen. */
export default function PartidasPage() {
  return (
    <TablaDatos<Partida>
      titulo="Partidas Arancelarias"
      ruta={apiAranceles.listar}
      claveConsulta={clavesAranceles.listas()}
      clave="codigoArancel"
      columnas={columnas}
      columnasBusqueda={[
        { value: 'descripcion', label: 'Descripción' },
        { value: 'numeroPartida', label: 'Partida' },
      ]}
      placeholderBusqueda="Buscar partida o descripción"
      claseFila={(f) => (f.actividadPermitida ? '' : 'fila-anulada')}
    />
  );
}
