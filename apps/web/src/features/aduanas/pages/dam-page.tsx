import {
  EMPRESA_OPERADOR,
  MENSAJES_ADUANAS as MA,
  normalizarNumeroDeclaracion,
  ROLES_MULTIEMPRESA,
} from '@cronos/contract';
import { Alert, Button, Card, Descriptions, Form, Grid, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ErrorApi } from '../../../shared/api/cliente';
import { notificar } from '../../../shared/api/notificador';
import { useEmpresas } from '../../../shared/api/parametros';
import { useSesion } from '../../../shared/sesion/almacen-sesion';
import { fecha, fechaHora, numero } from '../../../shared/ui/formato';
import {
  declaracionesPorNumero,
  type FilaDeclaracion,
  type RespuestaLevante,
  useConsultarLevante,
  useHistorialLevante,
} from '../api/aduanas';
import { LevanteManualDialogo } from '../components/levante-manual-dialogo';
import { EtiquetaCanal, EtiquetaLevante } from '../components/etiqueta-levante';
import { aplicarErroresCampo } from '../../../shared/formulario/errores-campo';

const CUATRO_PARTES = /^\d{3}-\d{4}-\d{2}-\d{1,6}$/;

/**
 * operations/DAM: the release query (spec 01 §2 levante dialog, §3 result fields, §5 four-part rule) through
 * the server's provider; each answer is kept with its date and updates the declaration's levante.
 */
