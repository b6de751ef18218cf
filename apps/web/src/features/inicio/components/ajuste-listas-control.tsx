import { ArrowDownOutlined, ArrowUpOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { type ItemListaControl, TIPOS_CARGA_LISTA, TIPOS_CONTROL_LISTA, TIPOS_INGRESO_LISTA } from '@cronos/contract';
import { App, Button, Form, Input, List, Select, Skeleton, Space, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useEstadoItem, useGuardarItemControl, useListaControl, useOrdenarLista } from '../api/ajustes';
import { aplicarErroresCampo } from '../../../shared/formulario/errores-campo';

function FormularioItem({
  tipoControl,
  tipoIngreso,
  item,
  alTerminar,
}: {
  tipoControl: number;
  tipoIngreso: string;
  item?: ItemListaControl;
  alTerminar?: () => void;
}) {
  const [form] = Form.useForm<{ descripcion: string; codigoTipoCarga: number }>();
  const guardar = useGuardarItemControl();
  const { message } = App.useApp();
  return (
    <Form
      form={form}
      layout="inline"
      style={{ rowGap: 8 }}
      initialValues={{ descripcion: item?.descripcion ?? '', codigoTipoCarga: item?.codigoTipoCarga ?? 0 }}
      onFinish={async (v) => {
        try {
          const r = await guardar.mutateAsync({
            ...v,
            codigoTipoControl: tipoControl,
            codigoTipoIngreso: tipoIngreso,
            ...(item ? { codigoDetalleTipoControl: item.codigoDetalleTipoControl } : {}),
          });
          message.success(r.message);
          if (!item) form.resetFields();
          alTerminar?.();
        } catch (e) {
          aplicarErroresCampo(form, e);
        }
      }}
    >
      <Form.Item
        name="descripcion"
        style={{ flex: '1 1 260px' }}
        rules={[{ required: true, message: 'Ingrese la descripción' }]}
      >
        <Input aria-label={item ? 'Descripción del ítem' : 'Nuevo ítem'} placeholder="Qué se revisa" maxLength={200} />
      </Form.Item>
      <Form.Item name="codigoTipoCarga">
        <Select
          aria-label="Carga"
          style={{ width: 170 }}
          options={TIPOS_CARGA_LISTA.map((t) => ({ value: t.codigo, label: t.nombre }))}
        />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" icon={item ? undefined : <PlusOutlined />} loading={guardar.isPending}>
          {item ? 'Actualizar ítem' : 'Agregar ítem'}
        </Button>
      </Form.Item>
    </Form>
  );
}

export function SeccionListasControl() {
  const [tipoControl, setTipoControl] = useState<number>(6);
  const [tipoIngreso, setTipoIngreso] = useState<string>('VH');
  const [editando, setEditando] = useState<number | null>(null);
  const lista = useListaControl(tipoControl, tipoIngreso, true);
  const ordenar = useOrdenarLista();
  const estado = useEstadoItem(tipoControl, tipoIngreso);
  const items = lista.data ?? [];
  const mover = (i: number, d: -1 | 1) => {
    const codigos = items.map((x) => x.codigoDetalleTipoControl);
    const j = i + d;
    const a = codigos[i];
    const b = codigos[j];
    if (a === undefined || b === undefined) return;
    codigos[i] = b;
    codigos[j] = a;
    ordenar.mutate({ codigoTipoControl: tipoControl, codigoTipoIngreso: tipoIngreso, codigos });
  };
  const carga = (c: number) => TIPOS_CARGA_LISTA.find((t) => t.codigo === c)?.nombre ?? '';
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Select
          aria-label="Tipo de control"
          style={{ width: 280 }}
          value={tipoControl}
          onChange={setTipoControl}
          options={TIPOS_CONTROL_LISTA.map((t) => ({ value: t.codigo, label: t.nombre }))}
        />
        <Select
          aria-label="Tipo de ingreso"
          style={{ width: 200 }}
          value={tipoIngreso}
          onChange={setTipoIngreso}
          options={TIPOS_INGRESO_LISTA.map((t) => ({ value: t.codigo, label: t.nombre }))}
        />
      </Space>
      {lista.isLoading ? (
        <Skeleton active />
      ) : (
        <List
          size="small"
          bordered
          data-testid="lista-control"
          dataSource={items}
          renderItem={(item, i) => (
            <List.Item
              key={item.codigoDetalleTipoControl}
              actions={[
                <Button
                  key="subir"
                  size="small"
                  icon={<ArrowUpOutlined />}
                  aria-label={`Subir ${item.descripcion}`}
                  disabled={i === 0 || ordenar.isPending}
                  onClick={() => mover(i, -1)}
                />,
                <Button
                  key="bajar"
                  size="small"
                  icon={<ArrowDownOutlined />}
                  aria-label={`Bajar ${item.descripcion}`}
                  disabled={i === items.length - 1 || ordenar.isPending}
                  onClick={() => mover(i, 1)}
                />,
                <Button
                  key="editar"
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={`Editar ${item.descripcion}`}
                  onClick={() =>
                    setEditando(editando === item.codigoDetalleTipoControl ? null : item.codigoDetalleTipoControl)
                  }
                />,
                <Switch
                  key="activo"
                  size="small"
                  aria-label={`Habilitado ${item.descripcion}`}
                  checked={item.activo}
                  loading={
                    estado.isPending && estado.variables?.codigoDetalleTipoControl === item.codigoDetalleTipoControl
                  }
                  onChange={(activo) =>
                    estado.mutate({ codigoDetalleTipoControl: item.codigoDetalleTipoControl, activo })
                  }
                />,
              ]}
            >
              {editando === item.codigoDetalleTipoControl ? (
                <FormularioItem
                  tipoControl={tipoControl}
                  tipoIngreso={tipoIngreso}
                  item={item}
                  alTerminar={() => setEditando(null)}
                />
              ) : (
                <Space wrap>
                  <Typography.Text delete={!item.activo}>{item.descripcion}</Typography.Text>
                  {item.codigoTipoCarga ? <Tag>{carga(item.codigoTipoCarga)}</Tag> : null}
                  {item.activo ? null : <Tag>Deshabilitado</Tag>}
                </Space>
              )}
            </List.Item>
          )}
        />
      )}
      <FormularioItem key={`${tipoControl}-${tipoIngreso}`} tipoControl={tipoControl} tipoIngreso={tipoIngreso} />
    </Space>
  );
}
