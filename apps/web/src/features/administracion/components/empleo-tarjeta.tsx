import { EditOutlined, PlusOutlined, StopOutlined, UndoOutlined } from '@ant-design/icons';
import { apiPerfilEmpresa, type FilaEmpleo, fechaLima, MENSAJES, MENSAJES_ADMINISTRACION } from '@cronos/contract';
import { App, Button, Card, DatePicker, Form, InputNumber, Modal, Space, Table, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { notificar } from '../../../shared/api/notificador';
import { aplicarErroresCampo } from '../../../shared/formulario/errores-campo';
import { columnaNumero } from '../../../shared/tabla/columna-numero';
import { useListaPaginada } from '../../../shared/tabla/use-lista-paginada';
import { clavesEmpresa, useCambiarEstadoEmpleo, useGuardarEmpleo } from '../api/empresa';

const CAMPOS = [
  ['numeroPeruana', 'Peruanas'],
  ['numeroPeruano', 'Peruanos'],
  ['numeroExtranjero', 'Extranjeros'],
  ['numeroEmpleadoIndirecto', 'Empleo indirecto'],
] as const;
const reglas = [{ required: true, message: MENSAJES.requerido }];

/**
 * Monthly employment counts of the company (the month cannot change when editing, spec 02 §4). A disabled
 * month is red and offers only Habilitar (spec 02 §1; docs/adr/0044-empresa-empleo-y-trabajadores.md on the spec's
 * "estadoAnulado 0").
 */
export function EmpleoTarjeta(p: { codigoEmpresaUsuario: number; editable: boolean }) {
  const lista = useListaPaginada<FilaEmpleo>(apiPerfilEmpresa.listarEmpleo, {
    extra: { CodigoEmpresaUsuario: p.codigoEmpresaUsuario },
    prefijo: 'e',
    clave: clavesEmpresa.empleos(),
  });
  const cambiarEstado = useCambiarEstadoEmpleo();
  const guardarEmpleo = useGuardarEmpleo();
  const [form] = Form.useForm();
  const { modal } = App.useApp();
  const [editando, setEditando] = useState<FilaEmpleo | null | undefined>(undefined);
  const alternar = (f: FilaEmpleo) => {
    const accion = f.estadoAnulado ? 'Habilitar' : 'Deshabilitar';
    modal.confirm({
      title: accion,
      content: `¿Desea ${accion.toLowerCase()} el registro de ${f.descripcionMes} ${f.anio}?`,
      okText: accion,
      cancelText: 'Cancelar',
      async onOk() {
        const r = await cambiarEstado.mutateAsync({
          CodigoEmpresaUsuarioEmpleado: f.CodigoEmpresaUsuarioEmpleado,
          estado: f.estadoAnulado ? 0 : 1,
        });
        notificar.exito(r.message);
      },
    });
  };
  const guardar = async () => {
    try {
      await form.validateFields();
    } catch {
      notificar.error(MENSAJES_ADMINISTRACION.rellenarObligatorios);
      return;
    }
    const v = form.getFieldsValue(true);
    try {
      const r = await guardarEmpleo.mutateAsync({
        ...v,
        anioMes: (v.mes as dayjs.Dayjs).format('YYYY-MM'),
        CodigoEmpresaUsuarioEmpleado: editando?.CodigoEmpresaUsuarioEmpleado ?? 0,
        version: editando?.version ?? null,
        codigoEmpresaUsuario: p.codigoEmpresaUsuario,
      });
      notificar.exito(r.message);
      setEditando(undefined);
    } catch (e) {
      // The server names the month anioMes (a month already registered, a month changed); the form's field is mes.
      aplicarErroresCampo(form, e, { anioMes: 'mes' });
    }
  };
  return (
    <Card
      size="small"
      title="Empleo mensual"
      extra={
        p.editable ? (
          <Button
            icon={<PlusOutlined />}
            onClick={() => {
              form.resetFields();
              setEditando(null);
            }}
          >
            Agregar
          </Button>
        ) : null
      }
    >
      <Table<FilaEmpleo>
        size="small"
        rowKey="CodigoEmpresaUsuarioEmpleado"
        dataSource={lista.filas}
        loading={lista.isFetching}
        rowClassName={(f) => (f.estadoAnulado ? 'fila-anulada' : '')}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: lista.pagina,
          total: lista.meta?.total ?? 0,
          pageSize: lista.meta?.per_page ?? 10,
          onChange: lista.irAPagina,
          showTotal: (t) => `Total ${t} registros`,
        }}
        columns={[
          columnaNumero<FilaEmpleo>(lista.pagina, lista.meta?.per_page ?? 10),
          { title: 'Año', dataIndex: 'anio' },
          { title: 'Mes', dataIndex: 'descripcionMes' },
          ...CAMPOS.map(([k, t]) => ({ title: t, dataIndex: k })),
          {
            title: 'Estado',
            dataIndex: 'estadoAnulado',
            render: (v: number) => (v ? <Tag color="red">Deshabilitado</Tag> : <Tag color="green">Activo</Tag>),
          },
          {
            title: '',
            render: (_v, f) =>
              p.editable ? (
                <Space>
                  {f.estadoAnulado ? null : (
                    <Button
                      size="small"
                      icon={<EditOutlined />}
                      aria-label={`Editar ${f.descripcionMes} ${f.anio}`}
                      onClick={() => {
                        setEditando(f);
                        form.setFieldsValue({ ...f, mes: dayjs(`${f.anioMes}-01`) });
                      }}
                    />
                  )}
                  <Tooltip title={f.estadoAnulado ? 'Habilitar' : 'Deshabilitar'}>
                    <Button
                      size="small"
                      icon={f.estadoAnulado ? <UndoOutlined /> : <StopOutlined />}
                      aria-label={`${f.estadoAnulado ? 'Habilitar' : 'Deshabilitar'} ${f.descripcionMes} ${f.anio}`}
                      onClick={() => alternar(f)}
                    />
                  </Tooltip>
                </Space>
              ) : null,
          },
        ]}
      />
      <Modal
        title={editando ? 'Editar empleo mensual' : 'Registrar empleo mensual'}
        open={editando !== undefined}
        onCancel={() => setEditando(undefined)}
        onOk={guardar}
        okText="Guardar"
        cancelText="Cancelar"
        forceRender
      >
        <Form form={form} layout="vertical" name="empleo">
          <Form.Item label="Mes" name="mes" rules={reglas}>
            {/* A month is counted once it has begun (the server refuses a later one). */}
            <DatePicker
              picker="month"
              format="MM/YYYY"
              disabled={!!editando}
              disabledDate={(d) => d.format('YYYY-MM') > fechaLima(new Date()).slice(0, 7)}
            />
          </Form.Item>
          <Space wrap>
            {CAMPOS.map(([k, t]) => (
              <Form.Item key={k} label={t} name={k} rules={reglas}>
                <InputNumber min={0} max={9999} precision={0} maxLength={4} />
              </Form.Item>
            ))}
          </Space>
        </Form>
      </Modal>
    </Card>
  );
}
