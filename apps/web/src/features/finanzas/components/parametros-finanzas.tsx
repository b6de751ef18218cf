import {
  AFECTACIONES_IGV,
  apiFinanzas,
  type FilaTarifa,
  fechaLima,
  type GuardarParametrosFinanzas,
  type GuardarTarifa,
  MONEDAS,
  UNIDADES_TARIFA,
} from '@cronos/contract';
import { Button, Card, DatePicker, Drawer, Form, Input, InputNumber, Modal, Select, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { ErrorApi } from '../../../shared/api/cliente';
import { notificar } from '../../../shared/api/notificador';
import { TablaDatos } from '../../../shared/tabla/tabla-datos';
import { fecha, fechaApi, fechaHora, numero } from '../../../shared/ui/formato';
import {
  clavesFinanzas,
  releerTarifa,
  useGuardarParametros,
  useGuardarTarifa,
  useHistorialPrecios,
  useParametrosFinanzas,
} from '../api';
import { aplicarErroresCampo } from '../../../shared/formulario/errores-campo';

/** Today in Lima, the day a new price is in force from (the browser's own day is tomorrow after 19:00 on UTC). */
const hoyLima = () => dayjs(fechaLima(new Date()));

/** Shows a 422 on the form's fields, or its message when it has none. */
const mostrarError = (form: Parameters<typeof aplicarErroresCampo>[0], e: unknown) => {
  if (aplicarErroresCampo(form, e)) return;
  if (e instanceof ErrorApi) notificar.error(e.message);
  else throw e;
};

function FormularioParametros() {
  const [form] = Form.useForm<GuardarParametrosFinanzas>();
  const { data, isFetching } = useParametrosFinanzas();
  const guardar = useGuardarParametros();
  // Configuración general edits the same days: when they are read again (saved there, or a 409 here because they
  // were), the form shows the values in force, and saves with the version they came with.
  useEffect(() => {
    if (data) form.setFieldsValue({ ...data, tasaMoraDiaria: Number(data.tasaMoraDiaria) });
  }, [data, form]);
  const enviar = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      const r = await guardar.mutateAsync({ ...v, version: data?.version });
      notificar.exito(r.message);
    } catch (e) {
      mostrarError(form, e);
    }
  };
  return (
    <Card size="small" title="Parámetros de cobranza">
      <Form form={form} layout="inline" onFinish={enviar}>
        <Form.Item name="diasCredito" label="Días de crédito" rules={[{ required: true, message: 'Requerido' }]}>
          <InputNumber style={{ width: 90 }} />
        </Form.Item>
        <Form.Item
          name="diasBloqueo"
          label="Días de atraso que bloquean"
          rules={[{ required: true, message: 'Requerido' }]}
        >
          <InputNumber style={{ width: 90 }} />
        </Form.Item>
        <Form.Item name="tasaMoraDiaria" label="Mora diaria (%)" rules={[{ required: true, message: 'Requerido' }]}>
          <InputNumber style={{ width: 110 }} step={0.01} />
        </Form.Item>
        <Form.Item>
          {/* While they are read again (saved in Configuración general meanwhile) the form still shows the cached
              version: the button waits for the values in force instead of sending a save bound to be refused. */}
          <Button type="primary" htmlType="submit" loading={guardar.isPending} disabled={isFetching}>
            Guardar parámetros
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}

interface ValoresTarifa extends Omit<GuardarTarifa, 'vigenteDesde'> {
  vigenteDesde: dayjs.Dayjs;
}

/** The dialog's fields for a tariff as read; a new price starts today in Lima. */
const valoresDe = (t: FilaTarifa) =>
  ({
    codigo: t.codigo,
    descripcion: t.descripcion,
    unidad: t.unidad,
    moneda: t.moneda,
    afectacionIgv: t.afectacionIgv,
    precio: t.precio ? Number(t.precio) : undefined,
    vigenteDesde: hoyLima(),
  }) as Partial<ValoresTarifa>;

