import { FilePdfOutlined } from '@ant-design/icons';
import {
  ESTADO_CERTIFICADO,
  ESTADOS_CERTIFICADO,
  formatearPartida,
  MENSAJES_CERTIFICADO as M,
  puedeAutorizarCertificado,
  SIN_CERTIFICADO,
} from '@cronos/contract';
import { Alert, Button, Checkbox, Descriptions, Divider, Input, Modal, Space, Spin, Table, Tag } from 'antd';
import { useState } from 'react';
import { ErrorApi } from '../../../shared/api/cliente';
import { notificar } from '../../../shared/api/notificador';
import { useSesion } from '../../../shared/sesion/almacen-sesion';
import { enLima, fecha, fechaHora, numero } from '../../../shared/ui/formato';
import { columnaNumero } from '../../../shared/tabla/columna-numero';
import {
  type Certificado,
  descargarCertificado,
  descargarDocumento,
  type LineaDetalle,
  useAprobarRechazar,
  useCertificado,
} from '../api';

interface Props {
  codigo: number | null;
  alCerrar: () => void;
}

/**
 * 'Aprobación - Certificado Manufactura' for an approver while the request awaits; otherwise 'Detalle - registro
 * de certificado' with only a close button (spec 02 §2). Options, observations, Rechazar and Autorizar.
 */
export function AprobacionDialogo({ codigo, alCerrar }: Props) {
  const { usuario } = useSesion();
  const consulta = useCertificado(codigo);
  const c = consulta.data;
  const aprobable = !!c && !!usuario && puedeAutorizarCertificado(usuario.nivelUsuario, c);
  // Past its validity a request would be issued already expired: it can only be rejected (the server says so too).
  const vencida = !!c && c.fechaFinVigencia < enLima(new Date()).format('YYYY-MM-DD');
  const [observaciones, setObservaciones] = useState('');
  const [individualidad, setIndividualidad] = useState(false);
  const [valorAgregado, setValorAgregado] = useState(false);
  const resolucion = useAprobarRechazar();
  // The button whose answer is awaited shows it; both wait.
  const enviando = resolucion.isPending ? resolucion.variables.estadoAutorizacion : null;

  const cerrar = () => {
    setObservaciones('');
    setIndividualidad(false);
    setValorAgregado(false);
    alCerrar();
  };

  const resolver = async (estadoAutorizacion: 2 | 3) => {
    if (!c) return;
    if (estadoAutorizacion === ESTADO_CERTIFICADO.autorizado && !individualidad) {
      notificar.error(M.opcionAdicional);
      return;
    }
    if (estadoAutorizacion === ESTADO_CERTIFICADO.rechazado && !observaciones.trim()) {
      notificar.error(M.observacionRechazo);
      return;
    }
    try {
      const r = await resolucion.mutateAsync({
        codigoCertificadoManufactura: c.codigoCertificadoManufactura,
        estadoAutorizacion,
        opcionNuevaFuncionalidad: individualidad,
        opcionGeneraValor: valorAgregado,
        observaciones: observaciones.trim() || null,
        usuarioRegistro: usuario?.nombreUsuario ?? null,
      });
      notificar.exito(r.message || M.transaccionExitosa);
      cerrar();
    } catch (e) {
      if (e instanceof ErrorApi && e.status !== 401) notificar.error(e.message);
    }
  };

  return (
    <Modal
      title={aprobable ? 'Aprobación - Certificado Manufactura' : 'Detalle - registro de certificado'}
      open={codigo !== null}
      onCancel={cerrar}
      width={980}
      destroyOnHidden
      footer={
        aprobable
          ? [
              <Button
                key="rechazar"
                danger
                loading={enviando === 2}
                disabled={enviando !== null}
                onClick={() => resolver(2)}
              >
                Rechazar
              </Button>,
              <Button
                key="autorizar"
                type="primary"
                loading={enviando === 3}
                disabled={enviando !== null || vencida}
                onClick={() => resolver(3)}
              >
                Autorizar
              </Button>,
            ]
          : [
              <Button key="cerrar" onClick={cerrar}>
                Cerrar
              </Button>,
            ]
      }
    >
      {!c ? (
        <Spin />
      ) : (
        <>
          {aprobable && vencida ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              title={M.vigenciaTerminada(c.fechaFinVigencia)}
            />
          ) : null}
          <DatosCertificado c={c} />
          <Divider titlePlacement="start" plain>
            Productos
          </Divider>
          <Table<LineaDetalle>
            size="small"
            rowKey="codigoCertificadoManufacturaDetalle"
            pagination={false}
            dataSource={c.detalle}
            scroll={{ x: 'max-content' }}
            columns={[
              columnaNumero<LineaDetalle>(1, c.detalle.length || 1),
              { title: 'Descripción', dataIndex: 'descripcionProducto' },
              { title: 'Subpartida', dataIndex: 'numeroPartida', render: (p: string) => formatearPartida(p) },
              { title: 'Cantidad', dataIndex: 'cantidad', align: 'right', render: (v: number) => numero(v, 3) },
              { title: 'Unidad', dataIndex: 'descripcionUnidadMedida' },
              { title: 'Peso neto', dataIndex: 'pesoNeto', align: 'right', render: (v: number) => numero(v, 3) },
              { title: 'Peso bruto', dataIndex: 'pesoBruto', align: 'right', render: (v: number) => numero(v, 3) },
              {
                title: 'Producción',
                dataIndex: 'numeroProduccion',
                render: (v: string | null, l) => (v ? `${v} (${fecha(l.fechaProduccion)})` : '—'),
              },
            ]}
          />
          <Divider titlePlacement="start" plain>
            Documentos adjuntos
          </Divider>
          <Space wrap>
            {c.archivos.length === 0 ? <span style={{ color: '#8c8c8c' }}>Sin documentos adjuntos</span> : null}
            {c.archivos.map((a) => (
              <Button
                key={a.codigoCertificadoManufacturaArchivo}
                type="link"
                icon={<FilePdfOutlined />}
                onClick={() => descargarDocumento(a.codigoCertificadoManufacturaArchivo, a.nombreArchivo)}
              >
                {a.nombreArchivo}
              </Button>
            ))}
            {c.rutaPdf ? (
              <Button
                icon={<FilePdfOutlined />}
                onClick={() => descargarCertificado(c.codigoCertificadoManufactura, `${c.documento}.pdf`)}
              >
                Certificado {c.documento}
              </Button>
            ) : null}
          </Space>
          <Divider titlePlacement="start" plain>
            Observaciones
          </Divider>
          <Input.TextArea
            aria-label="Observaciones"
            rows={3}
            maxLength={1000}
            readOnly={!aprobable}
            value={aprobable ? observaciones : (c.observaciones ?? '')}
            onChange={(e) => setObservaciones(e.target.value)}
          />
          <Space direction="vertical" style={{ marginTop: 12 }}>
            <Checkbox
              checked={aprobable ? individualidad : c.opcionNuevaFuncionalidad}
              disabled={!aprobable}
              onChange={(e) => setIndividualidad(e.target.checked)}
            >
              Aplica a la nueva individualidad
            </Checkbox>
            <Checkbox
              checked={aprobable ? valorAgregado : c.opcionGeneraValor}
              disabled={!aprobable}
              onChange={(e) => setValorAgregado(e.target.checked)}
            >
              Aplica a generar un valor agregado
            </Checkbox>
          </Space>
        </>
      )}
    </Modal>
  );
}

