import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type DetalleCip, insumoCipEntrada } from '@cronos/contract';
import { Alert, Button, DatePicker, Form, type FormRule, Input, InputNumber, Modal, Select, Space } from 'antd';
import type { z } from 'zod';
import dayjs, { type Dayjs } from 'dayjs';
import { ErrorApi } from '../../../shared/api/cliente';
import { enLima } from '../../../shared/ui/formato';
import { useGuardarCip } from '../api/cip';
import { SelectorProductoCip, useProductosConocidos } from './selector-producto';

interface Valores {
  codigoCatalogoUsuario?: number;
  vigencia?: [Dayjs, Dayjs | null];
  inicio?: Dayjs;
  fin?: Dayjs | null;
  descripcion?: string;
  insumos: {
    codigoCatalogoUsuario?: number;
    cantidadPorUnidad?: number;
    codigoUnidadMedida?: string;
    porcentajeMerma?: number;
    porcentajeResiduo?: number;
  }[];
}

/** A field checked by the contract's own schema: an out-of-range value is refused with its message, never clamped. */
export const reglaCampo = (esquema: z.ZodType): FormRule => ({
  validator: async (_r, v: unknown) => {
    if (v === null || v === undefined || v === '') return;
    const r = esquema.safeParse(v);
    if (!r.success) throw new Error(r.error.issues[0]?.message ?? 'Valor no válido');
  },
});

/**
 * Field errors of a refused save, one line each, named by the input's product (its code and description), never
 * by the request's path ('insumos.0'). A production report's shortfall ('insumos.N', 'lotes.N') already names
 * the input in its message: it is shown as it is.
 */
export function ErroresApi({ error, nombreInsumo }: { error: unknown; nombreInsumo?: (indice: number) => string }) {
  if (!(error instanceof ErrorApi) || !error.errors) return null;
  const nombre = (k: string) => {
    const n = /^insumos\.(\d+)\.[^.]+$/.exec(k);
    if (n) return nombreInsumo?.(Number(n[1])) ?? `Insumo ${Number(n[1]) + 1}`;
    return CAMPOS_CIP[k] ?? null;
  };
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 12 }}
      message={error.message}
      description={Object.entries(error.errors).map(([k, v]) => {
        const n = nombre(k);
        return <div key={k}>{n ? `${n}: ${v.join(', ')}` : v.join(', ')}</div>;
      })}
    />
  );
}

/** Names of the request's fields a user knows by their label. */
const CAMPOS_CIP: Record<string, string> = {
  codigoCatalogoUsuario: 'Producto terminado',
  fechaInicioVigencia: 'Vigencia desde',
  fechaFinVigencia: 'Vigencia hasta',
  fechaProduccion: 'Fecha de producción',
  cantidad: 'Cantidad producida',
  pesoNeto: 'Peso neto',
  pesoBruto: 'Peso bruto',
  descripcion: 'Descripción del proceso',
};

