import {
  EJEMPLO_CONTENEDOR,
  errorContenedor,
  LIMITES_ARCHIVO,
  MENSAJES_MOVIMIENTO as M,
  MENSAJES,
  PARAMETRO,
} from '@cronos/contract';
import { Card, Col, Form, Input, InputNumber, Row, Select, Typography, Upload } from 'antd';
import type { ReactNode } from 'react';
import { ErrorApi } from '../../../shared/api/cliente';
import { notificar } from '../../../shared/api/notificador';
import { useOpcionesParametro } from '../../../shared/api/parametros';
import { claveNueva } from '../api';
import { useCargarTemporal } from '../api/ordenes';

const REQ = { required: true, message: MENSAJES.requerido };
const col = (n: number) => ({ xs: 24, md: n });
const TIPOS_SUSTENTO = ['application/pdf', 'image/jpeg', 'image/tiff'];
/** A first filter by declared type or name; the server decides by the content. */
const admitido = (f: File) => TIPOS_SUSTENTO.includes(f.type) || /\.(pdf|jpe?g|tiff?)$/i.test(f.name);

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
                rules={[
                  REQ,
                  {
                    validator: (_, v: string | undefined) => {
                      const error = v ? errorContenedor(v) : null;
                      return error ? Promise.reject(new Error(error)) : Promise.resolve();
                    },
                  },
                ]}
                normalize={(x: string) => x?.toUpperCase()}
              >
                <Input maxLength={12} placeholder={EJEMPLO_CONTENEDOR} aria-label="N° de contenedor" />
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

/** A supporting document of the creation form: kept on the server (checked by content) until the order is saved. */
export interface ArchivoSustento {
  uid: string;
  nombre: string;
  /** The server's code for the kept file; none while it is still uploading. */
  codigo?: string;
}
const MAX_SUSTENTO = 10;

/**
 * 'Carga documentos sustento' (creation only): PDF, JPEG or TIFF under 8 MB. Each file is uploaded when it
 * is chosen and checked by its content on the server, so 'Archivo cargado de forma temporal' is true; a
 * refused file is named with the reason and not kept. The files are saved with the order.
 */
export function TarjetaSustento(p: {
  archivos: ArchivoSustento[];
  setArchivos: (f: (xs: ArchivoSustento[]) => ArchivoSustento[]) => void;
  deshabilitado?: boolean;
}) {
  const cargarTemporal = useCargarTemporal();
  const cargar = async (f: File) => {
    const uid = claveNueva();
    p.setArchivos((xs) => [...xs, { uid, nombre: f.name }]);
    try {
      const r = await cargarTemporal.mutateAsync(f);
      p.setArchivos((xs) =>
        xs.map((x) =>
          x.uid === uid ? { uid, nombre: r.data.nombreArchivo, codigo: r.data.codigoArchivoTemporal } : x,
        ),
      );
      notificar.exito(r.message || M.archivoTemporal);
    } catch (e) {
      p.setArchivos((xs) => xs.filter((x) => x.uid !== uid));
      const motivo = e instanceof ErrorApi && e.status >= 400 && e.status < 500 ? e.message : M.errorCarga;
      notificar.error(M.archivoRechazado(f.name, motivo));
    }
  };
  return (
    <Card title="Carga documentos sustento" size="small" style={{ marginBottom: 16 }}>
      <Upload.Dragger
        multiple
        disabled={p.deshabilitado}
        accept=".pdf,.jpg,.jpeg,.tif,.tiff"
        fileList={p.archivos.map((a) => ({ uid: a.uid, name: a.nombre, status: a.codigo ? 'done' : 'uploading' }))}
        onRemove={(f) => p.setArchivos((xs) => xs.filter((x) => x.uid !== f.uid))}
        beforeUpload={(f, lista) => {
          const posicion = lista.indexOf(f);
          if (p.archivos.length + Math.max(posicion, 0) >= MAX_SUSTENTO)
            notificar.error(M.archivoRechazado(f.name, `Se admite como máximo ${MAX_SUSTENTO} documentos`));
          else if (!admitido(f)) notificar.error(M.archivoRechazado(f.name, M.formatoNoAdmitido));
          else if (f.size > LIMITES_ARCHIVO.sustento) notificar.error(M.archivoRechazado(f.name, M.excede8));
          else void cargar(f);
          return Upload.LIST_IGNORE;
        }}
      >
        <Typography.Text>Arrastre o seleccione documentos (PDF o JPG menores a 8MB)</Typography.Text>
      </Upload.Dragger>
    </Card>
  );
}