function DatosCertificado({ c }: { c: Certificado }) {
  const estado = ESTADOS_CERTIFICADO[c.codigoEstadoAutorizado];
  return (
    <>
      <Descriptions size="small" bordered column={{ xs: 1, sm: 2, md: 3 }} title="Datos del certificado">
        <Descriptions.Item label="N° certificado">{c.documento ?? <Tag>{SIN_CERTIFICADO}</Tag>}</Descriptions.Item>
        <Descriptions.Item label="Estado">
          <Tag color={estado?.color}>{c.descripcionEstadoAutorizado}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="Solicitante">{c.usuarioRegistro ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Fecha de inicio">{fecha(c.fechaEmision)}</Descriptions.Item>
        <Descriptions.Item label="Días de vigencia">{c.diasVigencia}</Descriptions.Item>
        <Descriptions.Item label="Fecha fin de vigencia">{fecha(c.fechaFinVigencia)}</Descriptions.Item>
        <Descriptions.Item label="Cantidad de bultos">{numero(c.cantidadBultos, 3)}</Descriptions.Item>
        <Descriptions.Item label="Registrado">{fechaHora(c.fechaRegistro)}</Descriptions.Item>
        {/* Who decided: a rejected request was not 'autorizado' by anybody. */}
        <Descriptions.Item
          label={c.codigoEstadoAutorizado === ESTADO_CERTIFICADO.rechazado ? 'Rechazado por' : 'Autorizado por'}
        >
          {c.nombreAutorizador ? `${c.nombreAutorizador} (${fechaHora(c.fechaAutorizacion)})` : '—'}
        </Descriptions.Item>
      </Descriptions>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2 }}
        title="Datos de la empresa"
        style={{ marginTop: 12 }}
      >
        <Descriptions.Item label="Razón social">{c.razonSocial}</Descriptions.Item>
        <Descriptions.Item label="Dirección">{c.direccion ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Teléfono">{c.numeroTelefonico || 'SIN NUMERO'}</Descriptions.Item>
        <Descriptions.Item label="Correo electrónico">{c.correoElectronico ?? '—'}</Descriptions.Item>
      </Descriptions>
    </>
  );
}
