import { Pesaje } from './pesaje-page';

export default function PesajeSalidaPage() {
  return <Pesaje salida />;
}
