import { ClockCircleOutlined, FilePdfOutlined, MailOutlined, PhoneOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  type EstadoServicio,
  type FilaReporteProblema,
  fechaHoraLima,
  MENSAJES_SOPORTE,
  ROLES_REPORTES_PROBLEMA,
} from '@cronos/contract';
import { Alert, App, Button, Card, Descriptions, Form, Input, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ErrorApi } from '../../../shared/api/cliente';
import { useSesion } from '../../../shared/sesion/almacen-sesion';
import { columnaNumero } from '../../../shared/tabla/columna-numero';
import { useEstadoServicios, useInformacionSoporte, useReportarProblema, useReportesProblema } from '../api/soporte';

const COLOR: Record<EstadoServicio['estado'], string> = { ok: 'green', error: 'red', desactivado: 'default' };
const TEXTO: Record<EstadoServicio['estado'], string> = { ok: 'OK', error: 'Error', desactivado: 'Desactivado' };

function EstadoServicios() {
  const estado = useEstadoServicios();
  return (
    <Card
      title="Estado de los servicios"
      extra={
        <Button icon={<ReloadOutlined />} loading={estado.isFetching} onClick={() => estado.refetch()}>
          Volver a comprobar
        </Button>
      }
    >
      <Table<EstadoServicio>
        size="small"
        rowKey="clave"
        data-testid="estado-servicios"
        loading={estado.isLoading}
        dataSource={estado.data?.servicios ?? []}
        pagination={false}
        scroll={{ x: true }}
        columns={[
          { title: 'Servicio', dataIndex: 'nombre' },
          {
            title: 'Estado',
            dataIndex: 'estado',
            render: (e: EstadoServicio['estado']) => <Tag color={COLOR[e]}>{TEXTO[e]}</Tag>,
          },
          { title: 'Latencia', dataIndex: 'milisegundos', render: (ms: number) => `${ms} ms` },
          { title: 'Detalle', dataIndex: 'mensaje' },
        ]}
      />
      {estado.data ? (
        <Typography.Text type="secondary">Comprobado el {fechaHoraLima(new Date(estado.data.fecha))}</Typography.Text>
      ) : null}
    </Card>
  );
}

/**
 * The screen the user came from: the app moves between screens without loading a page, so document.referrer
 * names only where the app was first opened. The browser's navigation history (Chromium, Edge, Safari) keeps
 * each screen of this tab; where it is not offered, the first page is all that is known.
 */
function paginaAnterior(): string | undefined {
  type Entrada = { url: string | null; index: number };
  const nav = (window as unknown as { navigation?: { currentEntry: Entrada | null; entries: () => Entrada[] } })
    .navigation;
  const actual = nav?.currentEntry;
  if (nav && actual) {
    const previa = nav.entries().find((e) => e.index === actual.index - 1)?.url;
    if (previa) {
      const u = new URL(previa);
      const pantalla = u.origin === window.location.origin && u.pathname.startsWith('/app/');
      if (pantalla && u.pathname !== window.location.pathname) return u.pathname + u.search;
    }
  }
  return document.referrer || undefined;
}

function FormularioReporte() {
  const [form] = Form.useForm<{ texto: string }>();
  const reportar = useReportarProblema();
  const { message } = App.useApp();
  const escrito = Form.useWatch('texto', form);
  return (
    <Card title="Reportar un problema">
      <Form
        form={form}
        layout="vertical"
        onFinish={async ({ texto }) => {
          try {
            // The page and the browser go with the report, so support need not ask: the screen the user was on
            // before opening Soporte is the one the problem is about.
            const desde = paginaAnterior();
            const r = await reportar.mutateAsync({
              texto,
              pagina: `${window.location.pathname}${window.location.search}${desde ? ` (desde ${desde})` : ''}`.slice(
                0,
                500,
              ),
              navegador: navigator.userAgent.slice(0, 500),
            });
            message.success(r.message);
            form.resetFields();
          } catch (e) {
            if (e instanceof ErrorApi && e.errors?.texto) form.setFields([{ name: 'texto', errors: e.errors.texto }]);
          }
        }}
      >
        <Form.Item
          name="texto"
          label="Describa el problema"
          rules={[{ required: true, min: 10, max: 4000, message: MENSAJES_SOPORTE.textoInvalido }]}
        >
          <Input.TextArea rows={4} maxLength={4000} />
        </Form.Item>
        {/* The count and the hint on a line of their own: the field's own count is drawn over the line below the
            field, and ran into its message and its help text on a phone. */}
        <Space wrap style={{ justifyContent: 'space-between', width: '100%', marginBottom: 16 }}>
          <Typography.Text type="secondary">
            Se adjuntan automáticamente la página desde la que llegó y el navegador.
          </Typography.Text>
          <Typography.Text type="secondary">{(escrito ?? '').length} / 4000</Typography.Text>
        </Space>
        <Button type="primary" htmlType="submit" loading={reportar.isPending}>
          Enviar reporte
        </Button>
      </Form>
    </Card>
  );
}