function TarifaDialogo(p: { tarifa: FilaTarifa | null | 'nueva'; alCerrar: () => void }) {
  const [form] = Form.useForm<ValoresTarifa>();
  const guardar = useGuardarTarifa();
  const leida = p.tarifa && p.tarifa !== 'nueva' ? p.tarifa : null;
  // The tariff as last read: after a 409 it is read again, and the next save carries that newer version.
  const [releida, setReleida] = useState<FilaTarifa | null>(null);
  const t = releida && releida.codigoServicio === leida?.codigoServicio ? releida : leida;
  const historial = useHistorialPrecios(t?.codigoServicio ?? null);
  const enviar = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      const r = await guardar.mutateAsync({
        ...v,
        codigoServicio: t?.codigoServicio ?? null,
        vigenteDesde: fechaApi(v.vigenteDesde),
        version: t?.version ?? null,
      });
      notificar.exito(r.message);
      p.alCerrar();
    } catch (e) {
      if (t && e instanceof ErrorApi && e.status === 409) {
        // Another treasurer saved this tariff after it was opened: show what is saved now, and say so.
        notificar.error(e.message);
        const nueva = await releerTarifa(t.codigoServicio);
        if (nueva) {
          setReleida(nueva);
          form.setFieldsValue(valoresDe(nueva));
        }
        return;
      }
      mostrarError(form, e);
    }
  };
  return (
    <Modal
      open={p.tarifa !== null}
      title={t ? `Tarifa ${t.codigo}` : 'Nueva tarifa'}
      okText="Guardar tarifa"
      cancelText="Cancelar"
      onOk={enviar}
      onCancel={p.alCerrar}
      confirmLoading={guardar.isPending}
      width={720}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={
          t ? valoresDe(t) : { moneda: 'PEN', afectacionIgv: '10', unidad: 'TARJETA', vigenteDesde: hoyLima() }
        }
      >
        <Space wrap align="start">
          <Form.Item name="codigo" label="Código" rules={[{ required: true, message: 'Ingrese el código' }]}>
            <Input style={{ width: 150 }} maxLength={20} />
          </Form.Item>
          <Form.Item
            name="descripcion"
            label="Descripción"
            rules={[{ required: true, message: 'Ingrese la descripción' }]}
          >
            <Input style={{ width: 420 }} maxLength={200} />
          </Form.Item>
          <Form.Item name="unidad" label="Unidad" rules={[{ required: true }]}>
            <Select
              style={{ width: 200 }}
              options={Object.entries(UNIDADES_TARIFA).map(([value, label]) => ({ value, label }))}
            />
          </Form.Item>
          <Form.Item name="moneda" label="Moneda" rules={[{ required: true }]}>
            <Select
              style={{ width: 120 }}
              options={Object.entries(MONEDAS).map(([value, label]) => ({ value, label }))}
            />
          </Form.Item>
          <Form.Item name="afectacionIgv" label="Afectación" rules={[{ required: true }]}>
            <Select
              style={{ width: 170 }}
              options={Object.entries(AFECTACIONES_IGV).map(([value, label]) => ({ value, label }))}
            />
          </Form.Item>
          <Form.Item name="precio" label="Precio (sin IGV)" rules={[{ required: true, message: 'Ingrese el precio' }]}>
            <InputNumber style={{ width: 130 }} />
          </Form.Item>
          <Form.Item
            name="vigenteDesde"
            label="Vigente desde"
            rules={[{ required: true, message: 'Ingrese la fecha' }]}
          >
            {/* At most a year ahead, as the server accepts. */}
            <DatePicker format="DD/MM/YYYY" disabledDate={(d) => d.isAfter(hoyLima().add(1, 'year'), 'day')} />
          </Form.Item>
        </Space>
      </Form>
      {t && (
        <Table
          size="small"
          rowKey="codigoPrecio"
          pagination={false}
          title={() => 'Historial de precios'}
          dataSource={historial.data ?? []}
          columns={[
            { title: 'Vigente desde', dataIndex: 'vigenteDesde', render: fecha },
            { title: 'Precio', dataIndex: 'precio', align: 'right', render: (v: string) => numero(v) },
            { title: 'Usuario', dataIndex: 'usuarioRegistro' },
            { title: 'Registrado', dataIndex: 'fechaRegistro', render: fechaHora },
          ]}
        />
      )}
    </Modal>
  );
}

/** Finance parameters and tariffs (with their price history), edited from the vouchers screen. */
export function ParametrosFinanzas(p: { abierto: boolean; alCerrar: () => void }) {
  const [tarifa, setTarifa] = useState<FilaTarifa | null | 'nueva'>(null);
  const columnas: ColumnsType<FilaTarifa> = [
    { title: 'Código', dataIndex: 'codigo', width: 130 },
    { title: 'Descripción', dataIndex: 'descripcion' },
    {
      title: 'Unidad',
      dataIndex: 'unidad',
      width: 170,
      render: (u: string) => UNIDADES_TARIFA[u as keyof typeof UNIDADES_TARIFA] ?? u,
    },
    {
      title: 'Precio vigente',
      dataIndex: 'precio',
      width: 140,
      align: 'right',
      render: (v: string | null, t) => (v ? `${t.moneda} ${numero(v)}` : '—'),
    },
    {
      title: 'IGV',
      dataIndex: 'afectacionIgv',
      width: 150,
      render: (a: string) => AFECTACIONES_IGV[a as keyof typeof AFECTACIONES_IGV] ?? a,
    },
    {
      title: 'Acciones',
      key: 'acciones',
      width: 100,
      render: (_v, t) => (
        <Button size="small" onClick={() => setTarifa(t)}>
          Editar
        </Button>
      ),
    },
  ];
  return (
    // antd 6 takes the drawer's width from `size` ('large' is 736 px, and a `width` beside it is ignored): at
    // 736 px the tariff list hid its price and IGV behind the fixed actions column; 1080 px holds every column.
    <Drawer open={p.abierto} onClose={p.alCerrar} size={Math.min(1080, window.innerWidth)} title="Parámetros y tarifas">
      <Space direction="vertical" style={{ width: '100%' }} size="large">
        <FormularioParametros />
        <TablaDatos<FilaTarifa>
          titulo="Tarifas"
          ruta={apiFinanzas.listarTarifas}
          claveConsulta={clavesFinanzas.tarifas()}
          clave="codigoServicio"
          columnas={columnas}
          columnasBusqueda={[
            { value: 'codigo', label: 'Código' },
            { value: 'descripcion', label: 'Descripción' },
          ]}
          placeholderBusqueda="Buscar tarifa"
          prefijoUrl="t"
          acciones={<Button onClick={() => setTarifa('nueva')}>Nueva tarifa</Button>}
        />
      </Space>
      <TarifaDialogo tarifa={tarifa} alCerrar={() => setTarifa(null)} />
    </Drawer>
  );
}
