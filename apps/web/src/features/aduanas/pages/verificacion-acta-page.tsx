import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Result, Spin, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { fechaHora } from '../../../shared/ui/formato';
import { useVerificacionActa } from '../api/actas';

/** Public check of a container opening act (outside /app, no login): the QR of its PDF opens this page. */
export default function VerificacionActaPage() {
  const [params, setParams] = useSearchParams();
  const numero = params.get('numero') ?? '';
  const codigo = params.get('codigo') ?? '';
  const v = useVerificacionActa(numero, codigo);
  const r = v.data;
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f5f5f5', padding: 16 }}>
      <Card style={{ width: '100%', maxWidth: 560 }}>
        <Typography.Title level={4} style={{ textAlign: 'center' }}>
          <SafetyCertificateOutlined /> Verificación de Acta de Apertura de Contenedor
        </Typography.Title>
        {v.isFetching ? (
          <div style={{ textAlign: 'center', padding: 24 }}>
            <Spin />
          </div>
        ) : v.isError ? (
          <Result status="warning" title="No se pudo verificar el acta. Intente nuevamente." />
        ) : r && numero ? (
          r.valido ? (
            <Result
              status="success"
              title="Acta válida"
              subTitle={`El acta ${r.numeroActa} es auténtica: apertura del contenedor ${r.numeroContenedor} de la orden ${r.codigoIngreso} el ${fechaHora(r.fechaApertura)}.`}
            />
          ) : (
            <Result
              status="error"
              title="Acta no válida"
              subTitle="El número o el código de verificación no corresponden a un acta registrada."
            />
          )
        ) : null}
        <Form
          layout="vertical"
          initialValues={{ numero, codigo }}
          key={`${numero}|${codigo}`}
          onFinish={(x: { numero: string; codigo: string }) =>
            setParams({ numero: x.numero.trim(), codigo: x.codigo.trim() })
          }
        >
          <Form.Item name="numero" label="N° de acta" rules={[{ required: true, message: 'Ingrese el número' }]}>
            <Input placeholder="AC-2026-000001" maxLength={20} />
          </Form.Item>
          <Form.Item
            name="codigo"
            label="Código de verificación"
            rules={[{ required: true, message: 'Ingrese el código' }]}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block>
            Verificar
          </Button>
        </Form>
      </Card>
    </div>
  );
}
