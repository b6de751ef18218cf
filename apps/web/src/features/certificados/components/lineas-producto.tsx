import { DeleteOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import {
  formatearPartida,
  type LineaCertificado,
  MENSAJES_CERTIFICADO as M,
  MAXIMO_CANTIDAD_CERTIFICADO,
  PARAMETRO,
} from '@cronos/contract';
import { Button, Col, Form, Input, InputNumber, Row, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { notificar } from '../../../shared/api/notificador';
import { useOpcionesParametro } from '../../../shared/api/parametros';
import { columnaNumero } from '../../../shared/tabla/columna-numero';
import { numero } from '../../../shared/ui/formato';
import { useSesion } from '../../../shared/sesion/almacen-sesion';
import { useBuscarProductos, useProduccionesCertificables, useProductosCatalogo } from '../api';

/** A line as the dialog keeps it: the contract's line plus what the table shows. */
export type LineaSolicitud = LineaCertificado & {
  descripcionProducto: string;
  numeroPartida?: string;
  unidad: string;
  /** The production report the line was taken from (its number, for the table). */
  numeroProduccion?: string;
};

interface Props {
  lineas: LineaSolicitud[];
  alCambiar: (lineas: LineaSolicitud[]) => void;
  /** Company whose catalogue is searched (operator staff choose it; others search their own). */
  codigoEmpresaUsuario?: number;
}

interface Captura {
  descripcion?: string;
  producto?: number;
  cantidad?: number | null;
  cantidadBulto?: number | null;
  codigoTipoBulto?: string;
  pesoNeto?: number | null;
  pesoBruto?: number | null;
}

const cifra = { min: 0, max: MAXIMO_CANTIDAD_CERTIFICADO, step: 1, precision: 3, style: { width: '100%' } } as const;

/** Product lines of the request: search the company's catalogue, then quantity, packages and weights. */
export function LineasProducto({ lineas, alCambiar, codigoEmpresaUsuario }: Props) {
  const [form] = Form.useForm<Captura>();
  const buscarEnCatalogo = useBuscarProductos();
  // The text last searched (null: none yet, or the results were used); the rows come from the query.
  const [buscado, setBuscado] = useState<string | null>(null);
  const [buscando, setBuscando] = useState(false);
  const resultados = useProductosCatalogo(buscado, codigoEmpresaUsuario).data ?? [];
  const bultos = useOpcionesParametro(PARAMETRO.tipoBulto);
  const { permisos } = useSesion();
  const conIndustria = permisos.flatMap((g) => [g, ...g.detalle]).some((n) => n.urlLink === '/app/industry/cip');
  const producciones = useProduccionesCertificables(codigoEmpresaUsuario, conIndustria);

  /** A line from a production report: its product, quantity and weights, linked to the report. */
  const desdeProduccion = (codigo: number) => {
    const p = producciones.data?.find((x) => x.codigoProduccion === codigo);
    if (!p) return;
    if (lineas.some((l) => l.codigoCatalogoUsuario === p.codigoCatalogoUsuario)) {
      notificar.error(M.productoRepetido);
      return;
    }
    alCambiar([
      ...lineas,
      {
        codigoCatalogoUsuario: p.codigoCatalogoUsuario,
        descripcionProducto: p.producto,
        numeroPartida: p.numeroPartida,
        unidad: p.codigoUnidadMedida,
        cantidad: p.cantidad,
        // A report does not count packages: the line takes those typed in 'Bultos' and 'Tipo de bulto'.
        cantidadBulto: Number(form.getFieldValue('cantidadBulto') ?? 0),
        codigoTipoBulto: form.getFieldValue('codigoTipoBulto') ?? null,
        pesoNeto: p.pesoNeto,
        pesoBruto: p.pesoBruto,
        codigoProduccion: p.codigoProduccion,
        numeroProduccion: p.numero,
      },
    ]);
  };

  const buscar = async () => {
    const texto = (form.getFieldValue('descripcion') as string | undefined)?.trim() ?? '';
    if (!texto) {
      notificar.error(M.cantidadODescripcion);
      return;
    }
    setBuscando(true);
    try {
      const filas = await buscarEnCatalogo(texto, codigoEmpresaUsuario);
      setBuscado(texto);
      if (!filas.length) notificar.aviso('Advertencia, no se encuentran datos registrados');
      else form.setFieldValue('producto', filas[0]?.codigoCatalogoUsuario);
    } catch {
      // The client already showed why the search failed.
    } finally {
      setBuscando(false);
    }
  };

  const agregar = () => {
    const v = form.getFieldsValue();
    const producto = resultados.find((p) => p.codigoCatalogoUsuario === v.producto);
    if (!producto || !v.cantidad) {
      notificar.error(M.cantidadODescripcion);
      return;
    }
    if (lineas.some((l) => l.codigoCatalogoUsuario === producto.codigoCatalogoUsuario)) {
      notificar.error(M.productoRepetido);
      return;
    }
    if ((v.pesoNeto ?? 0) > (v.pesoBruto ?? 0)) {
      notificar.error(M.pesoNetoMayor);
      return;
    }
    alCambiar([
      ...lineas,
      {
        codigoCatalogoUsuario: producto.codigoCatalogoUsuario,
        descripcionProducto: producto.descripcion,
        numeroPartida: producto.numeroPartida,
        unidad: producto.codigoUnidadMedida,
        cantidad: v.cantidad,
        cantidadBulto: v.cantidadBulto ?? 0,
        codigoTipoBulto: v.codigoTipoBulto ?? null,
        pesoNeto: v.pesoNeto ?? 0,
        pesoBruto: v.pesoBruto ?? 0,
      },
    ]);
    form.resetFields(['producto', 'cantidad', 'cantidadBulto', 'pesoNeto', 'pesoBruto', 'descripcion']);
    setBuscado(null);
  };

  return (
    <>
      {conIndustria ? (
        <Select
          aria-label="Desde un parte de producción"
          placeholder="Tomar la línea de un parte de producción"
          showSearch
          optionFilterProp="label"
          style={{ width: '100%', marginBottom: 12 }}
          value={null}
          loading={producciones.isLoading}
          options={(producciones.data ?? []).map((p) => ({
            value: p.codigoProduccion,
            label: `${p.numero} — ${p.producto}: ${numero(p.cantidad, 3)} ${p.codigoUnidadMedida} (${p.fechaProduccion})`,
          }))}
          onChange={(v: number) => desdeProduccion(v)}
        />
      ) : null}
      <Form form={form} layout="vertical" size="small">
        <Row gutter={8}>
          <Col xs={20} md={10}>
            <Form.Item name="descripcion" label="Descripción del producto">
              <Input placeholder="Buscar en el catálogo" onPressEnter={buscar} />
            </Form.Item>
          </Col>
          <Col xs={4} md={2}>
            <Form.Item label=" ">
              <Button icon={<SearchOutlined />} onClick={buscar} loading={buscando} aria-label="Buscar producto" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="producto" label="Producto">
              <Select
                aria-label="Producto"
                placeholder="Seleccione un producto"
                options={resultados.map((p) => ({
                  value: p.codigoCatalogoUsuario,
                  label: `${p.codigoInterno ? `${p.codigoInterno} - ` : ''}${p.descripcion}`,
                }))}
              />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={8} align="bottom">
          <Col xs={12} md={4}>
            <Form.Item name="cantidad" label="Cantidad">
              <InputNumber {...cifra} aria-label="Cantidad" />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="cantidadBulto" label="Bultos">
              <InputNumber {...cifra} aria-label="Bultos" />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="codigoTipoBulto" label="Tipo de bulto">
              <Select aria-label="Tipo de bulto" allowClear options={bultos.opciones} />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="pesoNeto" label="Peso neto">
              <InputNumber {...cifra} aria-label="Peso neto" />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="pesoBruto" label="Peso bruto">
              <InputNumber {...cifra} aria-label="Peso bruto" />
            </Form.Item>
          </Col>
          <Col xs={24} md={4}>
            <Form.Item>
              <Button icon={<PlusOutlined />} onClick={agregar} block>
                Agregar
              </Button>
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <Table<LineaSolicitud>
        size="small"
        rowKey="codigoCatalogoUsuario"
        pagination={false}
        dataSource={lineas}
        locale={{ emptyText: M.sinProductos }}
        scroll={{ x: 'max-content' }}
        columns={[
          columnaNumero<LineaSolicitud>(1, lineas.length || 1),
          { title: 'Descripción', dataIndex: 'descripcionProducto' },
          { title: 'Subpartida', dataIndex: 'numeroPartida', render: (p?: string) => (p ? formatearPartida(p) : '—') },
          { title: 'Cantidad', dataIndex: 'cantidad', align: 'right', render: (v: number) => numero(v, 3) },
          { title: 'Unidad', dataIndex: 'unidad' },
          {
            title: 'Bultos',
            dataIndex: 'cantidadBulto',
            align: 'right',
            // A count of packages: whole as a whole number ('24', not '24.000').
            render: (v: number) => numero(v, Number.isInteger(v) ? 0 : 3),
          },
          { title: 'Peso neto', dataIndex: 'pesoNeto', align: 'right', render: (v: number) => numero(v, 3) },
          { title: 'Peso bruto', dataIndex: 'pesoBruto', align: 'right', render: (v: number) => numero(v, 3) },
          { title: 'Producción', dataIndex: 'numeroProduccion', render: (v?: string) => v ?? '—' },
          {
            title: '',
            key: 'quitar',
            width: 48,
            render: (_v, l) => (
              <Space>
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`Quitar ${l.descripcionProducto}`}
                  onClick={() => alCambiar(lineas.filter((x) => x.codigoCatalogoUsuario !== l.codigoCatalogoUsuario))}
                />
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}
