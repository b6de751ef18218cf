import { apiAduanas, type ItemMenu } from '@cronos/contract';
import { Button, Card, Form, InputNumber, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect } from 'react';
import { notificar } from '../../../shared/api/notificador';
import { useSesion } from '../../../shared/sesion/almacen-sesion';
import { TablaDatos } from '../../../shared/tabla/tabla-datos';
import { numero } from '../../../shared/ui/formato';
import { type FilaConciliacion, useGuardarTolerancia, useTolerancia } from '../api/aduanas';
import { aplicarErroresCampo } from '../../../shared/formulario/errores-campo';

const RUTA_MENU = '/app/operations/DeclarationsControl';
const permisoPantalla = (menu: ItemMenu[]): ItemMenu | undefined =>
  menu.flatMap((g) => [g, ...g.detalle]).find((n) => n.urlLink === RUTA_MENU);

const kg = (v: number | null) => (v === null ? '—' : numero(v, 3));

function Tolerancias({ editable }: { editable: boolean }) {
  const [form] = Form.useForm<{ porcentajePeso: number; bultos: number }>();
  const t = useTolerancia();
  const guardar = useGuardarTolerancia();
  useEffect(() => {
    if (t.data) form.setFieldsValue(t.data);
  }, [t.data, form]);
  const enviar = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      notificar.exito((await guardar.mutateAsync({ ...v, leida: t.data })).message);
    } catch (e) {
      aplicarErroresCampo(form, e);
    }
  };
  return (
    <Card size="small" title="Tolerancias" style={{ marginBottom: 12 }}>
      <Form form={form} layout="inline" name="tolerancias" disabled={!editable}>
        <Form.Item
          name="porcentajePeso"
          label="Peso (%)"
          rules={[{ required: true, message: 'Este es un campo requerido' }]}
        >
          <InputNumber min={0} max={100} precision={2} aria-label="Tolerancia de peso (%)" />
        </Form.Item>
        <Form.Item name="bultos" label="Bultos" rules={[{ required: true, message: 'Este es un campo requerido' }]}>
          <InputNumber min={0} precision={0} aria-label="Tolerancia de bultos" />
        </Form.Item>
        {editable ? (
          <Button type="primary" onClick={enviar} loading={guardar.isPending}>
            Guardar
          </Button>
        ) : null}
      </Form>
    </Card>
  );
}

/**
 * operations/DeclarationsControl (DOMAIN.md §12): per order with a declaration, declared vs documents vs the
 * weighbridge's net vs packages counted; out of tolerance the order is observed automatically (once).
 */
export default function ControlDeclaracionesPage() {
  const { permisos } = useSesion();
  const permiso = permisoPantalla(permisos);
  const columnas: ColumnsType<FilaConciliacion> = [
    { title: 'Orden', dataIndex: 'codigoIngreso', width: 110 },
    { title: 'Empresa usuaria', dataIndex: 'razonSocial', width: 240, ellipsis: true },
    {
      title: 'Declaraciones',
      key: 'declaraciones',
      width: 180,
      render: (_v, f) => (
        <Space size={2} wrap>
          {f.declaraciones.map((d) => (
            <Tag key={d.codigoDeclaracion}>{d.numeroDeclaracion}</Tag>
          ))}
        </Space>
      ),
    },
    // The verdict before the figures behind it: in sight at 1440 px without scrolling the table sideways.
    {
      title: 'Resultado',
      key: 'resultado',
      width: 170,
      render: (_v, f) =>
        f.dentroTolerancia === null ? (
          <Tag>Pendiente de pesaje</Tag>
        ) : f.dentroTolerancia ? (
          <Tag color="green">Dentro de tolerancia</Tag>
        ) : (
          <Tag color="red">Fuera de tolerancia</Tag>
        ),
    },
    {
      title: 'Observación',
      key: 'observada',
      width: 190,
      render: (_v, f) =>
        f.codigoEstadoObservado === 2 ? (
          <Tag color="red">{f.observadoAutomaticamente ? 'Observada (automática)' : 'Observada'}</Tag>
        ) : (
          '—'
        ),
    },
    { title: 'Peso declarado (kg)', dataIndex: 'pesoDeclarado', align: 'right', render: kg },
    { title: 'Peso documentos (kg)', dataIndex: 'pesoDocumentos', align: 'right', render: kg },
    { title: 'Neto balanza (kg)', dataIndex: 'pesoBalanza', align: 'right', render: kg },
    {
      title: 'Diferencia (kg)',
      dataIndex: 'diferenciaPeso',
      align: 'right',
      render: (v: number | null, f) =>
        v === null ? '—' : `${kg(v)}${f.porcentajeDiferencia === null ? '' : ` (${numero(f.porcentajeDiferencia)} %)`}`,
    },
    { title: 'Bultos declarados', dataIndex: 'bultosDeclarados', align: 'right' },
    {
      title: 'Bultos documentos',
      dataIndex: 'bultosDocumentos',
      align: 'right',
      render: (v: number | null) => v ?? '—',
    },
    { title: 'Bultos contados', dataIndex: 'bultosContados', align: 'right', render: (v: number | null) => v ?? '—' },
    { title: 'Dif. bultos', dataIndex: 'diferenciaBultos', align: 'right', render: (v: number | null) => v ?? '—' },
  ];
  return (
    <>
      <Typography.Title level={4}>Control de Declaraciones</Typography.Title>
      <Tolerancias editable={!!permiso?.permiteEditar} />
      <TablaDatos<FilaConciliacion>
        ruta={apiAduanas.conciliacion}
        clave="codigoMovimiento"
        columnas={columnas}
        extra={{ CodigoEmpresaUsuario: -1 }}
        columnasBusqueda={[
          { value: 'M.CODIGO_INGRESO', label: 'Orden' },
          { value: 'E.RAZON_SOCIAL', label: 'Empresa usuaria' },
        ]}
        claseFila={(f) => (f.dentroTolerancia === false ? 'fila-anulada' : '')}
      />
    </>
  );
}
