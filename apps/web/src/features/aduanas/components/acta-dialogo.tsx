import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import {
  CALIDADES_PRESENTE,
  EJEMPLO_CONTENEDOR,
  errorContenedor,
  MENSAJES_ACTA as MA,
  MENSAJES_ETAPAS,
  PARAMETRO,
  tipoImagenPorFirma,
} from '@cronos/contract';
import { Button, Col, DatePicker, Form, Input, Modal, Row, Select, Space, Upload } from 'antd';
import type { UploadFile } from 'antd/es/upload/interface';
import type dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { ErrorApi } from '../../../shared/api/cliente';
import { notificar } from '../../../shared/api/notificador';
import { useOpcionesParametro } from '../../../shared/api/parametros';
import { enLima } from '../../../shared/ui/formato';
import { useGuardarActa } from '../api/actas';
import { aplicarErroresCampo } from '../../../shared/formulario/errores-campo';

const REQUERIDO = 'Este es un campo requerido';
const CALIDAD: Record<string, string> = { operador: 'Operador', empresa: 'Empresa usuaria', aduana: 'Aduanas' };
const MAX_FOTO = 10 * 1024 * 1024;

interface Valores {
  CodigoIngreso: string;
  NumeroContenedor: string;
  CodigoTipoContenedor?: string;
  PrecintosEncontrados: string;
  PrecintosNuevos?: string;
  FechaApertura: dayjs.Dayjs;
  Personas: { nombre: string; documento?: string; calidad: string }[];
  Observaciones?: string;
  /** Only carries the photos' error message; the files live in state. */
  files?: never;
}

