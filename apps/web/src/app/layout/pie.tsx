import { Layout } from 'antd';

/** Footer with the support contact (spec 01 §1). */
export function Pie() {
  return (
    <Layout.Footer style={{ textAlign: 'center', padding: '16px', color: '#5d6778', fontSize: 13 }}>
      Cronos · Zona Franca de Tacna — Soporte: <a href="mailto:soporte@zofratacna.demo">soporte@zofratacna.demo</a> ·
      (052) 583 000 · lunes a viernes de 8:00 a 17:00
    </Layout.Footer>
  );
}
