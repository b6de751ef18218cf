import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { ResultadoVerificacion } from '@cronos/contract';
import { Button, Card, Form, Input, Result, Spin, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { ErrorApi } from '../../../shared/api/cliente';
import { fecha } from '../../../shared/ui/formato';
import { MENSAJE_VERIFICACION_FALLIDA, useVerificacion } from '../api';

const NO_VALIDO: ResultadoVerificacion = {
  numeroCertificado: '',
  valido: false,
  estado: 'NO_VALIDO',
  fechaEmision: null,
  fechaFinVigencia: null,
};

function Veredicto({ r }: { r: ResultadoVerificacion }) {
  if (r.estado === 'VIGENTE') {
    return (
      <Result
        status="success"
        title="Certificado válido"
        subTitle={`El certificado de manufactura ${r.numeroCertificado} es auténtico y se encuentra vigente hasta el ${fecha(r.fechaFinVigencia)}.`}
      />
    );
  }
  if (r.estado === 'VENCIDO' || r.estado === 'NO_VIGENTE_AUN') {
    return (
      <Result
        status="warning"
        title={r.estado === 'VENCIDO' ? 'Certificado vencido' : 'Certificado aún no vigente'}
        subTitle={`El certificado ${r.numeroCertificado} es auténtico pero no está vigente (vigencia del ${fecha(r.fechaEmision)} al ${fecha(r.fechaFinVigencia)}).`}
      />
    );
  }
  return (
    <Result
      status="error"
      title="Certificado no válido"
      subTitle="El número o el código de verificación no corresponden a un certificado emitido."
    />
  );
}

/**
 * Public verification of a manufacture certificate (outside /app, no login): the QR of the PDF opens this page
 * with ?numero&codigo. It says only whether the certificate is genuine and valid.
 */
export default function VerificacionCertificadoPage() {
  const [params, setParams] = useSearchParams();
  const numero = params.get('numero') ?? '';
  const codigo = params.get('codigo') ?? '';
  const verificacion = useVerificacion(numero, codigo);
  const resultado = verificacion.data;
  // A number or code the server refuses as such (too long, a control character from a garbled link) names no
  // certificate: it is not valid, and 'Intente nuevamente' would only send the reader round in circles.
  const numeroImposible =
    verificacion.error instanceof ErrorApi && verificacion.error.status >= 400 && verificacion.error.status < 500;

  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f5f5f5', padding: 16 }}>
      <Card style={{ width: '100%', maxWidth: 560 }}>
        <Typography.Title level={4} style={{ textAlign: 'center' }}>
          <SafetyCertificateOutlined /> Verificación de Certificado de Manufactura
        </Typography.Title>
        {verificacion.isFetching ? (
          <div style={{ textAlign: 'center', padding: 24 }}>
            <Spin />
          </div>
        ) : numeroImposible ? (
          <Veredicto r={{ ...NO_VALIDO, numeroCertificado: numero }} />
        ) : verificacion.isError ? (
          <Result status="warning" title={MENSAJE_VERIFICACION_FALLIDA} />
        ) : resultado && numero ? (
          <Veredicto r={resultado} />
        ) : null}
        <Form
          layout="vertical"
          initialValues={{ numero, codigo }}
          key={`${numero}|${codigo}`}
          onFinish={(v: { numero: string; codigo: string }) =>
            setParams({ numero: v.numero.trim(), codigo: (v.codigo ?? '').trim() })
          }
        >
          <Form.Item name="numero" label="N° de certificado" rules={[{ required: true, message: 'Ingrese el número' }]}>
            <Input placeholder="CM-2026-000001" maxLength={40} />
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