function ReportesRecibidos() {
  const [pagina, setPagina] = useState(1);
  const reportes = useReportesProblema(pagina, true);
  return (
    <Card title="Reportes de problemas recibidos">
      <Table<FilaReporteProblema>
        size="small"
        rowKey="codigoReporteProblema"
        data-testid="reportes-problema"
        loading={reportes.isLoading}
        dataSource={reportes.data?.data ?? []}
        scroll={{ x: true }}
        pagination={{
          current: pagina,
          pageSize: 10,
          total: reportes.data?.meta.total ?? 0,
          onChange: setPagina,
          showSizeChanger: false,
        }}
        columns={[
          columnaNumero<FilaReporteProblema>(pagina, 10),
          { title: 'Fecha', dataIndex: 'fechaRegistro', render: (f: string) => fechaHoraLima(new Date(f)) },
          { title: 'Usuario', dataIndex: 'nombreUsuario' },
          { title: 'Empresa', dataIndex: 'razonSocial' },
          {
            title: 'Problema',
            dataIndex: 'texto',
            render: (t: string) => <span style={{ whiteSpace: 'pre-wrap' }}>{t}</span>,
          },
          { title: 'Página', dataIndex: 'pagina' },
          {
            title: 'Navegador',
            dataIndex: 'navegador',
            render: (n: string) => (
              <Typography.Text type="secondary" ellipsis={{ tooltip: n }} style={{ maxWidth: 220 }}>
                {n}
              </Typography.Text>
            ),
          },
        ]}
      />
    </Card>
  );
}

/** support: contact, the manuals, version and build, the live status of each dependency, problem reports. */
export default function SoportePage() {
  const info = useInformacionSoporte();
  const { usuario } = useSesion();
  const administrador = ROLES_REPORTES_PROBLEMA.includes(usuario?.codigoRol ?? 0);
  const d = info.data;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card title="Soporte" loading={info.isLoading}>
        <Typography.Paragraph>
          Si tiene problemas con el sistema, comuníquese con la mesa de ayuda del operador de la zona franca. Indique su
          usuario, la pantalla y el código de la orden si corresponde.
        </Typography.Paragraph>
        {d ? (
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item
              label={
                <>
                  <MailOutlined /> Correo
                </>
              }
            >
              <a href={`mailto:${d.contacto.correo}`}>{d.contacto.correo}</a>
            </Descriptions.Item>
            <Descriptions.Item
              label={
                <>
                  <PhoneOutlined /> Teléfono
                </>
              }
            >
              {d.contacto.telefono}
            </Descriptions.Item>
            <Descriptions.Item
              label={
                <>
                  <ClockCircleOutlined /> Horario
                </>
              }
            >
              {d.contacto.horario}
            </Descriptions.Item>
            <Descriptions.Item label="Manuales">
              <Space direction="vertical">
                {d.manuales.map((m) => (
                  <a key={m.url} href={m.url} download>
                    <FilePdfOutlined /> {m.titulo}
                  </a>
                ))}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label="Versión">{d.version}</Descriptions.Item>
            <Descriptions.Item label="Compilación">{d.compilacion}</Descriptions.Item>
          </Descriptions>
        ) : info.isError ? (
          <Alert type="error" showIcon message="No se pudo cargar la información de soporte" />
        ) : null}
      </Card>
      <EstadoServicios />
      <FormularioReporte />
      {administrador ? <ReportesRecibidos /> : null}
    </Space>
  );
}
