import { CANALES, MENSAJES_ADUANAS as MA, PARAMETRO } from '@cronos/contract';
import { Button, Col, DatePicker, Form, Input, InputNumber, Modal, Row, Select, Space, Switch } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { ErrorApi } from '../../../shared/api/cliente';
import { notificar } from '../../../shared/api/notificador';
import { useEmpresas, useOpcionesParametro } from '../../../shared/api/parametros';
import { fechaApi } from '../../../shared/ui/formato';
import { type FilaDeclaracion, useGuardarDeclaracion } from '../api/aduanas';
import { aplicarErroresCampo } from '../../../shared/formulario/errores-campo';
import { EtiquetaLevante } from './etiqueta-levante';
import { LevanteManualDialogo } from './levante-manual-dialogo';

const CUATRO_PARTES = /^\d{3}-\d{4}-\d{2}-\d{1,6}$/;
const REQUERIDO = 'Este es un campo requerido';

interface Valores {
  codigoEmpresaUsuario?: number;
  numeroDeclaracion: string;
  fechaNumeracion?: dayjs.Dayjs | null;
  rucImportador?: string;
  razonImportador?: string;
  valorFob?: number;
  flete?: number;
  seguro?: number;
  pesoBruto?: number;
  pesoNeto?: number;
  totalBultos?: number;
  numeroSeries?: number;
  canal?: string | null;
  requiereLevante: boolean;
}

/**
 * Register or edit a declaration (DOMAIN.md §12). The number is checked here for its four parts and on the
 * server against the customs-office and regime lookups; CIF is FOB + freight + insurance.
 */
