import { StopOutlined } from '@ant-design/icons';
import { apiFinanzas, type ItemMenu, MENSAJES_FINANZAS, type Pago, ROLES_ANULAN_PAGO } from '@cronos/contract';
import { Button, Form, Input, Modal, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { ErrorApi } from '../../../shared/api/cliente';
import { notificar } from '../../../shared/api/notificador';
import { aplicarErroresCampo } from '../../../shared/formulario/errores-campo';
import { useSesion } from '../../../shared/sesion/almacen-sesion';
import { TablaDatos } from '../../../shared/tabla/tabla-datos';
import { fecha, fechaHora, numero } from '../../../shared/ui/formato';
import { clavesFinanzas, useAnularPago } from '../api';
import { PagoDialogo } from '../components/pago-dialogo';

type FilaPago = Pago & { numero: string; razonSocial: string; moneda: string };

const RUTA_MENU = '/app/finances/Payments';
const permisoPantalla = (menu: ItemMenu[]): ItemMenu | undefined =>
  menu.flatMap((g) => [g, ...g.detalle]).find((n) => n.urlLink === RUTA_MENU);

const columnasBase: ColumnsType<FilaPago> = [
  { title: 'Comprobante', dataIndex: 'numero', width: 140 },
  { title: 'Razón social', dataIndex: 'razonSocial' },
  { title: 'Fecha de pago', dataIndex: 'fechaPago', width: 120, render: fecha },
  { title: 'Método', dataIndex: 'metodo', width: 130 },
  { title: 'Referencia', dataIndex: 'referencia', width: 140 },
  {
    title: 'Monto',
    dataIndex: 'monto',
    align: 'right',
    width: 120,
    render: (m: string, f) => `${f.moneda} ${numero(m)}`,
  },
  {
    title: 'Estado',
    dataIndex: 'estadoAnulado',
    width: 120,
    render: (anulado: boolean, f) =>
      anulado ? (
        <Tooltip
          title={`${f.motivoAnulacion ?? ''} — ${f.usuarioAnulacion ?? ''}, ${f.fechaAnulacion ? fechaHora(f.fechaAnulacion) : ''}`}
        >
          <Tag color="red">Anulado</Tag>
        </Tooltip>
      ) : (
        <Tag color="green">Vigente</Tag>
      ),
  },
  { title: 'Registrado por', dataIndex: 'usuarioRegistro', width: 130 },
  { title: 'Registro', dataIndex: 'fechaRegistro', width: 150, render: fechaHora },
];

/** Annuls a payment entered by mistake: the reason is required; the balance and the debt block follow at once. */
function AnularPagoDialogo(p: { pago: FilaPago; alCerrar: () => void }) {
  const [form] = Form.useForm<{ motivo: string }>();
  const anular = useAnularPago();
  const guardar = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      const r = await anular.mutateAsync({ codigoPago: p.pago.codigoPago, motivo: v.motivo });
      notificar.exito(r.message);
      p.alCerrar();
    } catch (e) {
      if (!aplicarErroresCampo(form, e) && !(e instanceof ErrorApi)) throw e;
    }
  };
  return (
    <Modal
      open
      title={`Anular pago de ${p.pago.numero}`}
      okText="Anular pago"
      okButtonProps={{ danger: true }}
      cancelText="Cancelar"
      onOk={guardar}
      onCancel={p.alCerrar}
      confirmLoading={anular.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {p.pago.razonSocial}: {p.pago.moneda} {numero(p.pago.monto)} del {fecha(p.pago.fechaPago)}. El monto vuelve al
        saldo del comprobante y, si la deuda vence, la empresa queda bloqueada en garita.
      </Typography.Paragraph>
      <Form form={form} layout="vertical">
        <Form.Item
          name="motivo"
          label="Motivo de la anulación"
          rules={[{ required: true, whitespace: true, message: MENSAJES_FINANZAS.motivoAnulacionRequerido }]}
        >
          <Input.TextArea maxLength={250} rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** finances/Payments: payments recorded (full or partial), the form to record one, and annulment of a mistaken one. */
export default function PagosPage() {
  const [abierto, setAbierto] = useState(false);
  const [anulando, setAnulando] = useState<FilaPago | null>(null);
  const { usuario, permisos } = useSesion();
  const puedeAnular =
    !!usuario && ROLES_ANULAN_PAGO.includes(usuario.codigoRol) && !!permisoPantalla(permisos)?.permiteEliminar;
  const columnas: ColumnsType<FilaPago> = [
    ...columnasBase,
    ...(puedeAnular
      ? [
          {
            title: 'Acciones',
            key: 'acciones',
            width: 90,
            render: (_v: unknown, f: FilaPago) =>
              f.estadoAnulado ? null : (
                <Tooltip title="Anular pago">
                  <Button
                    size="small"
                    danger
                    icon={<StopOutlined />}
                    aria-label={`Anular pago ${f.codigoPago} de ${f.numero}`}
                    onClick={() => setAnulando(f)}
                  />
                </Tooltip>
              ),
          },
        ]
      : []),
  ];
  return (
    <>
      <TablaDatos<FilaPago>
        titulo="Pagos"
        ruta={apiFinanzas.listarPagos}
        claveConsulta={clavesFinanzas.pagos()}
        clave="codigoPago"
        columnas={columnas}
        columnasBusqueda={[
          { value: 'numero', label: 'Comprobante' },
          { value: 'razonSocial', label: 'Razón social' },
          { value: 'ruc', label: 'RUC' },
        ]}
        placeholderBusqueda="Buscar pago"
        tableProps={{ scroll: { x: 1300 } }}
        acciones={
          <Button type="primary" onClick={() => setAbierto(true)}>
            Registrar pago
          </Button>
        }
      />
      {abierto && <PagoDialogo abierto alCerrar={() => setAbierto(false)} />}
      {anulando && <AnularPagoDialogo pago={anulando} alCerrar={() => setAnulando(null)} />}
    </>
  );
}
