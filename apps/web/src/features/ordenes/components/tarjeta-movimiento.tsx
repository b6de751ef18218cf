import { cortarTiposMovimiento, MENSAJES, PARAMETRO } from '@cronos/contract';
import { Card, Col, DatePicker, Form, type FormInstance, Radio, Row, Select, Space, TimePicker, Input } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useEmpresas, useOpcionesParametro } from '../../../shared/api/parametros';

const REQ = { required: true, message: MENSAJES.requerido };
const col = (n: number) => ({ xs: 24, md: n });
const antesDeAyer = (d: dayjs.Dayjs) => d.isBefore(dayjs().subtract(1, 'day'), 'day');

/**
 * 'Datos del Movimiento': company (roles 1, 2, 4 of the operator; pedestrian: levels 1 and 4), operation type
 * (the list loses its last three entries unless it holds two), merchandise, country, via, customs, date and
 * time; edit mode locks them and offers the date switch 'Actual/Nueva' (spec 01 §4, §6).
 */
export function TarjetaMovimiento(p: {
  form: FormInstance;
  v: Record<string, unknown>;
  vehicular: boolean;
  eligeEmpresa: boolean;
  bloqueados: boolean;
  edicion: boolean;
  fechaNueva: boolean;
  setFechaNueva: (x: boolean) => void;
  extra: ReactNode;
}) {
  const { v, vehicular, bloqueados } = p;
  const empresas = useEmpresas();
  const op = useOpcionesParametro(PARAMETRO.tipoOperacion);
  const mercaderia = useOpcionesParametro(PARAMETRO.tipoMercaderia);
  const paises = useOpcionesParametro(PARAMETRO.pais);
  const vias = useOpcionesParametro(PARAMETRO.via);
  const aduanas = useOpcionesParametro(PARAMETRO.aduanaSalida);
  const elegirMercaderia = (m: string) => {
    if (m === 'NAC') p.form.setFieldsValue({ paisProcedencia: 'PE', codigoDestinoProcedenciaMercancia: 2 });
    else p.form.setFieldsValue({ paisProcedencia: undefined, codigoDestinoProcedenciaMercancia: 1 });
  };
  return (
    <Card title="Datos del Movimiento" size="small" style={{ marginBottom: 16 }} extra={p.extra}>
      <Row gutter={12}>
        {p.eligeEmpresa ? (
          <Col {...col(8)}>
            <Form.Item name="codigoEmpresaUsuario" label="Empresa usuaria" rules={[REQ]}>
              <Select
                showSearch
                optionFilterProp="label"
                disabled={bloqueados}
                aria-label="Empresa usuaria"
                options={(empresas.data ?? []).map((e) => ({ value: e.codigoEmpresaUsuario, label: e.razonSocial }))}
              />
            </Form.Item>
          </Col>
        ) : null}
        <Col {...col(4)}>
          <Form.Item name="codigoTipoOperacion" label="Tipo de operación" rules={[REQ]}>
            <Select
              options={cortarTiposMovimiento(op.opciones).map((o) => ({ ...o, value: Number(o.value) }))}
              disabled={bloqueados}
              aria-label="Tipo de operación"
            />
          </Form.Item>
        </Col>
        {vehicular ? (
          <>
            <Col {...col(4)}>
              <Form.Item name="codigoTipoMercaderia" label="Tipo de mercancía" rules={[REQ]}>
                <Select
                  options={mercaderia.opciones}
                  disabled={bloqueados}
                  onChange={elegirMercaderia}
                  aria-label="Tipo de mercancía"
                />
              </Form.Item>
            </Col>
            <Col {...col(4)}>
              <Form.Item name="paisProcedencia" label="País" rules={[REQ]}>
                <Select
                  showSearch
                  optionFilterProp="label"
                  disabled={bloqueados}
                  aria-label="País"
                  options={paises.opciones.map((o) => ({
                    ...o,
                    disabled: o.value === 'PE' && v.codigoTipoMercaderia === 'EXP',
                  }))}
                />
              </Form.Item>
            </Col>
            <Col {...col(4)}>
              <Form.Item name="codigoVia" label="Vía" rules={[REQ]}>
                <Select options={vias.opciones} disabled={bloqueados} aria-label="Vía" />
              </Form.Item>
            </Col>
            <Col {...col(4)}>
              <Form.Item name="codigoSalidaAduana" label="Aduana" rules={[REQ]}>
                <Select options={aduanas.opciones} disabled={bloqueados} aria-label="Aduana" />
              </Form.Item>
            </Col>
          </>
        ) : (
          <Col {...col(4)}>
            <Form.Item
              name="numeroDeclaracion"
              label="N° de declaración"
              rules={[
                ...(v.codigoTipoOperacion === 2 ? [REQ] : []),
                { pattern: /^\d{0,6}$/, message: 'Solo números, máximo 6 dígitos' },
              ]}
            >
              <Input maxLength={6} aria-label="N° de declaración" />
            </Form.Item>
          </Col>
        )}
        <Col {...col(4)}>
          <Form.Item name="fecha" label="Fecha" rules={[REQ]}>
            <DatePicker format="DD/MM/YYYY" disabled={p.edicion} disabledDate={antesDeAyer} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col {...col(3)}>
          <Form.Item name="hora" label="Hora" rules={[REQ]}>
            <TimePicker format="HH:mm" disabled={p.edicion} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        {p.edicion ? (
          <Col {...col(9)}>
            <Form.Item label="Fecha del movimiento">
              <Space wrap>
                <Radio.Group
                  value={p.fechaNueva ? 'nueva' : 'actual'}
                  onChange={(e) => p.setFechaNueva(e.target.value === 'nueva')}
                >
                  <Radio.Button value="actual">Actual</Radio.Button>
                  <Radio.Button value="nueva">Nueva</Radio.Button>
                </Radio.Group>
                {p.fechaNueva ? (
                  <>
                    <Form.Item name="fechaNueva" noStyle rules={[REQ]}>
                      <DatePicker format="DD/MM/YYYY" disabledDate={antesDeAyer} style={{ width: '100%' }} />
                    </Form.Item>
                    <Form.Item name="horaNueva" noStyle rules={[REQ]}>
                      <TimePicker format="HH:mm" />
                    </Form.Item>
                  </>
                ) : null}
              </Space>
            </Form.Item>
          </Col>
        ) : null}
      </Row>
    </Card>
  );
}
