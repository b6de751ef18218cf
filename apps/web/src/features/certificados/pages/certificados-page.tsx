import {
  CheckCircleOutlined,
  EyeOutlined,
  FilePdfOutlined,
  PaperClipOutlined,
  PlusOutlined,
  ReloadOutlined,
  StopOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import {
  admiteCambiosCertificado,
  ESTADOS_CERTIFICADO,
  eligeEmpresaCertificado,
  type ItemMenu,
  puedeAutorizarCertificado,
  puedeSolicitarCertificado,
  SIN_CERTIFICADO,
  TIPO_NOTIFICACION,
} from '@cronos/contract';
import { App, Button, Modal, Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { notificar } from '../../../shared/api/notificador';
import { useEventosNotificacion } from '../../../shared/notificaciones/use-canal';
import { useSesion } from '../../../shared/sesion/almacen-sesion';
import { TablaDatos } from '../../../shared/tabla/tabla-datos';
import { enLima, fecha, fechaHora } from '../../../shared/ui/formato';
import { descargarCertificado, type FilaCertificado, RUTA_LISTA, useEliminarCertificado, useRefrescar } from '../api';
import { AprobacionDialogo } from '../components/aprobacion-dialogo';
import { DocumentosPaso } from '../components/documentos-paso';
import { SolicitudDialogo } from '../components/solicitud-dialogo';
import { TextoCorto } from '../../../shared/ui/texto-corto';

const RUTA_MENU = '/app/operations/manufacture';
const permisoPantalla = (menu: ItemMenu[]): ItemMenu | undefined =>
  menu.flatMap((g) => [g, ...g.detalle]).find((n) => n.urlLink === RUTA_MENU);

/** Manufacture certificates (operations/manufacture, spec 02 §2, §4, §6; spec 03 §2.11, §4.3). */
export default function CertificadosPage() {
  const { usuario, permisos } = useSesion();
  const refrescar = useRefrescar();
  // A decision on one of the company's requests arrives as a notice: the list (and an open detail) show it at once
  // instead of 'SIN CERTIFICADO' beside the notice that says it was authorized.
  useEventosNotificacion((e) => {
    if (e.tipo === TIPO_NOTIFICACION.certificadoAutorizado || e.tipo === TIPO_NOTIFICACION.certificadoRechazado) {
      refrescar();
    }
  });
  const eliminar = useEliminarCertificado();
  const { modal } = App.useApp();
  const [solicitando, setSolicitando] = useState(false);
  const [viendo, setViendo] = useState<number | null>(null);
  // The request whose attach dialog is open.
  const [adjuntando, setAdjuntando] = useState<{ codigo: number; empresa: number } | null>(null);
  const nivel = usuario?.nivelUsuario ?? 0;
  const permiso = permisoPantalla(permisos);
  const hoy = enLima(new Date()).format('YYYY-MM-DD');
  // Attach and enable/disable: own company's rows, or any row for operator staff who request for others.
  const modifica = (f: FilaCertificado) =>
    !!usuario && (f.codigoEmpresaUsuario === usuario.codigoEmpresaUsuario || eligeEmpresaCertificado(usuario));

  const alternar = (f: FilaCertificado) =>
    modal.confirm({
      title: f.estadoAnulado ? 'Habilitar' : 'Eliminar',
      content: f.estadoAnulado
        ? '¿Desea habilitar la solicitud de certificado?'
        : '¿Desea deshabilitar la solicitud de certificado?',
      okText: f.estadoAnulado ? 'Habilitar' : 'Eliminar',
      okButtonProps: { danger: !f.estadoAnulado },
      cancelText: 'Cancelar',
      async onOk() {
        const r = await eliminar.mutateAsync({
          codigo: f.codigoCertificadoManufactura,
          usuario: usuario?.nombreUsuario ?? '',
        });
        notificar.exito(r.message);
      },
    });

  const columnas: ColumnsType<FilaCertificado> = [
    {
      title: 'N° certificado',
      dataIndex: 'documento',
      render: (d: string | null) => d ?? <Tag>{SIN_CERTIFICADO}</Tag>,
    },
    {
      title: 'Estado',
      dataIndex: 'codigoEstadoAutorizado',
      render: (e: number, f) => <Tag color={ESTADOS_CERTIFICADO[e]?.color}>{f.descripcionEstadoAutorizado}</Tag>,
    },
    {
      title: 'Empresa usuaria',
      dataIndex: 'empresaUsuario',
      render: (v: string) => <TextoCorto texto={v} ancho={150} />,
    },
    { title: 'Fecha registro', dataIndex: 'fechaRegistro', render: (v: string) => fechaHora(v) },
    // Short values under two-line headers, so that the documents column (the certificate's PDF) is in view at
    // 1440 px beside the fixed actions instead of scrolled under them.
    { title: 'Fecha emisión', dataIndex: 'fechaEmision', width: 96, render: (v: string) => fecha(v) },
    { title: 'Fin de vigencia', dataIndex: 'fechaFinVigencia', width: 96, render: (v: string) => fecha(v) },
    { title: 'Días de vigencia', dataIndex: 'diasVigencia', width: 84, align: 'center' },
    {
      title: 'Documentos',
      key: 'documentos',
      render: (_v, f) => (
        <Space>
          {f.rutaPdf ? (
            <Tooltip title="Descargar certificado">
              <Button
                size="small"
                icon={<FilePdfOutlined />}
                aria-label={`Descargar certificado ${f.documento}`}
                onClick={() => descargarCertificado(f.codigoCertificadoManufactura, `${f.documento}.pdf`)}
              >
                PDF
              </Button>
            </Tooltip>
          ) : null}
          {f.cantidadArchivos > 0 ? <Tag icon={<PaperClipOutlined />}>{f.cantidadArchivos}</Tag> : null}
        </Space>
      ),
    },
    {
      title: 'Acciones',
      key: 'acciones',
      render: (_v, f) => (
        <Space>
          {puedeAutorizarCertificado(nivel, f) ? (
            <Button
              size="small"
              type="primary"
              icon={<CheckCircleOutlined />}
              onClick={() => setViendo(f.codigoCertificadoManufactura)}
            >
              Autorizar
            </Button>
          ) : null}
          {admiteCambiosCertificado(f) && modifica(f) && !f.estadoAnulado && permiso?.permiteAgregar ? (
            <Tooltip title="Adjuntar documento">
              <Button
                size="small"
                icon={<PaperClipOutlined />}
                aria-label="Adjuntar documento"
                onClick={() =>
                  setAdjuntando({ codigo: f.codigoCertificadoManufactura, empresa: f.codigoEmpresaUsuario })
                }
              />
            </Tooltip>
          ) : null}
          {admiteCambiosCertificado(f) && modifica(f) && permiso?.permiteEliminar ? (
            <Tooltip title={f.estadoAnulado ? 'Habilitar' : 'Eliminar'}>
              <Button
                size="small"
                danger={!f.estadoAnulado}
                icon={f.estadoAnulado ? <UndoOutlined /> : <StopOutlined />}
                aria-label={f.estadoAnulado ? 'Habilitar' : 'Eliminar'}
                onClick={() => alternar(f)}
              />
            </Tooltip>
          ) : null}
        </Space>
      ),
    },
    {
      title: 'Detalle',
      key: 'detalle',
      render: (_v, f) => (
        <Button
          size="small"
          icon={<EyeOutlined />}
          aria-label="Ver detalle"
          onClick={() => setViendo(f.codigoCertificadoManufactura)}
        />
      ),
    },
  ];

  return (
    <>
      <TablaDatos<FilaCertificado>
        titulo="Certificados de Manufactura"
        ruta={RUTA_LISTA}
        clave="codigoCertificadoManufactura"
        columnas={columnas}
        columnasBusqueda={[
          { value: 'documento', label: 'N° certificado' },
          { value: 'empresaUsuario', label: 'Empresa usuaria' },
        ]}
        extra={{ CodigoEmpresaUsuario: usuario?.codigoEmpresaUsuario ?? -1 }}
        placeholderBusqueda="Buscar certificado"
        claseFila={(f) => (f.estadoAnulado || f.fechaFinVigencia < hoy ? 'fila-anulada' : '')}
        acciones={
          puedeSolicitarCertificado(nivel) ? (
            <Space>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setSolicitando(true)}>
                Generar certificado
              </Button>
              <Button icon={<ReloadOutlined />} onClick={refrescar}>
                Actualizar
              </Button>
            </Space>
          ) : null
        }
      />
      <SolicitudDialogo
        abierto={solicitando}
        alCerrar={() => {
          setSolicitando(false);
          refrescar();
        }}
      />
      <AprobacionDialogo codigo={viendo} alCerrar={() => setViendo(null)} />
      <Modal
        title="Adjuntar documento de sustento"
        open={adjuntando !== null}
        onCancel={() => {
          setAdjuntando(null);
          refrescar();
        }}
        footer={null}
        destroyOnHidden
      >
        {adjuntando ? (
          <DocumentosPaso codigoCertificadoManufactura={adjuntando.codigo} codigoEmpresaUsuario={adjuntando.empresa} />
        ) : null}
      </Modal>
    </>
  );
}
