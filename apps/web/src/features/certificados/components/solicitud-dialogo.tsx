import {
  ANTICIPACION_MAXIMA_CERTIFICADO_DIAS,
  DIAS_VIGENCIA_CERTIFICADO,
  eligeEmpresaCertificado,
  MENSAJES_CERTIFICADO as M,
  MENSAJES,
  sumarDias,
  fechaLima,
} from '@cronos/contract';
import { Button, Col, DatePicker, Divider, Form, Input, Modal, Row, Select, Steps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { ErrorApi } from '../../../shared/api/cliente';
import { notificar } from '../../../shared/api/notificador';
import { useEmpresas } from '../../../shared/api/parametros';
import { aplicarErroresCampo } from '../../../shared/formulario/errores-campo';
import { useSesion } from '../../../shared/sesion/almacen-sesion';
import { fecha } from '../../../shared/ui/formato';
import { useGuardarCertificado } from '../api';
import { DocumentosPaso } from './documentos-paso';
import { type LineaSolicitud, LineasProducto } from './lineas-producto';

interface Props {
  abierto: boolean;
  alCerrar: () => void;
}

interface Cabecera {
  codigoEmpresaUsuario?: number;
  fechaEmision: Dayjs;
}

const hoyLima = () => fechaLima(new Date());

/**
 * The two-step request (spec 02 §2): Registro (data and product lines) then Documentos (PDF). Guardar saves
 * and moves to step 2; closing resets to step 1 and refreshes the list.
 */
export function SolicitudDialogo({ abierto, alCerrar }: Props) {
  const { usuario } = useSesion();
  const elige = usuario ? eligeEmpresaCertificado(usuario) : false;
  const empresas = useEmpresas();
  const [form] = Form.useForm<Cabecera>();
  const [lineas, setLineas] = useState<LineaSolicitud[]>([]);
  const guardarSolicitud = useGuardarCertificado();
  // Step 2 (Documentos) once the request is saved: its code, and the company it was saved for.
  const guardado = guardarSolicitud.data;
  const paso = guardado === undefined ? 0 : 1;
  const empresaElegida = Form.useWatch('codigoEmpresaUsuario', form);
  const inicio = Form.useWatch('fechaEmision', form);
  const inicioIso = inicio ? inicio.format('YYYY-MM-DD') : hoyLima();
  const ayer = sumarDias(hoyLima(), -1);
  const ultimoInicio = sumarDias(hoyLima(), ANTICIPACION_MAXIMA_CERTIFICADO_DIAS);

  const cerrar = () => {
    form.resetFields();
    setLineas([]);
    guardarSolicitud.reset();
    alCerrar();
  };

  const guardar = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    if (!lineas.length) {
      notificar.error(M.sinProductos);
      return;
    }
    try {
      const fechaEmision = v.fechaEmision.format('YYYY-MM-DD');
      await guardarSolicitud.mutateAsync({
        fechaEmision,
        fechaFinVigencia: sumarDias(fechaEmision, DIAS_VIGENCIA_CERTIFICADO),
        diasVigencia: DIAS_VIGENCIA_CERTIFICADO,
        usuarioRegistro: usuario?.nombreUsuario ?? null,
        codigoEmpresaUsuario: elige ? (v.codigoEmpresaUsuario ?? null) : (usuario?.codigoEmpresaUsuario ?? null),
        detalle: lineas.map(
          ({ descripcionProducto: _d, numeroPartida: _p, unidad: _u, numeroProduccion: _n, ...l }) => l,
        ),
      });
      notificar.exito(M.registroExito);
    } catch (e) {
      if (e instanceof ErrorApi && (e.status === 422 || e.status === 500)) {
        aplicarErroresCampo(form, e);
        const lineaMal = Object.entries(e.errors ?? {}).find(([k]) => k.startsWith('detalle'));
        notificar.error(M.registroError, lineaMal?.[1][0] ?? e.errors?.fechaEmision?.[0] ?? e.message);
      }
    }
  };

  return (
    <Modal
      title="Solicitud de Certificado de Manufactura"
      open={abierto}
      onCancel={cerrar}
      width={980}
      destroyOnHidden
      maskClosable={false}
      footer={
        paso === 0
          ? [
              <Button key="cancelar" onClick={cerrar}>
                Cancelar
              </Button>,
              <Button key="guardar" type="primary" loading={guardarSolicitud.isPending} onClick={guardar}>
                Guardar
              </Button>,
            ]
          : [
              <Button key="cerrar" type="primary" onClick={cerrar}>
                Cerrar
              </Button>,
            ]
      }
    >
      <Steps
        size="small"
        current={paso}
        items={[{ title: 'Registro' }, { title: 'Documentos' }]}
        style={{ marginBottom: 16 }}
      />
      {paso === 0 ? (
        <>
          <Form form={form} layout="vertical" initialValues={{ fechaEmision: dayjs(hoyLima()) }}>
            <Row gutter={12}>
              {elige ? (
                <Col span={24}>
                  <Form.Item
                    name="codigoEmpresaUsuario"
                    label="Empresa usuaria"
                    rules={[{ required: true, message: MENSAJES.requerido }]}
                  >
                    <Select
                      showSearch
                      aria-label="Empresa usuaria"
                      optionFilterProp="label"
                      loading={empresas.isLoading}
                      options={(empresas.data ?? []).map((e) => ({
                        value: e.codigoEmpresaUsuario,
                        label: `${e.ruc} - ${e.razonSocial}`,
                      }))}
                      onChange={() => setLineas([])}
                    />
                  </Form.Item>
                </Col>
              ) : null}
              <Col xs={24} sm={8}>
                <Form.Item
                  name="fechaEmision"
                  label="Fecha de inicio"
                  rules={[{ required: true, message: MENSAJES.requerido }]}
                >
                  <DatePicker
                    format="DD/MM/YYYY"
                    style={{ width: '100%' }}
                    allowClear={false}
                    disabledDate={(d) => d.format('YYYY-MM-DD') < ayer || d.format('YYYY-MM-DD') > ultimoInicio}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} sm={8}>
                <Form.Item label="Días de vigencia">
                  <Input value={DIAS_VIGENCIA_CERTIFICADO} readOnly aria-label="Días de vigencia" />
                </Form.Item>
              </Col>
              <Col xs={24} sm={8}>
                <Form.Item label="Fecha fin de vigencia">
                  <Input
                    value={fecha(sumarDias(inicioIso, DIAS_VIGENCIA_CERTIFICADO))}
                    readOnly
                    aria-label="Fecha fin de vigencia"
                  />
                </Form.Item>
              </Col>
            </Row>
          </Form>
          <Divider titlePlacement="start" plain>
            Productos
          </Divider>
          {elige && !empresaElegida ? (
            <div style={{ color: '#8c8c8c' }}>Seleccione la empresa usuaria para buscar en su catálogo.</div>
          ) : (
            <LineasProducto
              lineas={lineas}
              alCambiar={setLineas}
              codigoEmpresaUsuario={elige ? empresaElegida : undefined}
            />
          )}
        </>
      ) : guardado !== undefined ? (
        <DocumentosPaso
          codigoCertificadoManufactura={guardado}
          codigoEmpresaUsuario={guardarSolicitud.variables?.codigoEmpresaUsuario ?? 0}
        />
      ) : null}
    </Modal>
  );
}
