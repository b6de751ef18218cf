import { ControlSeguridad } from './control-seguridad-page';

export default function ControlSalidaPage() {
  return <ControlSeguridad salida />;
}
