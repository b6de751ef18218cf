import { FORMATOS, MENSAJES_MOVIMIENTO as M, MENSAJES, PARAMETRO } from '@cronos/contract';
import { Card, Col, Form, Input, InputNumber, Row, Select, Typography, Upload } from 'antd';
import type { ReactNode } from 'react';
import { notificar } from '../../../shared/api/notificador';
import { useOpcionesParametro } from '../../../shared/api/parametros';

const REQ = { required: true, message: MENSAJES.requerido };
const col = (n: number) => ({ xs: 24, md: n });
const TIPOS_SUSTENTO = ['application/pdf', 'image/jpeg', 'image/tiff'];

/** 'Datos de la carga': cargo type, packages and, for containers (type 2), the container fields. */
export function TarjetaCarga(p: { vehicular: boolean; codigoTipoCarga?: number; extra: ReactNode }) {
  const cargas = useOpcionesParametro(PARAMETRO.tipoCarga);
  const contenedores = useOpcionesParametro(PARAMETRO.tipoContenedor);
  const navieras = useOpcionesParametro(PARAMETRO.lineaNaviera);
  return (
    <Card title="Datos de la carga" size="small" style={{ marginBottom: 16 }} extra={p.extra}>
      <Row gutter={12}>
        {p.vehicular ? (
          <Col {...col(4)}>
            <Form.Item name="codigoTipoCarga" label="Tipo de carga" rules={[REQ]}>
              <Select
                options={cargas.opciones.map((o) => ({ ...o, value: Number(o.value) }))}
                aria-label="Tipo de carga"
              />
            </Form.Item>
          </Col>
        ) : null}
        <Col {...col(3)}>
          <Form.Item name="numeroBultos" label="N° de bultos" rules={[REQ]}>
            <InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} aria-label="N° de bultos" />
          </Form.Item>
        </Col>
        {p.vehicular && p.codigoTipoCarga === 2 ? (
          <>
            <Col {...col(4)}>
              <Form.Item
                name="numeroContenedor"
                label="N° de contenedor"
                rules={[REQ, { pattern: FORMATOS.contenedor, message: M.contenedor }]}
                normalize={(x: string) => x?.toUpperCase()}
              >
                <Input maxLength={12} aria-label="N° de contenedor" />
              </Form.Item>
            </Col>
            <Col {...col(4)}>
              <Form.Item name="codigoTipoContenedor" label="Tipo de contenedor" rules={[REQ]}>
                <Select options={contenedores.opciones} aria-label="Tipo de contenedor" />
              </Form.Item>
            </Col>
            <Col {...col(4)}>
              <Form.Item name="lineaNaviera" label="Línea naviera" rules={[REQ]}>
                <Select options={navieras.opciones} aria-label="Línea naviera" />
              </Form.Item>
            </Col>
            <Col {...col(5)}>
              <Form.Item name="numeroPrecinto" label="Precintos de la carga" rules={[{ max: 400 }]}>
                <Input maxLength={400} />
              </Form.Item>
            </Col>
          </>
        ) : null}
      </Row>
    </Card>
  );
}

/** 'Carga documentos sustento' (creation only): PDF, JPEG or TIFF under 8 MB, kept until the order is saved. */
export function TarjetaSustento(p: { archivos: File[]; setArchivos: (f: (xs: File[]) => File[]) => void }) {
  return (
    <Card title="Carga documentos sustento" size="small" style={{ marginBottom: 16 }}>
      <Upload.Dragger
        multiple
        accept=".pdf,.jpg,.jpeg,.tif"
        fileList={p.archivos.map((a, i) => ({ uid: String(i), name: a.name, status: 'done' }))}
        onRemove={(f) => p.setArchivos((xs) => xs.filter((_, i) => String(i) !== f.uid))}
        beforeUpload={(f) => {
          if (!TIPOS_SUSTENTO.includes(f.type)) notificar.error(M.formatoNoAdmitido);
          else if (f.size > 8 * 1024 * 1024) notificar.error(M.excede8);
          else {
            p.setArchivos((xs) => [...xs, f]);
            notificar.exito(M.archivoTemporal);
          }
          return Upload.LIST_IGNORE;
        }}
      >
        <Typography.Text>Arrastre o seleccione documentos (PDF o JPG menores a 8MB)</Typography.Text>
      </Upload.Dragger>
    </Card>
  );
}