export function DeclaracionDialogo(p: {
  abierta: boolean;
  declaracion: FilaDeclaracion | null;
  eligeEmpresa: boolean;
  alCerrar: () => void;
}) {
  const [form] = Form.useForm<Valores>();
  const guardar = useGuardarDeclaracion();
  const empresas = useEmpresas();
  const aduanas = useOpcionesParametro(PARAMETRO.aduanaSalida);
  const regimenes = useOpcionesParametro(PARAMETRO.regimenAduanero);
  const d = p.declaracion;
  const [levante, setLevante] = useState<FilaDeclaracion | null>(null);
  useEffect(() => {
    if (!p.abierta) return;
    form.resetFields();
    if (d)
      form.setFieldsValue({
        ...d,
        rucImportador: d.rucImportador ?? undefined,
        razonImportador: d.razonImportador ?? undefined,
        fechaNumeracion: d.fechaNumeracion ? dayjs(d.fechaNumeracion) : null,
      });
  }, [p.abierta, d, form]);
  const fob = Form.useWatch('valorFob', form) ?? 0;
  const flete = Form.useWatch('flete', form) ?? 0;
  const seguro = Form.useWatch('seguro', form) ?? 0;
  const numero = Form.useWatch('numeroDeclaracion', form) ?? '';
  const partes = CUATRO_PARTES.test(numero) ? numero.split('-') : null;
  const nombreAduana = partes ? aduanas.opciones.find((o) => o.value === partes[0])?.label : null;
  const nombreRegimen = partes ? regimenes.opciones.find((o) => o.value === partes[2])?.label : null;

  const enviar = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      const r = await guardar.mutateAsync({
        ...v,
        codigoDeclaracion: d?.codigoDeclaracion ?? null,
        version: d?.version ?? null,
        fechaNumeracion: v.fechaNumeracion ? fechaApi(v.fechaNumeracion) : null,
        rucImportador: v.rucImportador || null,
        canal: (v.canal as (typeof CANALES)[number] | null | undefined) ?? null,
      });
      notificar.exito(r.message);
      p.alCerrar();
    } catch (e) {
      if (aplicarErroresCampo(form, e)) return;
      if (e instanceof ErrorApi) notificar.error(e.message);
    }
  };

  return (
    <Modal
      title={d ? `Modificar declaración ${d.numeroDeclaracion}` : 'Registrar declaración'}
      open={p.abierta}
      onCancel={p.alCerrar}
      onOk={enviar}
      okText="Guardar"
      cancelText="Cancelar"
      confirmLoading={guardar.isPending}
      width={760}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="declaracion" initialValues={{ requiereLevante: true }}>
        <Row gutter={12}>
          {p.eligeEmpresa && !d ? (
            <Col span={24}>
              <Form.Item
                name="codigoEmpresaUsuario"
                label="Empresa usuaria"
                rules={[{ required: true, message: REQUERIDO }]}
              >
                <Select
                  showSearch
                  optionFilterProp="label"
                  aria-label="Empresa usuaria"
                  options={(empresas.data ?? []).map((e) => ({ value: e.codigoEmpresaUsuario, label: e.razonSocial }))}
                />
              </Form.Item>
            </Col>
          ) : null}
          <Col xs={24} md={12}>
            <Form.Item
              name="numeroDeclaracion"
              label="N° de declaración (aduana-año-régimen-número)"
              extra={
                partes ? `${nombreAduana ?? 'Aduana desconocida'} · ${nombreRegimen ?? 'Régimen desconocido'}` : null
              }
              rules={[
                { required: true, message: REQUERIDO },
                { pattern: CUATRO_PARTES, message: MA.numeroFormato },
              ]}
            >
              <Input placeholder="172-2026-10-004512" maxLength={20} aria-label="N° de declaración" />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="fechaNumeracion" label="Fecha de numeración">
              <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} aria-label="Fecha de numeración" />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="canal" label="Canal">
              <Select
                allowClear
                aria-label="Canal"
                options={CANALES.map((c) => ({ value: c, label: c[0]?.toUpperCase() + c.slice(1) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="rucImportador"
              label="RUC importador"
              rules={[{ pattern: /^\d{11}$/, message: 'El RUC debe tener 11 dígitos' }]}
            >
              <Input maxLength={11} aria-label="RUC importador" />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item name="razonImportador" label="Importador">
              <Input maxLength={200} aria-label="Importador" />
            </Form.Item>
          </Col>
          {(
            [
              ['valorFob', 'FOB (USD)'],
              ['flete', 'Flete (USD)'],
              ['seguro', 'Seguro (USD)'],
            ] as const
          ).map(([n, l]) => (
            <Col xs={12} md={6} key={n}>
              <Form.Item name={n} label={l}>
                <InputNumber min={0} precision={2} style={{ width: '100%' }} aria-label={l} />
              </Form.Item>
            </Col>
          ))}
          <Col xs={12} md={6}>
            <Form.Item label="CIF (USD)">
              <InputNumber
                value={Math.round((fob + flete + seguro) * 100) / 100}
                precision={2}
                disabled
                style={{ width: '100%' }}
                aria-label="CIF"
              />
            </Form.Item>
          </Col>
          {(
            [
              ['pesoBruto', 'Peso bruto (kg)', 3],
              ['pesoNeto', 'Peso neto (kg)', 3],
              ['totalBultos', 'Bultos', 0],
              ['numeroSeries', 'Series', 0],
            ] as const
          ).map(([n, l, dec]) => (
            <Col xs={12} md={6} key={n}>
              <Form.Item name={n} label={l}>
                <InputNumber min={0} precision={dec} style={{ width: '100%' }} aria-label={l} />
              </Form.Item>
            </Col>
          ))}
          <Col xs={24} md={12}>
            <Form.Item name="requiereLevante" label="Requiere levante para salir" valuePropName="checked">
              <Switch aria-label="Requiere levante" />
            </Form.Item>
          </Col>
          {d ? (
            <Col xs={24} md={12}>
              <Form.Item label="Levante">
                <Space wrap>
                  <EtiquetaLevante {...d} />
                  {d.requiereLevante && d.estadoLevante !== 1 ? (
                    <Button size="small" onClick={() => setLevante(d)}>
                      Registrar levante manual
                    </Button>
                  ) : null}
                </Space>
              </Form.Item>
            </Col>
          ) : null}
        </Row>
      </Form>
      {/* The levante changes the declaration's version: this form, read before it, closes with it. */}
      <LevanteManualDialogo declaracion={levante} alCerrar={() => setLevante(null)} alRegistrar={p.alCerrar} />
    </Modal>
  );
}
