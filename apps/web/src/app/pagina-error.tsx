import { Result } from 'antd';
import { BotonIr } from '../shared/ui/boton-ir';

/** /error and unknown paths (spec 01 §2). */
export function PaginaError({ dentro = false }: { dentro?: boolean }) {
  return (
    <Result
      status="404"
      title="Página no encontrada"
      subTitle="La dirección que intentó abrir no existe o ya no está disponible."
      style={{ paddingTop: dentro ? 24 : 96 }}
      extra={
        <BotonIr type="primary" a="/app/dashboard">
          Volver al inicio
        </BotonIr>
      }
    />
  );
}
