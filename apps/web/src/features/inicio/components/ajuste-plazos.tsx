import { App, Button, Form, Grid, InputNumber, Skeleton, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { useGuardarDeuda, useGuardarPlazoConteo, useGuardarTolerancia, usePlazos, useTolerancia } from '../api/ajustes';
import { aplicarErroresCampo } from '../../../shared/formulario/errores-campo';

export function SeccionPlazos({ conteo, deuda, aduanas }: { conteo: boolean; deuda: boolean; aduanas: boolean }) {
  const plazos = usePlazos(conteo || deuda);
  const tolerancia = useTolerancia(aduanas);
  const guardarPlazo = useGuardarPlazoConteo();
  const guardarDeuda = useGuardarDeuda();
  const guardarTolerancia = useGuardarTolerancia();
  const [fPlazo] = Form.useForm<{ plazoJustificacionHoras: number }>();
  const [fDeuda] = Form.useForm<{ diasCredito: number; diasBloqueo: number }>();
  const [fTol] = Form.useForm<{ porcentajePeso: number; bultos: number }>();
  const { message } = App.useApp();
  // On a phone a label and its field do not fit side by side (the 'horas' of the counting deadline fell off the
  // card): below the sm breakpoint each label goes above its field.
  const disposicion = Grid.useBreakpoint().sm === false ? 'vertical' : 'inline';
  // The same days are edited in finance «Parámetros y tarifas»: when they are read again (saved there, or a 409
  // here because they were), the form shows the values in force, and saves with the version they came with.
  const d = plazos.data;
  useEffect(() => {
    if (deuda && d) fDeuda.setFieldsValue({ diasCredito: d.diasCredito, diasBloqueo: d.diasBloqueo });
  }, [deuda, d, fDeuda]);
  if ((conteo || deuda) && plazos.isLoading) return <Skeleton active />;
  if (aduanas && tolerancia.isLoading) return <Skeleton active />;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="large">
      {aduanas && tolerancia.data ? (
        <Form
          form={fTol}
          layout={disposicion}
          style={{ rowGap: 8 }}
          initialValues={tolerancia.data}
          onFinish={async (v) => {
            try {
              message.success((await guardarTolerancia.mutateAsync(v)).message);
            } catch (e) {
              aplicarErroresCampo(fTol, e);
            }
          }}
        >
          <Typography.Text strong style={{ width: '100%' }}>
            Control de declaraciones (aduanas)
          </Typography.Text>
          <Form.Item name="porcentajePeso" label="Tolerancia de peso">
            <InputNumber min={0} max={100} step={0.5} addonAfter="%" />
          </Form.Item>
          <Form.Item name="bultos" label="Tolerancia de bultos">
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
          <Button htmlType="submit" loading={guardarTolerancia.isPending}>
            Actualizar tolerancias
          </Button>
        </Form>
      ) : null}
      {conteo && plazos.data ? (
        <Form
          form={fPlazo}
          layout={disposicion}
          style={{ rowGap: 8 }}
          initialValues={{ plazoJustificacionHoras: plazos.data.plazoJustificacionHoras }}
          onFinish={async (v) => {
            try {
              message.success((await guardarPlazo.mutateAsync(v.plazoJustificacionHoras)).message);
            } catch (e) {
              aplicarErroresCampo(fPlazo, e);
            }
          }}
        >
          <Typography.Text strong style={{ width: '100%' }}>
            Conteos de inventario
          </Typography.Text>
          <Form.Item name="plazoJustificacionHoras" label="Plazo para justificar diferencias">
            <InputNumber min={1} max={720} precision={0} addonAfter="horas" />
          </Form.Item>
          <Button htmlType="submit" loading={guardarPlazo.isPending}>
            Actualizar plazo
          </Button>
        </Form>
      ) : null}
      {deuda && plazos.data ? (
        <Form
          form={fDeuda}
          layout={disposicion}
          style={{ rowGap: 8 }}
          initialValues={{ diasCredito: plazos.data.diasCredito, diasBloqueo: plazos.data.diasBloqueo }}
          onFinish={async (v) => {
            try {
              message.success(
                (await guardarDeuda.mutateAsync({ ...v, versionDeuda: plazos.data?.versionDeuda })).message,
              );
            } catch (e) {
              aplicarErroresCampo(fDeuda, e);
            }
          }}
        >
          <Typography.Text strong style={{ width: '100%' }}>
            Deuda (bloqueo en garita)
          </Typography.Text>
          <Form.Item name="diasCredito" label="Días de crédito">
            <InputNumber min={0} max={365} precision={0} />
          </Form.Item>
          <Form.Item name="diasBloqueo" label="Días de atraso que bloquean">
            <InputNumber min={0} max={365} precision={0} />
          </Form.Item>
          {/* Shown from the cache while they are read again (saved in finance meanwhile): saving then would send the
              old version and be refused, so the button waits for the values in force. */}
          <Button htmlType="submit" loading={guardarDeuda.isPending} disabled={plazos.isFetching}>
            Actualizar días
          </Button>
        </Form>
      ) : null}
    </Space>
  );
}
