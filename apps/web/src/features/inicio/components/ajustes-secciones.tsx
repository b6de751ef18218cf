import { ArrowDownOutlined, ArrowUpOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type FilaBalanza,
  type FormularioBalanza,
  type ItemListaControl,
  PROTOCOLOS_BALANZA,
  type PruebaBalanza,
  TIPOS_CARGA_LISTA,
  TIPOS_CONTROL_LISTA,
  TIPOS_INGRESO_LISTA,
} from '@cronos/contract';
import {
  Alert,
  App,
  Button,
  Form,
  Input,
  InputNumber,
  List,
  Modal,
  Select,
  Skeleton,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import {
  useBalanzas,
  useConsultasExternas,
  useEstadoItem,
  useGuardarBalanza,
  useGuardarConsultaExterna,
  useGuardarDeuda,
  useGuardarItemControl,
  useGuardarPlazoConteo,
  useGuardarTolerancia,
  useListaControl,
  useOrdenarLista,
  usePlazos,
  useProbarBalanza,
  useTolerancia,
} from '../api/ajustes';
import { aplicarErroresCampo } from '../../../shared/formulario/errores-campo';

// ---------------------------------------------------------------- balanzas
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
  return (
    <Modal
      title={balanza ? `Balanza: ${balanza.nombre}` : ''}
      open={balanza !== null}
      destroyOnHidden
      onCancel={() => {
        setPrueba(null);
        alCerrar();
      }}
      footer={[
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

// ---------------------------------------------------------------- listas de control
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

// ---------------------------------------------------------------- plazos y tolerancias
export function SeccionPlazos({ conteo, deuda, aduanas }: { conteo: boolean; deuda: boolean; aduanas: boolean }) {
  const plazos = usePlazos(conteo || deuda);
  const tolerancia = useTolerancia(aduanas);
  const guardarPlazo = useGuardarPlazoConteo();
  const guardarDeuda = useGuardarDeuda();
  const guardarTolerancia = useGuardarTolerancia();
  const [fPlazo] = Form.useForm<{ plazoJustificacionHoras: number }>();
  const [fDeuda] = Form.useForm<{ diasCredito: number; diasBloqueo: number }>();
  const [fTol] = Form.useForm<{ porcentajePeso: number; bultos: number }>();
  const { message } = App.useApp();
  if ((conteo || deuda) && plazos.isLoading) return <Skeleton active />;
  if (aduanas && tolerancia.isLoading) return <Skeleton active />;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="large">
      {aduanas && tolerancia.data ? (
        <Form
          form={fTol}
          layout="inline"
          style={{ rowGap: 8 }}
          initialValues={tolerancia.data}
          onFinish={async (v) => {
            try {
              message.success((await guardarTolerancia.mutateAsync(v)).message);
            } catch (e) {
              aplicarErroresCampo(fTol, e);
            }
          }}
        >
          <Typography.Text strong style={{ width: '100%' }}>
            Control de declaraciones (aduanas)
          </Typography.Text>
          <Form.Item name="porcentajePeso" label="Tolerancia de peso">
            <InputNumber min={0} max={100} step={0.5} addonAfter="%" />
          </Form.Item>
          <Form.Item name="bultos" label="Tolerancia de bultos">
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
          <Button htmlType="submit" loading={guardarTolerancia.isPending}>
            Actualizar tolerancias
          </Button>
        </Form>
      ) : null}
      {conteo && plazos.data ? (
        <Form
          form={fPlazo}
          layout="inline"
          style={{ rowGap: 8 }}
          initialValues={{ plazoJustificacionHoras: plazos.data.plazoJustificacionHoras }}
          onFinish={async (v) => {
            try {
              message.success((await guardarPlazo.mutateAsync(v.plazoJustificacionHoras)).message);
            } catch (e) {
              aplicarErroresCampo(fPlazo, e);
            }
          }}
        >
          <Typography.Text strong style={{ width: '100%' }}>
            Conteos de inventario
          </Typography.Text>
          <Form.Item name="plazoJustificacionHoras" label="Plazo para justificar diferencias">
            <InputNumber min={1} max={720} precision={0} addonAfter="horas" />
          </Form.Item>
          <Button htmlType="submit" loading={guardarPlazo.isPending}>
            Actualizar plazo
          </Button>
        </Form>
      ) : null}
      {deuda && plazos.data ? (
        <Form
          form={fDeuda}
          layout="inline"
          style={{ rowGap: 8 }}
          initialValues={{ diasCredito: plazos.data.diasCredito, diasBloqueo: plazos.data.diasBloqueo }}
          onFinish={async (v) => {
            try {
              message.success((await guardarDeuda.mutateAsync(v)).message);
            } catch (e) {
              aplicarErroresCampo(fDeuda, e);
            }
          }}
        >
          <Typography.Text strong style={{ width: '100%' }}>
            Deuda (bloqueo en garita)
          </Typography.Text>
          <Form.Item name="diasCredito" label="Días de crédito">
            <InputNumber min={0} max={365} precision={0} />
          </Form.Item>
          <Form.Item name="diasBloqueo" label="Días de atraso que bloquean">
            <InputNumber min={0} max={365} precision={0} />
          </Form.Item>
          <Button htmlType="submit" loading={guardarDeuda.isPending}>
            Actualizar días
          </Button>
        </Form>
      ) : null}
    </Space>
  );
}

// ---------------------------------------------------------------- consultas externas
export function SeccionConsultas() {
  const consultas = useConsultasExternas(true);
  const guardar = useGuardarConsultaExterna();
  const { message } = App.useApp();
  if (consultas.isLoading) return <Skeleton active />;
  const servidor = consultas.data?.[0]?.permitidoServidor ?? false;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {servidor ? null : (
        <Alert
          type="warning"
          showIcon
          message="El servidor tiene las consultas externas apagadas (CONSULTAS_EXTERNAS): ninguna consulta sale aunque la active aquí."
        />
      )}
      <List
        size="small"
        bordered
        dataSource={consultas.data ?? []}
        renderItem={(c) => (
          <List.Item
            actions={[
              <Switch
                key="s"
                aria-label={`Consulta ${c.nombre}`}
                checked={c.activo}
                loading={guardar.isPending && guardar.variables?.codigo === c.codigo}
                onChange={async (activo) =>
                  message.success((await guardar.mutateAsync({ codigo: c.codigo, activo })).message)
                }
              />,
            ]}
          >
            <Space wrap>
              <Typography.Text>{c.nombre}</Typography.Text>
              {c.efectivo ? <Tag color="green">Activa</Tag> : <Tag>Inactiva</Tag>}
              {c.urlConfigurada ? <Tag color="blue">Proveedor externo</Tag> : <Tag>Proveedor local</Tag>}
            </Space>
          </List.Item>
        )}
      />
    </Space>
  );
}
