import { apiTablero, type EtapaLineaTiempo } from '@cronos/contract';
import { useQuery } from '@tanstack/react-query';
import { PrinterOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Drawer, Skeleton, Space, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { llamarRuta } from '../api/ruta';
import { fechaHora, numero } from '../ui/formato';
import { Miniatura } from '../ui/imagenes-verificacion';

/** Query key of an order's timeline (the board invalidates ['tablero'] and everything under it). */
export const claveLineaTiempo = (codigoMovimiento: number) => ['tablero', 'linea-tiempo', codigoMovimiento] as const;

export const useLineaTiempo = (codigoMovimiento: number | null) =>
  useQuery({
    queryKey: claveLineaTiempo(codigoMovimiento ?? 0),
    queryFn: async () =>
      (await llamarRuta(apiTablero.lineaTiempo, { query: { CodigoMovimiento: codigoMovimiento ?? 0 } })).data,
    enabled: codigoMovimiento !== null,
  });

const duracion = (min: number) =>
  min < 60
    ? `${min} min`
    : min < 1440
      ? `${Math.floor(min / 60)} h ${min % 60} min`
      : `${Math.floor(min / 1440)} d ${Math.floor((min % 1440) / 60)} h`;

function Pesos({ e }: { e: EtapaLineaTiempo }) {
  const partes = [
    e.pesoBruto !== null
      ? `Bruto ${numero(e.pesoBruto, 3)} kg`
      : e.peso !== null
        ? `Peso ${numero(e.peso, 3)} kg`
        : null,
    e.pesoTara !== null ? `Tara ${numero(e.pesoTara, 3)} kg` : null,
    e.pesoNeto !== null ? `Neto ${numero(e.pesoNeto, 3)} kg` : null,
  ].filter(Boolean);
  return partes.length ? <div>{partes.join(' · ')}</div> : null;
}

/** Downloads the order's printable ticket (A6 PDF with its OP code and QR) as ticket-<OP>.pdf. */
export async function descargarTicket(codigoMovimiento: number, codigoIngreso: string) {
  const blob = await llamarRuta(apiTablero.ticket, { query: { CodigoMovimiento: codigoMovimiento } });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `ticket-${codigoIngreso}.pdf`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A button that downloads an order's ticket; any screen listing orders can show it. */
export function BotonTicket({ codigoMovimiento, codigoIngreso }: { codigoMovimiento: number; codigoIngreso: string }) {
  const [bajando, setBajando] = useState(false);
  return (
    <Button
      icon={<PrinterOutlined />}
      loading={bajando}
      onClick={async () => {
        setBajando(true);
        try {
          await descargarTicket(codigoMovimiento, codigoIngreso);
        } finally {
          setBajando(false);
        }
      }}
    >
      Ticket
    </Button>
  );
}

/** The timeline of one order: every stage with who, when, weights and photos, and the time between stages. */
export function ContenidoLineaTiempo({ codigoMovimiento }: { codigoMovimiento: number }) {
  const q = useLineaTiempo(codigoMovimiento);
  if (q.isError) return <Alert type="error" message="No se pudo cargar la línea de tiempo de la orden" showIcon />;
  const d = q.data;
  if (!d) return <Skeleton active />;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="linea-tiempo">
      <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
        <BotonTicket codigoMovimiento={d.codigoMovimiento} codigoIngreso={d.codigoIngreso} />
      </Space>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label="Orden">{d.codigoIngreso}</Descriptions.Item>
        <Descriptions.Item label="Ticket">{d.numeroTicket ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Empresa">{d.razonSocial}</Descriptions.Item>
        <Descriptions.Item label="Placa">{d.placa ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Tiempo total">{duracion(d.minutosTotales)}</Descriptions.Item>
      </Descriptions>
      <Timeline
        items={[
          {
            color: 'blue',
            children: (
              <div>
                <Typography.Text strong>Registro de la orden</Typography.Text>
                <div>
                  {fechaHora(d.registro)} · {d.usuarioRegistro ?? '—'}
                </div>
              </div>
            ),
          },
          ...d.etapas.map((e) => ({
            color: e.fecha ? (e.finalizado ? 'green' : 'orange') : 'gray',
            children: (
              <div data-testid={`linea-etapa-${e.codigoTipoControl}`}>
                <Space wrap>
                  <Typography.Text strong type={e.fecha ? undefined : 'secondary'}>
                    {e.nombre}
                  </Typography.Text>
                  {e.minutosDesdeAnterior !== null ? <Tag>+{duracion(e.minutosDesdeAnterior)}</Tag> : null}
                  {e.fecha && !e.finalizado ? <Tag color="orange">Sin finalizar</Tag> : null}
                </Space>
                {e.fecha ? (
                  <>
                    <div>
                      {fechaHora(e.fecha)} · {e.usuario ?? '—'}
                      {e.fechaFinalizacion && e.fechaFinalizacion !== e.fecha
                        ? ` · finalizada ${fechaHora(e.fechaFinalizacion)}`
                        : ''}
                    </div>
                    <Pesos e={e} />
                    {e.observacion ? <Typography.Text type="secondary">{e.observacion}</Typography.Text> : null}
                    {e.imagenes.length ? (
                      <Space wrap style={{ marginTop: 4 }}>
                        {e.imagenes.map((i) => (
                          <Miniatura key={i.codigoVerificacionImagen} imagen={i} lado={64} />
                        ))}
                      </Space>
                    ) : null}
                  </>
                ) : (
                  <div>
                    <Typography.Text type="secondary">Pendiente</Typography.Text>
                  </div>
                )}
              </div>
            ),
          })),
        ]}
      />
    </Space>
  );
}

/** The timeline in a drawer: any screen that lists orders can open it (`codigoMovimiento` null: closed). */
export function LineaTiempoOrden({
  codigoMovimiento,
  alCerrar,
}: {
  codigoMovimiento: number | null;
  alCerrar: () => void;
}) {
  return (
    <Drawer
      open={codigoMovimiento !== null}
      onClose={alCerrar}
      width={560}
      title="Línea de tiempo de la orden"
      destroyOnHidden
    >
      {codigoMovimiento !== null ? <ContenidoLineaTiempo codigoMovimiento={codigoMovimiento} /> : null}
    </Drawer>
  );
}
