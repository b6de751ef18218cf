import { DOCUMENTO_LEVANTE, MENSAJES_MOVIMIENTO as M, PARAMETRO, tipoDocumentoPermitido } from '@cronos/contract';
import { Button, Card, Col, Form, Input, Row, Select, Space, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { notificar } from '../../../shared/api/notificador';
import { useOpcionesParametro } from '../../../shared/api/parametros';
import { confirmarEliminar } from '../../../shared/ui/dialogos';
import { claveNueva, type DocumentoOrden, type LineaProducto } from '../api';
import { useEliminarDetalle, useEliminarDocumento } from '../api/ordenes';
import { CargaDetalleDialogo } from './carga-detalle-dialogo';
import { LevanteDialogo } from './levante-dialogo';
import { LineaProductoForm } from './linea-producto';
import { columnaNumero } from '../../../shared/tabla/columna-numero';

interface Props {
  documentos: DocumentoOrden[];
  onChange: (d: DocumentoOrden[]) => void;
  codigoEmpresaUsuario?: number;
  codigoEmpresaAlmacen: number | null;
  /** The stored order (edit mode): target of the Excel detail load. */
  codigoMovimiento?: number;
  /** The company is flagged indicadorRegistroEspecialExcel. */
  registroEspecialExcel: boolean;
  codigoRol: number;
  esSalida: boolean;
  /** Exit lines of an active warehouse come from lots. */
  conLotes: boolean;
  soloLectura: boolean;
  /** Edit mode: stored documents and lines are deleted on the server after confirmation. */
  edicion: boolean;
  /** Pedestrian order: a line weighs 0 to 50 kg. */
  peatonal?: boolean;
  puedeAgregar: () => string | null;
  alCambiarGuardados?: () => void;
  extra?: React.ReactNode;
}

/** 'Datos de Documentación': supporting documents with their product lines (spec 01 §2, §5). */
export function DocumentosTarjeta(p: Props) {
  const [formDoc] = Form.useForm();
  const eliminarDocumento = useEliminarDocumento();
  const eliminarDetalle = useEliminarDetalle();
  const tipos = useOpcionesParametro(PARAMETRO.tipoDocumentoMovimiento);
  const [activo, setActivo] = useState<string | null>(null);
  const [externas, setExternas] = useState(false);
  const [levante, setLevante] = useState(false);
  const [cargaDetalle, setCargaDetalle] = useState(false);
  const tipoImportador = Form.useWatch('codigoTipoImportador', formDoc) ?? '1';
  const tipoDocumento = Form.useWatch('codigoTipoDocumento', formDoc);
  // Company 23 has its own allowed document types (spec 01 §6, docs/adr/0033-listas-del-formulario.md).
  const opcionesTipo = tipos.opciones.filter((o) => tipoDocumentoPermitido(p.codigoEmpresaUsuario, o.value));
  const esDam = opcionesTipo.find((o) => o.value === tipoDocumento)?.label === DOCUMENTO_LEVANTE;

  const agregarDocumento = async () => {
    const bloqueo = p.puedeAgregar();
    if (bloqueo) return notificar.error(bloqueo);
    const v = formDoc.getFieldsValue();
    if (!v.codigoTipoDocumento || !v.numeroDocumento) return notificar.error(M.numeroDocumento);
    if (!v.razonSocial) return notificar.error(M.razonProveedor);
    if (!v.ruc) return notificar.error(M.numeroProveedor);
    try {
      await formDoc.validateFields();
    } catch {
      return;
    }
    const doc: DocumentoOrden = {
      clave: claveNueva(),
      codigoTipoDocumento: v.codigoTipoDocumento,
      descripcionDocumento: tipos.opciones.find((o) => o.value === v.codigoTipoDocumento)?.label ?? null,
      numeroDocumento: String(v.numeroDocumento).toUpperCase(),
      ruc: String(v.ruc).toUpperCase(),
      razonSocial: String(v.razonSocial).toUpperCase(),
      codigoTipoImportador: v.codigoTipoImportador ?? '1',
      modoEdicion: 'nuevo',
      productos: [],
    };
    p.onChange([...p.documentos, doc]);
    setActivo(doc.clave);
    formDoc.resetFields();
  };

  const quitarDocumento = (d: DocumentoOrden) => {
    if (d.modoEdicion === 'nuevo') return p.onChange(p.documentos.filter((x) => x.clave !== d.clave));
    confirmarEliminar({
      contenido: `¿Eliminar el documento ${d.numeroDocumento}? Esta acción no se puede deshacer.`,
      alConfirmar: () => eliminarDocumento.mutateAsync(d.codigoMovimientoDocumento as number),
      alTerminar: () => {
        notificar.exito(M.eliminado);
        p.onChange(p.documentos.filter((x) => x.clave !== d.clave));
        p.alCambiarGuardados?.();
      },
    });
  };
  const quitarLinea = (d: DocumentoOrden, l: LineaProducto) => {
    const quitar = () =>
      p.onChange(
        p.documentos.map((x) =>
          x.clave === d.clave ? { ...x, productos: x.productos.filter((y) => y.clave !== l.clave) } : x,
        ),
      );
    if (l.modoEdicionProducto === 'nuevo') return quitar();
    confirmarEliminar({
      contenido: `¿Eliminar el producto ${l.descripcionCatalogoUsuario}?`,
      alConfirmar: () => eliminarDetalle.mutateAsync(l.codigoMovimientoDetalle as number),
      alTerminar: () => {
        quitar();
        p.alCambiarGuardados?.();
      },
    });
  };

  const documentoActivo = p.documentos.find((d) => d.clave === activo);

  return (
    <Card title="Datos de Documentación" size="small" style={{ marginBottom: 16 }} extra={p.extra}>
      {!p.soloLectura ? (
        <Form form={formDoc} name="documento" layout="vertical" initialValues={{ codigoTipoImportador: '1' }}>
          <Row gutter={12}>
            {/* Fields wrap by width (no field or button wider than its column at any screen size). */}
            <Col xs={24} md={12} lg={8} xl={5}>
              <Form.Item name="codigoTipoDocumento" label="Tipo de documento">
                <Select options={opcionesTipo} aria-label="Tipo de documento" showSearch optionFilterProp="label" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} lg={8} xl={4}>
              <Form.Item
                name="numeroDocumento"
                label="N° de documento"
                rules={[{ max: 26, message: 'Máximo 26 caracteres' }]}
              >
                <Input maxLength={26} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} lg={8} xl={3}>
              <Form.Item name="codigoTipoImportador" label="Proveedor">
                <Select
                  options={[
                    { value: '1', label: 'Nacional' },
                    { value: '2', label: 'Extranjero' },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} lg={8} xl={4}>
              <Form.Item
                name="ruc"
                label="N° de proveedor"
                rules={
                  tipoImportador === '1'
                    ? [{ pattern: /^\d{11}$/, message: M.rucOnce }]
                    : [{ max: 13, message: 'Máximo 13 caracteres' }]
                }
              >
                <Input maxLength={tipoImportador === '1' ? 11 : 13} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} lg={8} xl={4}>
              <Form.Item
                name="razonSocial"
                label="Razón del proveedor"
                rules={tipoImportador === '2' ? [{ max: 50, message: 'Máximo 50 caracteres' }] : []}
              >
                <Input maxLength={tipoImportador === '2' ? 50 : 200} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} lg={8} xl={4}>
              <Form.Item label=" ">
                <Button onClick={agregarDocumento} style={{ maxWidth: '100%' }}>
                  Agregar documento
                </Button>
              </Form.Item>
            </Col>
          </Row>
          <Space wrap style={{ marginBottom: 12 }}>
            <Switch checked={externas} onChange={setExternas} aria-label="Consultas externas" />
            <span>Consultas externas</span>
            {esDam && externas ? (
              <Button size="small" onClick={() => setLevante(true)}>
                Consultar levante
              </Button>
            ) : null}
            {p.edicion && p.registroEspecialExcel && p.codigoMovimiento ? (
              <Button size="small" onClick={() => setCargaDetalle(true)}>
                Carga detalle del movimiento
              </Button>
            ) : null}
          </Space>
        </Form>
      ) : null}
      <Table<DocumentoOrden>
        size="small"
        rowKey="clave"
        pagination={false}
        dataSource={p.documentos}
        // On a phone the table scrolls inside the card (it pushed the whole form 74 px past a 390 px screen).
        scroll={{ x: 'max-content' }}
        rowSelection={
          p.soloLectura
            ? undefined
            : { type: 'radio', selectedRowKeys: activo ? [activo] : [], onChange: (k) => setActivo(String(k[0])) }
        }
        columns={[
          columnaNumero(1, p.documentos.length),
          { title: 'Documento', dataIndex: 'descripcionDocumento' },
          { title: 'Número', dataIndex: 'numeroDocumento' },
          { title: 'Proveedor', render: (_, d) => `${d.ruc} - ${d.razonSocial}` },
          { title: 'Productos', render: (_, d) => d.productos.length },
          {
            title: 'Estado',
            render: (_, d) => (d.modoEdicion === 'nuevo' ? <Tag color="blue">Nuevo</Tag> : <Tag>Guardado</Tag>),
          },
          {
            title: '',
            render: (_, d) =>
              p.soloLectura ? null : (
                <Button
                  size="small"
                  danger
                  onClick={() => quitarDocumento(d)}
                  aria-label={`Quitar documento ${d.numeroDocumento}`}
                >
                  Quitar
                </Button>
              ),
          },
        ]}
        expandable={{
          defaultExpandAllRows: true,
          expandedRowRender: (d) => (
            <Table<LineaProducto>
              size="small"
              rowKey="clave"
              pagination={false}
              dataSource={d.productos}
              columns={[
                columnaNumero(1, d.productos.length),
                { title: 'Producto', dataIndex: 'descripcionCatalogoUsuario' },
                { title: 'Cantidad', dataIndex: 'cantidad', align: 'right' },
                { title: 'Peso (Kg)', dataIndex: 'peso', align: 'right' },
                { title: 'FOB unitario (USD)', dataIndex: 'valorFOB', align: 'right' },
                {
                  title: 'Lotes',
                  render: (_, l) =>
                    l.codigoProductoSaliente
                      .map((x) => `${x.numeroDocumento ?? x.codigoLote}: ${x.cantidad}`)
                      .join(', '),
                },
                {
                  title: '',
                  render: (_, l) =>
                    p.soloLectura ? null : (
                      <Button size="small" danger onClick={() => quitarLinea(d, l)}>
                        Quitar
                      </Button>
                    ),
                },
              ]}
            />
          ),
        }}
      />
      {!p.soloLectura && documentoActivo ? (
        <LineaProductoForm
          key={documentoActivo.clave}
          documento={documentoActivo}
          documentos={p.documentos}
          onChange={p.onChange}
          codigoEmpresaUsuario={p.codigoEmpresaUsuario}
          codigoEmpresaAlmacen={p.codigoEmpresaAlmacen}
          esSalida={p.esSalida}
          conLotes={p.conLotes}
          peatonal={p.peatonal}
          codigoRol={p.codigoRol}
        />
      ) : null}
      <LevanteDialogo
        abierto={levante}
        numero={String(formDoc.getFieldValue('numeroDocumento') ?? '')}
        alCerrar={() => setLevante(false)}
        alUsar={(r) => {
          formDoc.setFieldsValue({
            numeroDocumento: r.numero,
            ...(r.numero_importador ? { ruc: r.numero_importador, codigoTipoImportador: '1' } : {}),
            ...(r.razon_importador ? { razonSocial: r.razon_importador } : {}),
          });
          setLevante(false);
        }}
      />
      {p.codigoMovimiento ? (
        <CargaDetalleDialogo
          abierto={cargaDetalle}
          codigoMovimiento={p.codigoMovimiento}
          alCerrar={(cargado) => {
            setCargaDetalle(false);
            if (cargado) p.alCambiarGuardados?.();
          }}
        />
      ) : null}
    </Card>
  );
}