/** Registers a container opening act with its photos (DOMAIN.md §12). */
export function ActaDialogo(p: { abierto: boolean; alCerrar: (numero?: number) => void }) {
  const [form] = Form.useForm<Valores>();
  const [fotos, setFotos] = useState<UploadFile[]>([]);
  const rechazadas = useRef<string[]>([]);
  const guardar = useGuardarActa();
  const tipos = useOpcionesParametro(PARAMETRO.tipoContenedor);

  const enviar = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    if (!fotos.length) {
      form.setFields([{ name: 'files', errors: [MA.fotosRequeridas] }]);
      return;
    }
    const datos = new FormData();
    datos.set('CodigoIngreso', v.CodigoIngreso.trim());
    datos.set('NumeroContenedor', v.NumeroContenedor.trim().toUpperCase());
    if (v.CodigoTipoContenedor) datos.set('CodigoTipoContenedor', v.CodigoTipoContenedor);
    datos.set('PrecintosEncontrados', v.PrecintosEncontrados);
    if (v.PrecintosNuevos) datos.set('PrecintosNuevos', v.PrecintosNuevos);
    datos.set('FechaApertura', v.FechaApertura.format('YYYY-MM-DDTHH:mm'));
    datos.set('Personas', JSON.stringify(v.Personas.map((x) => ({ ...x, documento: x.documento || null }))));
    if (v.Observaciones) datos.set('Observaciones', v.Observaciones);
    for (const f of fotos) if (f.originFileObj) datos.append('files', f.originFileObj);
    try {
      const r = await guardar.mutateAsync(datos);
      notificar.exito(r.message);
      form.resetFields();
      setFotos([]);
      p.alCerrar(r.data.codigoActaApertura);
    } catch (e) {
      if (aplicarErroresCampo(form, e)) return;
      if (e instanceof ErrorApi) notificar.error(e.message);
    }
  };

  return (
    <Modal
      title="Registrar acta de apertura de contenedor"
      open={p.abierto}
      onCancel={() => p.alCerrar()}
      onOk={enviar}
      okText="Guardar acta"
      cancelText="Cancelar"
      confirmLoading={guardar.isPending}
      width={820}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        name="acta"
        initialValues={{ FechaApertura: enLima(new Date()), Personas: [{ nombre: '', calidad: 'operador' }] }}
      >
        <Row gutter={12}>
          <Col xs={24} md={8}>
            <Form.Item name="CodigoIngreso" label="Código de la orden" rules={[{ required: true, message: REQUERIDO }]}>
              <Input placeholder="OP0000123" maxLength={12} aria-label="Código de la orden" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="NumeroContenedor"
              label="N° de contenedor"
              rules={[
                { required: true, message: REQUERIDO },
                {
                  validator: async (_r, v: string | undefined) => {
                    const error = v ? errorContenedor(v) : null;
                    if (error) throw new Error(error);
                  },
                },
              ]}
            >
              <Input placeholder={EJEMPLO_CONTENEDOR} maxLength={12} aria-label="N° de contenedor" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="CodigoTipoContenedor" label="Tipo de contenedor">
              <Select allowClear options={tipos.opciones} aria-label="Tipo de contenedor" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="PrecintosEncontrados"
              label="Precintos encontrados"
              rules={[{ required: true, message: REQUERIDO }]}
            >
              <Input maxLength={400} aria-label="Precintos encontrados" placeholder="PR-1001, PR-1002" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="PrecintosNuevos" label="Precintos nuevos">
              <Input maxLength={400} aria-label="Precintos nuevos" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="FechaApertura" label="Fecha y hora" rules={[{ required: true, message: REQUERIDO }]}>
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format="DD/MM/YYYY HH:mm"
                style={{ width: '100%' }}
                aria-label="Fecha y hora"
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.List name="Personas">
          {(campos, { add, remove }) => (
            <>
              <div style={{ marginBottom: 8, fontWeight: 500 }}>Personas presentes</div>
              {campos.map((c, i) => (
                <Space key={c.key} align="start" style={{ display: 'flex' }} wrap>
                  <Form.Item name={[c.name, 'nombre']} rules={[{ required: true, message: REQUERIDO }]}>
                    <Input
                      placeholder="Nombre completo"
                      aria-label={`Nombre de la persona ${i + 1}`}
                      style={{ width: 280 }}
                    />
                  </Form.Item>
                  <Form.Item name={[c.name, 'documento']}>
                    <Input
                      placeholder="Documento"
                      maxLength={15}
                      aria-label={`Documento de la persona ${i + 1}`}
                      style={{ width: 140 }}
                    />
                  </Form.Item>
                  <Form.Item name={[c.name, 'calidad']} rules={[{ required: true, message: REQUERIDO }]}>
                    <Select
                      style={{ width: 170 }}
                      aria-label={`Representa la persona ${i + 1}`}
                      options={CALIDADES_PRESENTE.map((x) => ({ value: x, label: CALIDAD[x] }))}
                    />
                  </Form.Item>
                  {campos.length > 1 ? (
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={`Quitar persona ${i + 1}`}
                      onClick={() => remove(c.name)}
                    />
                  ) : null}
                </Space>
              ))}
              <Button
                icon={<PlusOutlined />}
                onClick={() => add({ nombre: '', calidad: 'empresa' })}
                style={{ marginBottom: 12 }}
              >
                Agregar persona
              </Button>
            </>
          )}
        </Form.List>
        <Form.Item name="Observaciones" label="Observaciones">
          <Input.TextArea rows={3} maxLength={2000} aria-label="Observaciones" />
        </Form.Item>
        <Form.Item name="files" label="Fotos (JPG, PNG o TIF, hasta 10 MB cada una)">
          <Upload
            multiple
            accept=".jpg,.jpeg,.png,.tif,.tiff"
            fileList={fotos}
            beforeUpload={async (f, lote) => {
              // A new selection starts without refusals; each refused file of it stays named under the picker.
              if (f.uid === lote[0]?.uid) rechazadas.current = [];
              // Checked by content, as the server does: a text renamed .jpg is not a photo.
              const motivo =
                f.size > MAX_FOTO
                  ? MENSAJES_ETAPAS.archivoExcede(10)
                  : tipoImagenPorFirma(new Uint8Array(await f.slice(0, 4).arrayBuffer()))
                    ? null
                    : MENSAJES_ETAPAS.imagenNoValida;
              if (motivo) {
                const mensaje = `${f.name}: ${motivo}`;
                notificar.error(mensaje);
                rechazadas.current = [...rechazadas.current, mensaje];
                form.setFields([{ name: 'files', errors: rechazadas.current }]);
                return Upload.LIST_IGNORE;
              }
              return false;
            }}
            onChange={({ fileList }) => {
              setFotos(fileList);
              form.setFields([{ name: 'files', errors: rechazadas.current }]);
            }}
          >
            <Button icon={<UploadOutlined />}>Seleccionar fotos</Button>
          </Upload>
        </Form.Item>
      </Form>
    </Modal>
  );
}
