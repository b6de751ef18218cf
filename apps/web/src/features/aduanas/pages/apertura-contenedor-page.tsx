import { EyeOutlined, FilePdfOutlined, PlusOutlined } from '@ant-design/icons';
import { apiActas, type ItemMenu, RUTA_VERIFICACION_ACTA } from '@cronos/contract';
import { Button, Descriptions, Drawer, Image, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useSesion } from '../../../shared/sesion/almacen-sesion';
import { TablaDatos } from '../../../shared/tabla/tabla-datos';
import { fechaHora } from '../../../shared/ui/formato';
import { abrirPdfActa, type FilaActa, urlFotoActa } from '../api/actas';
import { ActaDialogo } from '../components/acta-dialogo';

const RUTA_MENU = '/app/operations/openingContainer';
const permisoPantalla = (menu: ItemMenu[]): ItemMenu | undefined =>
  menu.flatMap((g) => [g, ...g.detalle]).find((n) => n.urlLink === RUTA_MENU);
const CALIDAD: Record<string, string> = { operador: 'Operador', empresa: 'Empresa usuaria', aduana: 'Aduanas' };

function Foto({ codigo, nombre }: { codigo: number; nombre: string }) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    let creada: string | undefined;
    let vivo = true;
    urlFotoActa(codigo)
      .then((u) => {
        creada = u;
        if (vivo) setUrl(u);
      })
      .catch(() => undefined);
    return () => {
      vivo = false;
      if (creada) URL.revokeObjectURL(creada);
    };
  }, [codigo]);
  return <Image width={96} height={96} style={{ objectFit: 'cover' }} src={url} alt={nombre} />;
}

function Detalle({ acta, alCerrar }: { acta: FilaActa | null; alCerrar: () => void }) {
  return (
    <Drawer title={acta ? `Acta ${acta.numeroActa}` : ''} open={acta !== null} onClose={alCerrar} size="large">
      {acta ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space>
            <Button type="primary" icon={<FilePdfOutlined />} onClick={() => abrirPdfActa(acta.codigoActaApertura)}>
              Ver PDF del acta
            </Button>
            <a
              href={`${RUTA_VERIFICACION_ACTA}?numero=${encodeURIComponent(acta.numeroActa)}&codigo=${encodeURIComponent(acta.codigoVerificacion)}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              Página de verificación (QR)
            </a>
          </Space>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label="Orden">{acta.codigoIngreso}</Descriptions.Item>
            <Descriptions.Item label="Empresa usuaria">{acta.razonSocial}</Descriptions.Item>
            <Descriptions.Item label="Contenedor">
              {acta.numeroContenedor} {acta.tipoContenedor ? `(${acta.tipoContenedor})` : ''}
            </Descriptions.Item>
            <Descriptions.Item label="Fecha y hora">{fechaHora(acta.fechaApertura)}</Descriptions.Item>
            <Descriptions.Item label="Precintos encontrados">
              {acta.precintosEncontrados}{' '}
              {acta.precintosCoinciden ? (
                <Tag color="green">Conformes</Tag>
              ) : (
                <Tag color="red">Difieren de la orden ({acta.precintosOrden ?? '—'})</Tag>
              )}
            </Descriptions.Item>
            <Descriptions.Item label="Precintos nuevos">{acta.precintosNuevos ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Observaciones">{acta.observaciones ?? '—'}</Descriptions.Item>
          </Descriptions>
          <Table
            size="small"
            rowKey={(_p, i) => String(i)}
            pagination={false}
            dataSource={acta.personas}
            columns={[
              { title: '#', key: 'n', render: (_v, _p, i) => i + 1, width: 40 },
              { title: 'Persona presente', dataIndex: 'nombre' },
              { title: 'Documento', dataIndex: 'documento', render: (v: string | null) => v ?? '—' },
              { title: 'Representa a', dataIndex: 'calidad', render: (v: string) => CALIDAD[v] ?? v },
            ]}
          />
          <Image.PreviewGroup>
            <Space wrap>
              {acta.fotos.map((f) => (
                <Foto key={f.codigoActaAperturaFoto} codigo={f.codigoActaAperturaFoto} nombre={f.nombreArchivo} />
              ))}
            </Space>
          </Image.PreviewGroup>
        </Space>
      ) : null}
    </Drawer>
  );
}

/** operations/openingContainer: container opening acts (DOMAIN.md §12). */
export default function AperturaContenedorPage() {
  const { permisos } = useSesion();
  const permiso = permisoPantalla(permisos);
  const [registrando, setRegistrando] = useState(false);
  const [viendo, setViendo] = useState<FilaActa | null>(null);
  const columnas: ColumnsType<FilaActa> = [
    { title: 'N° acta', dataIndex: 'numeroActa' },
    { title: 'Orden', dataIndex: 'codigoIngreso' },
    { title: 'Empresa usuaria', dataIndex: 'razonSocial' },
    { title: 'Contenedor', dataIndex: 'numeroContenedor' },
    { title: 'Apertura', dataIndex: 'fechaApertura', render: (v: string) => fechaHora(v) },
    {
      title: 'Precintos',
      key: 'precintos',
      render: (_v, f) => (f.precintosCoinciden ? <Tag color="green">Conformes</Tag> : <Tag color="red">Difieren</Tag>),
    },
    { title: 'Fotos', key: 'fotos', align: 'center', render: (_v, f) => f.fotos.length },
    {
      title: 'Acciones',
      key: 'acciones',
      render: (_v, f) => (
        <Space>
          <Tooltip title="Ver detalle">
            <Button
              size="small"
              icon={<EyeOutlined />}
              aria-label={`Ver acta ${f.numeroActa}`}
              onClick={() => setViendo(f)}
            />
          </Tooltip>
          <Tooltip title="PDF">
            <Button
              size="small"
              icon={<FilePdfOutlined />}
              aria-label={`PDF del acta ${f.numeroActa}`}
              onClick={() => abrirPdfActa(f.codigoActaApertura)}
            />
          </Tooltip>
        </Space>
      ),
    },
  ];
  return (
    <>
      <TablaDatos<FilaActa>
        titulo="Apertura de Contenedor"
        ruta={apiActas.listar}
        clave="codigoActaApertura"
        columnas={columnas}
        columnasBusqueda={[
          { value: 'A.NUMERO_ACTA', label: 'N° acta' },
          { value: 'A.NUMERO_CONTENEDOR', label: 'Contenedor' },
          { value: 'M.CODIGO_INGRESO', label: 'Orden' },
          { value: 'E.RAZON_SOCIAL', label: 'Empresa usuaria' },
        ]}
        placeholderBusqueda="Buscar acta"
        extra={{ CodigoEmpresaUsuario: -1 }}
        acciones={
          permiso?.permiteAgregar ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setRegistrando(true)}>
              Registrar acta
            </Button>
          ) : null
        }
      />
      <ActaDialogo abierto={registrando} alCerrar={() => setRegistrando(false)} />
      <Detalle acta={viendo} alCerrar={() => setViendo(null)} />
    </>
  );
}
