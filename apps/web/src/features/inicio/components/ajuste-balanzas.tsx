import { EditOutlined } from '@ant-design/icons';
import { type FilaBalanza, type FormularioBalanza, PROTOCOLOS_BALANZA, type PruebaBalanza } from '@cronos/contract';
import { Alert, App, Button, Form, Input, InputNumber, Modal, Select, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { useBalanzas, useGuardarBalanza, useProbarBalanza } from '../api/ajustes';
import { aplicarErroresCampo } from '../../../shared/formulario/errores-campo';

function ModalBalanza({ balanza, alCerrar }: { balanza: FilaBalanza | null; alCerrar: () => void }) {
  const [form] = Form.useForm<FormularioBalanza>();
  const guardar = useGuardarBalanza();
  const probar = useProbarBalanza();
  const [prueba, setPrueba] = useState<PruebaBalanza | null>(null);
  const { message } = App.useApp();
  const valores = async () => ({
    ...(await form.validateFields()),
    codigoTipoBalanza: balanza?.codigoTipoBalanza ?? 0,
  });
  const cerrar = () => {
    setPrueba(null);
    alCerrar();
  };
  return (
    <Modal
      title={balanza ? `Balanza: ${balanza.nombre}` : ''}
      open={balanza !== null}
      destroyOnHidden
      onCancel={cerrar}
      footer={[
        <Button key="cancelar" onClick={cerrar}>
          Cancelar
        </Button>,
        <Button
          key="probar"
          loading={probar.isPending}
          onClick={async () => {
            setPrueba(null);
            try {
              setPrueba(await probar.mutateAsync(await valores()));
            } catch (e) {
              aplicarErroresCampo(form, e);
            }
          }}
        >
          Probar conexión
        </Button>,
        <Button
          key="guardar"
          type="primary"
          loading={guardar.isPending}
          onClick={async () => {
            try {
              const r = await guardar.mutateAsync(await valores());
              message.success(r.message);
              setPrueba(null);
              alCerrar();
            } catch (e) {
              aplicarErroresCampo(form, e);
            }
          }}
        >
          Guardar
        </Button>,
      ]}
    >
      {balanza ? (
        <Form
          form={form}
          layout="vertical"
          initialValues={{
            protocolo: balanza.protocolo,
            host: balanza.host,
            puerto: balanza.puerto,
            activo: balanza.activo,
          }}
        >
          <Form.Item name="protocolo" label="Protocolo del indicador" rules={[{ required: true }]}>
            <Select options={PROTOCOLOS_BALANZA.map((p) => ({ value: p, label: p }))} />
          </Form.Item>
          <Form.Item
            name="host"
            label="Host del convertidor serie-TCP"
            extra='"simulador" usa el simulador integrado'
            rules={[{ required: true, message: 'Ingrese el host' }]}
          >
            <Input maxLength={120} />
          </Form.Item>
          <Form.Item name="puerto" label="Puerto">
            <InputNumber min={0} max={65535} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="activo" label="Habilitada" valuePropName="checked">
            <Switch />
          </Form.Item>
          {prueba ? (
            <Alert
              data-testid="resultado-prueba-balanza"
              type={prueba.ok ? 'success' : 'error'}
              showIcon
              message={prueba.mensaje}
              description={
                prueba.lectura
                  ? `Lectura: ${prueba.lectura.peso.toLocaleString('es-PE')} kg${prueba.lectura.estable === false ? ' (en movimiento)' : ''} · trama ${prueba.lectura.trama} · ${prueba.milisegundos} ms`
                  : `${prueba.milisegundos} ms`
              }
            />
          ) : null}
        </Form>
      ) : null}
    </Modal>
  );
}

export function SeccionBalanzas() {
  const balanzas = useBalanzas(true);
  const [editando, setEditando] = useState<FilaBalanza | null>(null);
  return (
    <>
      <Table<FilaBalanza>
        size="small"
        rowKey="codigoTipoBalanza"
        loading={balanzas.isLoading}
        dataSource={balanzas.data ?? []}
        pagination={false}
        scroll={{ x: true }}
        columns={[
          { title: 'Balanza', dataIndex: 'nombre' },
          { title: 'Protocolo', dataIndex: 'protocolo' },
          { title: 'Host', dataIndex: 'host' },
          { title: 'Puerto', dataIndex: 'puerto' },
          {
            title: 'Estado',
            dataIndex: 'activo',
            render: (a: boolean) => (a ? <Tag color="green">Habilitada</Tag> : <Tag>Deshabilitada</Tag>),
          },
          {
            title: '',
            key: 'editar',
            render: (_: unknown, b) => (
              <Button icon={<EditOutlined />} aria-label={`Editar ${b.nombre}`} onClick={() => setEditando(b)}>
                Editar
              </Button>
            ),
          },
        ]}
      />
      <ModalBalanza balanza={editando} alCerrar={() => setEditando(null)} />
    </>
  );
}
