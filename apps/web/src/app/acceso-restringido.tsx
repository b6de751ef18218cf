import { MENSAJES } from '@cronos/contract';
import { Result } from 'antd';
import { BotonIr } from '../shared/ui/boton-ir';

/** A typed address outside the user's menu: one clear page instead of an empty screen and a refused load. */
export default function PaginaSinPermiso() {
  return (
    <Result
      status="403"
      title="Acceso restringido"
      subTitle={MENSAJES.sinPermisos}
      style={{ paddingTop: 24 }}
      extra={
        <BotonIr type="primary" a="/app/dashboard">
          Volver al inicio
        </BotonIr>
      }
    />
  );
}
