import { MENSAJES } from '@cronos/contract';
import { Button, Result } from 'antd';
import { Link } from 'react-router';

/** A typed address outside the user's menu: one clear page instead of an empty screen and a refused load. */
export default function PaginaSinPermiso() {
  return (
    <Result
      status="403"
      title="Acceso restringido"
      subTitle={MENSAJES.sinPermisos}
      style={{ paddingTop: 24 }}
      extra={
        <Link to="/app/dashboard">
          <Button type="primary">Volver al inicio</Button>
        </Link>
      }
    />
  );
}
