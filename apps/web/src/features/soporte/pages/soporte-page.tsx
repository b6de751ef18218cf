import { ClockCircleOutlined, MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { Card, Descriptions, Typography } from 'antd';

export default function SoportePage() {
  return (
    <Card title="Soporte">
      <Typography.Paragraph>
        Si tiene problemas con el sistema, comuníquese con la mesa de ayuda del operador de la zona franca. Indique su
        usuario, la pantalla y el código de la orden si corresponde.
      </Typography.Paragraph>
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item
          label={
            <>
              <MailOutlined /> Correo
            </>
          }
        >
          <a href="mailto:soporte@zofratacna.demo">soporte@zofratacna.demo</a>
        </Descriptions.Item>
        <Descriptions.Item
          label={
            <>
              <PhoneOutlined /> Teléfono
            </>
          }
        >
          (052) 583 000 anexo 210
        </Descriptions.Item>
        <Descriptions.Item
          label={
            <>
              <ClockCircleOutlined /> Horario
            </>
          }
        >
          Lunes a viernes de 8:00 a 17:00; garita: 24 horas
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