export default function DamPage() {
  const { usuario } = useSesion();
  // On a phone the fields go one under the other, full width (inline, the company field ran 65 px off a 390 px screen).
  const movil = !Grid.useBreakpoint().md;
  const [form] = Form.useForm<{ NumeroDeclaracion: string; CodigoEmpresaUsuario?: number }>();
  const consulta = useConsultarLevante();
  const empresas = useEmpresas();
  const [error, setError] = useState<string | null>(null);
  const [resultado, setResultado] = useState<{ declaracion: FilaDeclaracion; respuesta: RespuestaLevante } | null>(
    null,
  );
  const historial = useHistorialLevante(resultado?.declaracion.codigoDeclaracion ?? null);
  // The query off or not answering: the declarations of that number still waiting for their levante, to record by hand.
  const [pendientes, setPendientes] = useState<FilaDeclaracion[] | null>(null);
  const [levante, setLevante] = useState<FilaDeclaracion | null>(null);
  const eligeEmpresa =
    !!usuario && usuario.codigoEmpresaUsuario === EMPRESA_OPERADOR && ROLES_MULTIEMPRESA.includes(usuario.codigoRol);

  const consultar = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setError(null);
    setPendientes(null);
    try {
      const r = await consulta.mutateAsync({
        NumeroDeclaracion: v.NumeroDeclaracion.trim(),
        CodigoEmpresaUsuario: v.CodigoEmpresaUsuario ?? null,
      });
      setResultado(r.data);
      notificar.exito(r.message);
    } catch (e) {
      setResultado(null);
      if (aplicarErroresCampo(form, e)) return;
      // Shown once, under the form where it stays while the user reads it (a toast too said it twice).
      setError(e instanceof ErrorApi ? e.message : MA.levanteInactivo);
      const sinServicio = !(e instanceof ErrorApi) || e.status === 422 || e.status === 503;
      const numero = normalizarNumeroDeclaracion(v.NumeroDeclaracion)?.texto;
      if (sinServicio && numero)
        setPendientes(
          (await declaracionesPorNumero(numero).catch(() => [])).filter(
            (d) => d.requiereLevante && d.estadoLevante !== 1,
          ),
        );
    }
  };
  const r = resultado?.respuesta;
  return (
    <>
      <Typography.Title level={4}>Consulta de levante (DAM)</Typography.Title>
      <Card size="small">
        <Form form={form} layout={movil ? 'vertical' : 'inline'} name="levante" onFinish={consultar}>
          <Form.Item
            name="NumeroDeclaracion"
            label="N° de declaración"
            rules={[
              { required: true, message: 'Este es un campo requerido' },
              { pattern: CUATRO_PARTES, message: MA.numeroFormato },
            ]}
          >
            <Input
              placeholder="172-2026-10-004512"
              maxLength={20}
              aria-label="N° de declaración"
              style={{ width: movil ? '100%' : 220 }}
            />
          </Form.Item>
          {eligeEmpresa ? (
            <Form.Item name="CodigoEmpresaUsuario" label="Empresa (si es nueva)">
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                style={{ width: movil ? '100%' : 280 }}
                aria-label="Empresa usuaria"
                placeholder="Por RUC del importador"
                options={(empresas.data ?? []).map((e) => ({ value: e.codigoEmpresaUsuario, label: e.razonSocial }))}
              />
            </Form.Item>
          ) : null}
          <Button type="primary" htmlType="submit" loading={consulta.isPending}>
            Consultar
          </Button>
        </Form>
        {error ? <Alert style={{ marginTop: 12 }} type="error" title={error} /> : null}
        {pendientes ? (
          <Alert
            style={{ marginTop: 12 }}
            type="info"
            title={
              pendientes.length
                ? 'Sin respuesta de SUNAT puede registrar el levante a mano, con el documento que tuvo a la vista.'
                : 'Sin respuesta de SUNAT: registre primero la declaración en Declaraciones para anotar su levante a mano.'
            }
            action={
              <Space direction="vertical">
                {pendientes.map((d) => (
                  <Button key={d.codigoDeclaracion} size="small" onClick={() => setLevante(d)}>
                    Registrar levante manual{pendientes.length > 1 ? ` (${d.razonSocial})` : ''}
                  </Button>
                ))}
              </Space>
            }
          />
        ) : null}
      </Card>
      {r && resultado ? (
        <Card
          size="small"
          style={{ marginTop: 12 }}
          title={
            <Space>
              Declaración {r.numero} <EtiquetaLevante {...resultado.declaracion} />
            </Space>
          }
        >
          <Descriptions size="small" column={{ xs: 1, md: 3 }} bordered>
            <Descriptions.Item label="Fecha de numeración">{fecha(r.fecha_numeracion)}</Descriptions.Item>
            <Descriptions.Item label="Sujeto a">{r.sujeto_a ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Canal">
              <EtiquetaCanal canal={r.canal} />
            </Descriptions.Item>
            <Descriptions.Item label="Valor FOB">{numero(r.valorFob)}</Descriptions.Item>
            <Descriptions.Item label="Flete">{numero(r.flete)}</Descriptions.Item>
            <Descriptions.Item label="Seguro">{numero(r.seguro)}</Descriptions.Item>
            <Descriptions.Item label="CIF">{numero(r.cif)}</Descriptions.Item>
            <Descriptions.Item label="Peso bruto">{numero(r.peso_bruto, 3)}</Descriptions.Item>
            <Descriptions.Item label="Peso neto">{numero(r.peso_neto, 3)}</Descriptions.Item>
            <Descriptions.Item label="Total bultos">{r.total_bultos ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="N° de series">{r.numero_series ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Importador">
              {r.numero_importador ?? '—'} {r.razon_importador ?? ''}
            </Descriptions.Item>
            <Descriptions.Item label="Levante">
              {r.levante ? `Con levante ${fecha(r.fecha_levante)}` : 'Sin levante'}
            </Descriptions.Item>
            <Descriptions.Item label="Empresa usuaria">{resultado.declaracion.razonSocial}</Descriptions.Item>
            <Descriptions.Item label="Órdenes">
              {resultado.declaracion.ordenes.map((o) => (
                <Tag key={o.codigoMovimiento}>{o.codigoIngreso}</Tag>
              ))}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            Historial de consultas
          </Typography.Title>
          <Table
            size="small"
            rowKey="codigoConsulta"
            loading={historial.isLoading}
            dataSource={historial.data ?? []}
            pagination={false}
            columns={[
              { title: '#', key: 'n', render: (_v, _f, i) => i + 1, width: 50 },
              { title: 'Fecha', dataIndex: 'fechaConsulta', render: (v: string) => fechaHora(v) },
              {
                title: 'Resultado',
                dataIndex: 'levante',
                render: (v: boolean) =>
                  v ? <Tag color="green">Con levante</Tag> : <Tag color="orange">Sin levante</Tag>,
              },
              { title: 'Proveedor', dataIndex: 'proveedor' },
              { title: 'Usuario', dataIndex: 'usuario' },
            ]}
          />
        </Card>
      ) : null}
      <LevanteManualDialogo
        declaracion={levante}
        alCerrar={() => setLevante(null)}
        alRegistrar={(hecha) =>
          setPendientes((l) => l?.filter((d) => d.codigoDeclaracion !== hecha.codigoDeclaracion) ?? null)
        }
      />
    </>
  );
}
