import {
  fueraDeRango,
  LIMITE_LINEA,
  MENSAJES_MOVIMIENTO as M,
  MENSAJES,
  PARAMETRO,
  PESO_MAXIMO_PEATONAL,
} from '@cronos/contract';
import type { FormRule } from 'antd';
import { Button, Col, Form, InputNumber, Row, Select, Space } from 'antd';
import { useState } from 'react';
import { notificar } from '../../../shared/api/notificador';
import { useOpcionesParametro } from '../../../shared/api/parametros';
import { claveNueva, type DocumentoOrden, type LineaProducto, otrasRutas, type ProductoCatalogo } from '../api';
import { KardexDialogo } from './kardex-dialogo';
import { ProductoDialogo } from './producto-dialogo';

interface Props {
  documento: DocumentoOrden;
  documentos: DocumentoOrden[];
  onChange: (d: DocumentoOrden[]) => void;
  codigoEmpresaUsuario?: number;
  codigoEmpresaAlmacen: number | null;
  esSalida: boolean;
  conLotes: boolean;
  /** Pedestrian order: a line weighs 0 to 50 kg (spec 01 §5). */
  peatonal?: boolean;
  codigoRol: number;
}

/** A value out of 0..max is refused with the range the server also answers (never clamped by the input). */
const rango = (campo: string, max: number, mayorQueCero = false): FormRule => ({
  validator: async (_r, v: number | null | undefined) => {
    if (v === null || v === undefined) return;
    if (v < 0 || v > max) throw new Error(fueraDeRango(campo, max));
    if (mayorQueCero && v <= 0) throw new Error(M.cantidadMayorCero);
  },
});

/**
 * A product line of the chosen document (spec 01 §5 Product save): product, quantity, weight, unit FOB and
 * package type; exits of an active warehouse pick their lots in the kardex dialog; 'Nuevo producto' and
 * 'Editar producto' open the catalogue dialog.
 */