/** Writes a new CIP version (or edits a draft/observed one): finished product, validity, inputs. */
export function CipEditor({ actual, alCerrar }: { actual?: DetalleCip; alCerrar: (id?: number) => void }) {
  const [form] = Form.useForm<Valores>();
  const guardar = useGuardarCip();
  const { conocidos, alConocer } = useProductosConocidos();
  const unidadesDe = (codigo?: number, actualUnidad?: string) => {
    const u = (codigo ? conocidos.get(codigo)?.unidades : undefined) ?? [];
    return actualUnidad && !u.includes(actualUnidad) ? [actualUnidad, ...u] : u;
  };
  const etiquetaInsumo = (codigo?: number) => {
    const d = actual?.detalle.find((x) => x.codigoCatalogoUsuario === codigo);
    return d ? `${d.insumo} (${d.codigoUnidadMedidaInsumo})` : undefined;
  };
  const iniciales: Valores = actual
    ? {
        codigoCatalogoUsuario: actual.codigoCatalogoUsuario,
        inicio: dayjs(actual.fechaInicioVigencia),
        fin: actual.fechaFinVigencia ? dayjs(actual.fechaFinVigencia) : null,
        descripcion: actual.descripcion ?? '',
        insumos: actual.detalle.map((d) => ({
          codigoCatalogoUsuario: d.codigoCatalogoUsuario,
          cantidadPorUnidad: d.cantidadPorUnidad,
          codigoUnidadMedida: d.codigoUnidadMedida,
          porcentajeMerma: d.porcentajeMerma,
          porcentajeResiduo: d.porcentajeResiduo,
        })),
      }
    : { inicio: enLima(new Date()), insumos: [{}] };

  return (
    <Modal
      open
      width={980}
      title={actual ? `Editar CIP — versión ${actual.numeroVersion}` : 'Nuevo CIP (cuadro insumo-producto)'}
      okText="Guardar borrador"
      okButtonProps={{ loading: guardar.isPending }}
      onCancel={() => alCerrar()}
      onOk={async () => {
        // A field left wrong is marked on the form and a refusal is listed above it (ErroresApi): neither may
        // escape as an unhandled rejection.
        const v = await form.validateFields().catch(() => null);
        if (!v) return;
        const r = await guardar
          .mutateAsync({
            codigoCip: actual?.codigoCip,
            version: actual?.version,
            codigoCatalogoUsuario: v.codigoCatalogoUsuario ?? 0,
            fechaInicioVigencia: (v.inicio ?? enLima(new Date())).format('YYYY-MM-DD'),
            fechaFinVigencia: v.fin ? v.fin.format('YYYY-MM-DD') : null,
            descripcion: v.descripcion || null,
            insumos: (v.insumos ?? []).map((i) => ({
              codigoCatalogoUsuario: i.codigoCatalogoUsuario ?? 0,
              cantidadPorUnidad: i.cantidadPorUnidad ?? 0,
              codigoUnidadMedida: i.codigoUnidadMedida ?? '',
              porcentajeMerma: i.porcentajeMerma ?? 0,
              porcentajeResiduo: i.porcentajeResiduo ?? 0,
            })),
          })
          .catch(() => null);
        if (r) alCerrar(r.data.codigoCip);
      }}
      destroyOnHidden
    >
      <ErroresApi
        error={guardar.error}
        nombreInsumo={(n) => {
          const codigo = form.getFieldValue(['insumos', n, 'codigoCatalogoUsuario']) as number | undefined;
          const p = codigo ? conocidos.get(codigo) : undefined;
          if (p) return [p.codigoInterno, p.descripcion].filter(Boolean).join(' ');
          return etiquetaInsumo(codigo) ?? `Insumo ${n + 1}`;
        }}
      />
      <Form form={form} layout="vertical" initialValues={iniciales} requiredMark>
        <Space wrap align="start">
          <Form.Item
            name="codigoCatalogoUsuario"
            label="Producto terminado"
            rules={[{ required: true, message: 'Debe seleccionar el producto terminado' }]}
            // Never wider than the dialog's body (the screen less the dialog's margins and padding, 64 px): on a phone
            // (390 px) 380 px ran past the dialog's right edge.
            style={{ width: 380, maxWidth: 'calc(100vw - 64px)' }}
          >
            <SelectorProductoCip
              tipo="terminados"
              conocidos={conocidos}
              alConocer={alConocer}
              etiquetaInicial={actual ? `${actual.producto} (${actual.codigoUnidadMedida})` : undefined}
              disabled={Boolean(actual)}
              placeholder="Producto terminado (tipo 02)"
            />
          </Form.Item>
          <Form.Item name="inicio" label="Vigencia desde" rules={[{ required: true, message: 'Indique la fecha' }]}>
            <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="fin" label="Vigencia hasta">
            <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
          </Form.Item>
        </Space>
        <Form.Item name="descripcion" label="Descripción del proceso">
          <Input maxLength={400} />
        </Form.Item>
        <Form.List name="insumos">
          {(campos, { add, remove }) => (
            <>
              {campos.map((c, n) => (
                <Space key={c.key} align="start" wrap>
                  <Form.Item
                    name={[c.name, 'codigoCatalogoUsuario']}
                    label={n === 0 ? 'Insumo' : undefined}
                    rules={[{ required: true, message: 'Seleccione el insumo' }]}
                    style={{ width: 300 }}
                  >
                    <SelectorProductoCip
                      aria-label={`Insumo ${n + 1}`}
                      tipo="insumos"
                      conocidos={conocidos}
                      alConocer={alConocer}
                      etiquetaInicial={etiquetaInsumo(form.getFieldValue(['insumos', c.name, 'codigoCatalogoUsuario']))}
                      placeholder="Insumo (escriba para buscar)"
                      onChange={(codigo: number) =>
                        form.setFieldValue(['insumos', c.name, 'codigoUnidadMedida'], unidadesDe(codigo)[0])
                      }
                    />
                  </Form.Item>
                  <Form.Item
                    name={[c.name, 'cantidadPorUnidad']}
                    label={n === 0 ? 'Cantidad por unidad' : undefined}
                    rules={[
                      { required: true, message: 'Indique la cantidad' },
                      reglaCampo(insumoCipEntrada.shape.cantidadPorUnidad),
                    ]}
                  >
                    <InputNumber aria-label={`Cantidad por unidad ${n + 1}`} step={0.001} style={{ width: 140 }} />
                  </Form.Item>
                  <Form.Item noStyle shouldUpdate>
                    {() => (
                      <Form.Item
                        name={[c.name, 'codigoUnidadMedida']}
                        label={n === 0 ? 'Unidad' : undefined}
                        rules={[{ required: true, message: 'Unidad' }]}
                      >
                        <Select
                          aria-label={`Unidad ${n + 1}`}
                          style={{ width: 100 }}
                          options={unidadesDe(
                            form.getFieldValue(['insumos', c.name, 'codigoCatalogoUsuario']),
                            form.getFieldValue(['insumos', c.name, 'codigoUnidadMedida']),
                          ).map((u) => ({ value: u, label: u }))}
                        />
                      </Form.Item>
                    )}
                  </Form.Item>
                  <Form.Item
                    name={[c.name, 'porcentajeMerma']}
                    label={n === 0 ? 'Merma %' : undefined}
                    rules={[reglaCampo(insumoCipEntrada.shape.porcentajeMerma)]}
                  >
                    <InputNumber aria-label={`Merma % ${n + 1}`} style={{ width: 100 }} />
                  </Form.Item>
                  <Form.Item
                    name={[c.name, 'porcentajeResiduo']}
                    label={n === 0 ? 'Residuo %' : undefined}
                    rules={[reglaCampo(insumoCipEntrada.shape.porcentajeResiduo)]}
                  >
                    <InputNumber aria-label={`Residuo % ${n + 1}`} style={{ width: 100 }} />
                  </Form.Item>
                  <Button
                    aria-label={`Quitar insumo ${n + 1}`}
                    icon={<DeleteOutlined />}
                    style={n === 0 ? { marginTop: 30 } : undefined}
                    onClick={() => remove(c.name)}
                  />
                </Space>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({})}>
                Agregar insumo
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
