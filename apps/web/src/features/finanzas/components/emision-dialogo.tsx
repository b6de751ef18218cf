import { AFECTACIONES_IGV, type EmitirComprobante, MONEDAS } from '@cronos/contract';
import { Button, Form, Input, InputNumber, Modal, Select, Space } from 'antd';
import { ErrorApi } from '../../../shared/api/cliente';
import { notificar } from '../../../shared/api/notificador';
import { useEmpresas } from '../../../shared/api/parametros';
import { numero } from '../../../shared/ui/formato';
import { numeroDe, useEmitirComprobante, useTarifasActivas } from '../api';
import { aplicarErroresCampo } from '../../../shared/formulario/errores-campo';

interface Linea {
  codigoServicio?: number | null;
  descripcion?: string;
  cantidad?: number;
  valorUnitario?: number | null;
  afectacionIgv?: '10' | '20' | '30' | null;
}
interface Valores {
  codigoEmpresaUsuario: number;
  tipoComprobante: '01' | '03';
  moneda: 'PEN' | 'USD';
  lineas: Linea[];
  /** A boleta's buyer when a person: DNI and name (both, or neither for the company). */
  persona?: { numeroDocumento?: string; nombre?: string };
}

/**
 * Width of each column of a line. Fixed on the form items, not on their inputs: otherwise the first line's labels
 * and a line's error messages widen their item, and the lines below no longer line up.
 */
const COLUMNAS = { servicio: 240, descripcion: 210, cantidad: 90, valorUnitario: 175, afectacion: 175 } as const;