export function LineaProductoForm(p: Props) {
  const [form] = Form.useForm();
  const bultos = useOpcionesParametro(PARAMETRO.tipoBulto);
  const [opciones, setOpciones] = useState<ProductoCatalogo[]>([]);
  const [kardex, setKardex] = useState<{ codigoCatalogoUsuario: number; descripcion: string } | null>(null);
  const [lotes, setLotes] = useState<LineaProducto['codigoProductoSaliente']>([]);
  const [dialogo, setDialogo] = useState<{ codigo: number | null } | null>(null);
  const producto = Form.useWatch('codigoCatalogoUsuario', form);
  const cantidad = Form.useWatch('cantidad', form);
  const conLotes = p.esSalida && p.conLotes;

  const buscarProductos = async (texto: string) => {
    if (texto.trim().length < 2) return;
    const r = await otrasRutas
      .productos({
        CodigoEmpresaUsuario: p.codigoEmpresaUsuario,
        Descripcion: texto,
        CodigoEmpresaAlmacen: conLotes && p.codigoEmpresaAlmacen ? p.codigoEmpresaAlmacen : undefined,
      })
      .catch(() => []);
    setOpciones(r);
  };

  const agregar = async () => {
    const doc = p.documento;
    const v = form.getFieldsValue();
    if (!v.codigoCatalogoUsuario) return notificar.error(M.productoRequerido);
    if (doc.productos.some((x) => x.codigoCatalogoUsuario === v.codigoCatalogoUsuario))
      return notificar.error(M.productoDuplicado);
    try {
      await form.validateFields();
    } catch (e) {
      // The fields say what is wrong; the notice says the line was not added and why.
      const primero = (e as { errorFields?: { errors: string[] }[] }).errorFields?.[0]?.errors[0];
      return notificar.error(`Producto no agregado: ${primero ?? M.camposObligatorios}`);
    }
    if (conLotes && lotes.reduce((s, l) => s + l.cantidad, 0) !== Number(v.cantidad)) {
      return notificar.error(M.cantidadKardex(v.cantidad));
    }
    const elegido = opciones.find((o) => o.codigoCatalogoUsuario === v.codigoCatalogoUsuario);
    const linea: LineaProducto = {
      clave: claveNueva(),
      codigoCatalogoUsuario: v.codigoCatalogoUsuario,
      descripcionCatalogoUsuario: elegido?.descripcion ?? '',
      cantidad: Number(v.cantidad),
      peso: Number(v.peso),
      valorFOB: Number(v.valorFOB ?? 0),
      codigoTipoBulto: v.codigoTipoBulto ?? null,
      codigoProductoSaliente: conLotes ? lotes : [],
      modoEdicionProducto: 'nuevo',
    };
    p.onChange(p.documentos.map((d) => (d.clave === doc.clave ? { ...d, productos: [...d.productos, linea] } : d)));
    form.resetFields();
    setLotes([]);
    notificar.exito(`Producto agregado al documento ${doc.numeroDocumento}: ${linea.descripcionCatalogoUsuario}`);
  };

  return (
    <Form form={form} name="producto" layout="vertical" style={{ marginTop: 16 }} initialValues={{ valorFOB: 0 }}>
      <Row gutter={12}>
        <Col xs={24} md={7}>
          <Form.Item name="codigoCatalogoUsuario" label={`Producto (${p.documento.numeroDocumento})`}>
            <Select
              showSearch
              aria-label="Producto"
              filterOption={false}
              onSearch={buscarProductos}
              placeholder="Buscar por descripción"
              options={opciones.map((o) => ({
                value: o.codigoCatalogoUsuario,
                label: `${o.codigoInterno ?? ''} ${o.descripcion}${o.stockDisponible !== null && p.esSalida ? ` (stock ${o.stockDisponible})` : ''}`,
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={3}>
          <Form.Item
            name="cantidad"
            label="Cantidad"
            rules={[{ required: true, message: MENSAJES.requerido }, rango('La cantidad', LIMITE_LINEA, true)]}
          >
            <InputNumber precision={3} style={{ width: '100%' }} aria-label="Cantidad" />
          </Form.Item>
        </Col>
        <Col xs={12} md={3}>
          <Form.Item
            name="peso"
            label="Peso (Kg)"
            rules={[
              { required: true, message: MENSAJES.requerido },
              rango('El peso', p.peatonal ? PESO_MAXIMO_PEATONAL : LIMITE_LINEA),
            ]}
          >
            <InputNumber precision={3} style={{ width: '100%' }} aria-label="Peso" />
          </Form.Item>
        </Col>
        <Col xs={12} md={3}>
          <Form.Item name="valorFOB" label="FOB unitario (USD)" rules={[rango('El valor FOB', LIMITE_LINEA)]}>
            <InputNumber precision={5} style={{ width: '100%' }} aria-label="FOB" />
          </Form.Item>
        </Col>
        <Col xs={12} md={3}>
          <Form.Item name="codigoTipoBulto" label="Tipo de bulto">
            <Select options={bultos.opciones} allowClear aria-label="Tipo de bulto" />
          </Form.Item>
        </Col>
        <Col xs={24} md={5}>
          <Form.Item label=" ">
            <Space wrap>
              {conLotes ? (
                <Button
                  disabled={!producto || !cantidad}
                  onClick={() =>
                    setKardex({
                      codigoCatalogoUsuario: producto,
                      descripcion: opciones.find((o) => o.codigoCatalogoUsuario === producto)?.descripcion ?? '',
                    })
                  }
                >
                  Kardex
                </Button>
              ) : null}
              <Button type="primary" ghost onClick={agregar}>
                Guardar producto
              </Button>
            </Space>
          </Form.Item>
        </Col>
      </Row>
      <Space style={{ marginTop: -8 }}>
        <Button size="small" onClick={() => setDialogo({ codigo: null })}>
          Nuevo producto
        </Button>
        <Button size="small" disabled={!producto} onClick={() => setDialogo({ codigo: producto })}>
          Editar producto
        </Button>
      </Space>
      <KardexDialogo
        abierto={kardex !== null}
        producto={kardex}
        codigoEmpresaAlmacen={p.codigoEmpresaAlmacen}
        cantidad={Number(cantidad ?? 0)}
        alCerrar={() => setKardex(null)}
        alAceptar={(l) => {
          setLotes(l);
          setKardex(null);
        }}
      />
      <ProductoDialogo
        abierto={dialogo !== null}
        codigoCatalogoUsuario={dialogo?.codigo ?? null}
        codigoEmpresaUsuario={p.codigoEmpresaUsuario}
        codigoRol={p.codigoRol}
        alCerrar={(guardado) => {
          setDialogo(null);
          if (guardado) {
            // The new product is ready to be chosen for the line.
            setOpciones((xs) => [
              guardado,
              ...xs.filter((x) => x.codigoCatalogoUsuario !== guardado.codigoCatalogoUsuario),
            ]);
            form.setFieldsValue({ codigoCatalogoUsuario: guardado.codigoCatalogoUsuario });
          }
        }}
      />
    </Form>
  );
}
