import { EditOutlined, PlusOutlined, StopOutlined, UndoOutlined, UnorderedListOutlined } from '@ant-design/icons';
import {
  apiParametros,
  EMPRESA_OPERADOR,
  type FilaParametro,
  type FilaSeccion,
  MENSAJES_ADMINISTRACION,
} from '@cronos/contract';
import { App, Button, Checkbox, Form, Input, Modal, Space, Switch, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { notificar } from '../../../shared/api/notificador';
import { aplicarErroresCampo } from '../../../shared/formulario/errores-campo';
import { useSesion } from '../../../shared/sesion/almacen-sesion';
import { columnaNumero } from '../../../shared/tabla/columna-numero';
import { TablaDatos } from '../../../shared/tabla/tabla-datos';
import { permisoDe } from '../api';
import {
  clavesParametros,
  useBandejaParametro,
  useCambiarEstadoParametro,
  useGuardarParametro,
  useGuardarSeccion,
} from '../api/parametros';

type Seccion = FilaSeccion;

/** Parámetros Generales (administration/parametters): parameter, list of sections and section dialogs. */
export default function ParametrosPage() {
  const { usuario, permisos } = useSesion();
  const { modal } = App.useApp();
  // Lookups are shared by every company: only the operator's staff change them (the server refuses others).
  const operador = usuario?.codigoEmpresaUsuario === EMPRESA_OPERADOR;
  const nodo = permisoDe(permisos, 'administration/parametters');
  const permiso = operador ? nodo : undefined;
  const [formP] = Form.useForm();
  const [formS] = Form.useForm();
  const [parametro, setParametro] = useState<FilaParametro | null | undefined>(undefined);
  // The parameter whose sections are open: its name, flags and sections are read from the server.
  const [codigoSecciones, setCodigoSecciones] = useState<number | null>(null);
  const [seccion, setSeccion] = useState<Seccion | null | undefined>(undefined);
  const [paginaSecciones, setPaginaSecciones] = useState(1);
  const bandeja = useBandejaParametro(codigoSecciones ?? undefined);
  const secciones = codigoSecciones ? bandeja.data : undefined;
  const guardarP = useGuardarParametro();
  const guardarS = useGuardarSeccion();
  const cambiarEstado = useCambiarEstadoParametro();

  const guardarParametro = async () => {
    try {
      await formP.validateFields();
    } catch {
      notificar.error(MENSAJES_ADMINISTRACION.rellenarObligatorios);
      return;
    }
    try {
      const r = await guardarP.mutateAsync({
        ...formP.getFieldsValue(true),
        codigoParametro: parametro?.codigoParametro ?? 0,
        version: parametro?.version ?? null,
      });
      notificar.exito(r.message);
      setParametro(undefined);
    } catch (e) {
      aplicarErroresCampo(formP, e);
    }
  };
  const guardarSeccion = async () => {
    try {
      await formS.validateFields();
    } catch {
      notificar.error(MENSAJES_ADMINISTRACION.rellenarObligatorios);
      return;
    }
    try {
      const v = formS.getFieldsValue(true);
      const r = await guardarS.mutateAsync({
        ...v,
        estadoAnulado: v.activo === false ? 1 : 0,
        codigoParametro: codigoSecciones ?? 0,
        codigoSeccion: seccion?.codigoSeccion ?? 0,
        version: seccion?.version ?? null,
      });
      notificar.exito(r.message);
      setSeccion(undefined);
    } catch (e) {
      aplicarErroresCampo(formS, e);
    }
  };
  const alternar = (f: FilaParametro) =>
    modal.confirm({
      title: f.estadoRegistro ? 'Deshabilitar' : 'Habilitar',
      content: `¿Desea ${f.estadoRegistro ? 'deshabilitar' : 'habilitar'} el parámetro ${f.nombre}?`,
      okText: 'Aceptar',
      cancelText: 'Cancelar',
      async onOk() {
        const r = await cambiarEstado.mutateAsync({
          codigoParametro: f.codigoParametro,
          estadoAnulado: f.estadoRegistro ? 1 : 0,
        });
        notificar.exito(r.message);
      },
    });

  const columnas: ColumnsType<FilaParametro> = [
    { title: 'Código', dataIndex: 'codigoParametro', width: 80 },
    { title: 'Nombre', dataIndex: 'nombre' },
    { title: 'Descripción', dataIndex: 'descripcion' },
    {
      title: 'Estado',
      dataIndex: 'estadoRegistro',
      render: (v: number) => (v ? <Tag color="green">Activo</Tag> : <Tag color="red">Inactivo</Tag>),
    },
    {
      title: 'Secciones',
      dataIndex: 'secciones',
      render: (n: number, f) => (
        <Button
          size="small"
          icon={<UnorderedListOutlined />}
          aria-label={`Secciones de ${f.nombre}`}
          onClick={() => {
            setPaginaSecciones(1);
            setCodigoSecciones(f.codigoParametro);
          }}
        >
          {n}
        </Button>
      ),
    },
    {
      title: 'Acciones',
      key: 'acciones',
      render: (_v, f) =>
        permiso?.permiteEditar ? (
          <Space>
            {/* A disabled parameter offers only Habilitar (spec 02 §1). */}
            {f.estadoRegistro ? (
              <Tooltip title="Editar">
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  aria-label="Editar"
                  onClick={() => {
                    setParametro(f);
                    formP.setFieldsValue(f);
                  }}
                />
              </Tooltip>
            ) : null}
            <Tooltip title={f.estadoRegistro ? 'Deshabilitar' : 'Habilitar'}>
              <Button
                size="small"
                icon={f.estadoRegistro ? <StopOutlined /> : <UndoOutlined />}
                aria-label={f.estadoRegistro ? 'Deshabilitar' : 'Habilitar'}
                onClick={() => alternar(f)}
              />
            </Tooltip>
          </Space>
        ) : null,
    },
  ];

  return (
    <>
      <TablaDatos<FilaParametro>
        titulo="Parámetros Generales"
        ruta={apiParametros.listar}
        claveConsulta={clavesParametros.listas()}
        clave="codigoParametro"
        // Without the edit permission (a user company's staff) every row's Acciones cell is empty: no column, rather
        // than an empty one pinned over the table on a phone.
        columnas={permiso?.permiteEditar ? columnas : columnas.filter((c) => c.key !== 'acciones')}
        columnasBusqueda={[
          { value: 'nombre', label: 'Nombre' },
          { value: 'descripcion', label: 'Descripción' },
        ]}
        claseFila={(f) => (f.estadoRegistro ? '' : 'fila-anulada')}
        acciones={
          permiso?.permiteAgregar ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => {
                formP.resetFields();
                setParametro(null);
              }}
            >
              Agregar Parámetro
            </Button>
          ) : null
        }
      />
      <Modal
        title={parametro ? 'Editar Parámetro' : 'Nuevo Parámetro'}
        open={parametro !== undefined}
        onCancel={() => setParametro(undefined)}
        onOk={guardarParametro}
        okText="Guardar"
        cancelText="Cancelar"
        forceRender
      >
        <Form
          form={formP}
          layout="vertical"
          name="parametro"
          initialValues={{ indicardorPermiteAgregarValor: true, indicardorPermiteModificarValor: true }}
        >
          <Form.Item
            label="Nombre"
            name="nombre"
            rules={[{ required: true, whitespace: true, message: 'Este es un campo requerido' }]}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item
            label="Descripción"
            name="descripcion"
            rules={[{ required: true, whitespace: true, message: 'Este es un campo requerido' }]}
          >
            <Input maxLength={300} />
          </Form.Item>
          <Form.Item name="indicardorPermiteAgregarValor" valuePropName="checked">
            <Checkbox>Permite agregar valores</Checkbox>
          </Form.Item>
          <Form.Item name="indicardorPermiteModificarValor" valuePropName="checked">
            <Checkbox>Permite modificar valores</Checkbox>
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        title={`Secciones — ${secciones?.nombre ?? ''}`}
        open={codigoSecciones !== null}
        onCancel={() => setCodigoSecciones(null)}
        footer={null}
        width={720}
      >
        {permiso?.permiteAgregar && secciones?.indicardorPermiteAgregarValor ? (
          <Button
            style={{ marginBottom: 12 }}
            icon={<PlusOutlined />}
            onClick={() => {
              formS.resetFields();
              setSeccion(null);
            }}
          >
            Agregar Sección
          </Button>
        ) : null}
        <Table<Seccion>
          size="small"
          rowKey="codigoSeccion"
          loading={bandeja.isFetching}
          dataSource={secciones?.secciones ?? []}
          rowClassName={(f) => (f.estadoAnulado ? 'fila-anulada' : '')}
          pagination={{
            current: paginaSecciones,
            pageSize: 10,
            onChange: setPaginaSecciones,
            showTotal: (t) => `Total ${t} registros`,
          }}
          columns={[
            columnaNumero<Seccion>(paginaSecciones, 10),
            { title: 'Código', dataIndex: 'codigo' },
            { title: 'Nombre', dataIndex: 'nombre' },
            { title: 'Solo lectura', dataIndex: 'soloLectura', render: (v: boolean) => (v ? 'Sí' : 'No') },
            {
              title: '',
              render: (_v, s) =>
                permiso?.permiteEditar && secciones?.indicardorPermiteModificarValor ? (
                  <Button
                    size="small"
                    icon={<EditOutlined />}
                    aria-label="Editar sección"
                    onClick={() => {
                      setSeccion(s);
                      formS.setFieldsValue({ ...s, activo: !s.estadoAnulado });
                    }}
                  />
                ) : null,
            },
          ]}
        />
      </Modal>
      <Modal
        title={seccion ? 'Editar Sección' : 'Nueva Sección'}
        open={seccion !== undefined}
        // Opened from the sections list: it must stack above it (both are mounted at once).
        zIndex={1100}
        onCancel={() => setSeccion(undefined)}
        onOk={guardarSeccion}
        okText="Guardar"
        cancelText="Cancelar"
        forceRender
      >
        <Form form={formS} layout="vertical" name="seccion" initialValues={{ activo: true }}>
          <Form.Item label="Código" name="codigo">
            <Input maxLength={40} disabled={!!seccion?.soloLectura} placeholder="Automático" />
          </Form.Item>
          <Form.Item
            label="Nombre"
            name="nombre"
            rules={[{ required: true, whitespace: true, message: 'Este es un campo requerido' }]}
          >
            <Input maxLength={200} disabled={!!seccion?.soloLectura} />
          </Form.Item>
          <Form.Item label="Activo" name="activo" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