/** A factura or boleta by hand: lines from a tariff (priced today) or free text with its own value and tax. */
export function EmisionDialogo(p: { abierto: boolean; alCerrar: () => void }) {
  const [form] = Form.useForm<Valores>();
  const empresas = useEmpresas();
  const tarifas = useTarifasActivas();
  const emitir = useEmitirComprobante();
  const lineas = Form.useWatch('lineas', form) ?? [];
  const tipo = Form.useWatch('tipoComprobante', form);

  const guardar = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const data: EmitirComprobante = {
      codigoEmpresaUsuario: v.codigoEmpresaUsuario,
      tipoComprobante: v.tipoComprobante,
      moneda: v.moneda,
      persona:
        v.tipoComprobante === '03' && v.persona?.numeroDocumento
          ? { tipoDocumento: '1', numeroDocumento: v.persona.numeroDocumento, nombre: v.persona.nombre ?? '' }
          : null,
      lineas: v.lineas.map((l) =>
        l.codigoServicio
          ? { codigoServicio: l.codigoServicio, cantidad: l.cantidad ?? 0, descripcion: l.descripcion || undefined }
          : {
              cantidad: l.cantidad ?? 0,
              descripcion: l.descripcion,
              valorUnitario: l.valorUnitario,
              afectacionIgv: l.afectacionIgv,
            },
      ),
    };
    try {
      const r = await emitir.mutateAsync(data);
      notificar.exito(r.message, `${numeroDe(r.data.serie, r.data.numero)} · ${r.data.moneda} ${numero(r.data.total)}`);
      form.resetFields();
      p.alCerrar();
    } catch (e) {
      if (!aplicarErroresCampo(form, e) && !(e instanceof ErrorApi)) throw e;
    }
  };

  return (
    <Modal
      open={p.abierto}
      title="Emitir comprobante"
      okText="Emitir"
      cancelText="Cancelar"
      onOk={guardar}
      onCancel={p.alCerrar}
      confirmLoading={emitir.isPending}
      // A line (service, description, quantity, unit value, tax, remove) fits one row at this width; at 920 px the tax
      // select and "Quitar" wrapped under it, and the lines no longer lined up.
      width={1060}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ tipoComprobante: '01', moneda: 'PEN', lineas: [{ cantidad: 1 }] }}
      >
        <Space wrap align="start">
          <Form.Item
            name="codigoEmpresaUsuario"
            label="Empresa usuaria"
            rules={[{ required: true, message: 'Seleccione la empresa' }]}
          >
            <Select
              showSearch
              optionFilterProp="label"
              // Never wider than the dialog's body (the screen less the dialog's margins and padding, 64 px): on a phone
              // (390 px) 380 px ran past the dialog's right edge.
              style={{ width: 380, maxWidth: 'calc(100vw - 64px)' }}
              loading={empresas.isLoading}
              options={(empresas.data ?? []).map((e) => ({
                value: e.codigoEmpresaUsuario,
                label: `${e.ruc} · ${e.razonSocial}`,
              }))}
            />
          </Form.Item>
          <Form.Item name="tipoComprobante" label="Tipo" rules={[{ required: true }]}>
            <Select
              style={{ width: 140 }}
              options={[
                { value: '01', label: 'Factura' },
                { value: '03', label: 'Boleta' },
              ]}
            />
          </Form.Item>
          <Form.Item name="moneda" label="Moneda" rules={[{ required: true }]}>
            <Select
              style={{ width: 140 }}
              options={Object.entries(MONEDAS).map(([value, label]) => ({ value, label }))}
            />
          </Form.Item>
        </Space>
        {tipo === '03' && (
          // A boleta is a final consumer's voucher: the person who pays (a driver, a visitor), by DNI.
          <Space wrap align="start">
            <Form.Item
              name={['persona', 'numeroDocumento']}
              label="DNI del comprador"
              rules={[{ pattern: /^\d{8}$/, message: 'El DNI debe tener 8 dígitos' }]}
            >
              <Input maxLength={8} style={{ width: 140 }} inputMode="numeric" />
            </Form.Item>
            <Form.Item
              name={['persona', 'nombre']}
              label="Nombre del comprador"
              dependencies={[['persona', 'numeroDocumento']]}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_r, v?: string) =>
                    !getFieldValue(['persona', 'numeroDocumento']) || v?.trim()
                      ? Promise.resolve()
                      : Promise.reject(new Error('Ingrese el nombre del comprador')),
                }),
              ]}
            >
              <Input maxLength={200} style={{ width: 380, maxWidth: 'calc(100vw - 64px)' }} />
            </Form.Item>
          </Space>
        )}
        <Form.List name="lineas">
          {(campos, { add, remove }) => (
            <>
              {campos.map((c, i) => {
                const libre = !lineas[i]?.codigoServicio;
                return (
                  <Space key={c.key} wrap align="start" data-testid={`linea-${i}`}>
                    <Form.Item
                      name={[c.name, 'codigoServicio']}
                      label={i === 0 ? 'Servicio' : undefined}
                      style={{ width: COLUMNAS.servicio }}
                    >
                      <Select
                        allowClear
                        placeholder="Texto libre"
                        options={(tarifas.data ?? []).map((t) => ({
                          value: t.codigoServicio,
                          label: `${t.descripcion} (${t.moneda} ${numero(t.precio ?? '0')})`,
                        }))}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[c.name, 'descripcion']}
                      label={i === 0 ? 'Descripción' : undefined}
                      rules={libre ? [{ required: true, message: 'Ingrese la descripción' }] : []}
                      style={{ width: COLUMNAS.descripcion }}
                    >
                      <Input maxLength={200} placeholder={libre ? '' : 'La del servicio'} />
                    </Form.Item>
                    <Form.Item
                      name={[c.name, 'cantidad']}
                      label={i === 0 ? 'Cantidad' : undefined}
                      rules={[{ required: true, message: 'Ingrese la cantidad' }]}
                      style={{ width: COLUMNAS.cantidad }}
                    >
                      <InputNumber min={0.01} step={1} style={{ width: '100%' }} />
                    </Form.Item>
                    {libre && (
                      <>
                        <Form.Item
                          name={[c.name, 'valorUnitario']}
                          label={i === 0 ? 'Valor unitario (sin IGV)' : undefined}
                          rules={[{ required: true, message: 'Ingrese el valor unitario' }]}
                          style={{ width: COLUMNAS.valorUnitario }}
                        >
                          <InputNumber min={0.01} precision={2} style={{ width: '100%' }} />
                        </Form.Item>
                        <Form.Item
                          name={[c.name, 'afectacionIgv']}
                          label={i === 0 ? 'Afectación' : undefined}
                          rules={[{ required: true, message: 'Seleccione la afectación' }]}
                          style={{ width: COLUMNAS.afectacion }}
                        >
                          <Select
                            options={Object.entries(AFECTACIONES_IGV).map(([value, label]) => ({ value, label }))}
                          />
                        </Form.Item>
                      </>
                    )}
                    {campos.length > 1 && (
                      <Button type="link" danger onClick={() => remove(c.name)} style={{ marginTop: i === 0 ? 30 : 0 }}>
                        Quitar
                      </Button>
                    )}
                  </Space>
                );
              })}
              <Form.Item>
                <Button onClick={() => add({ cantidad: 1 })}>Agregar línea</Button>
              </Form.Item>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
