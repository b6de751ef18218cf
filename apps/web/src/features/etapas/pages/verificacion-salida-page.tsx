import { Verificacion } from './verificacion-page';

export default function VerificacionSalidaPage() {
  return <Verificacion tipo={5} />;
}
