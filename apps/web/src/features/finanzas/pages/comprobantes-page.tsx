import { ListaComprobantes } from '../components/lista-comprobantes';

/** finances/invoices: the electronic vouchers, where the Tesorero lands. */
export default function ComprobantesPage() {
  return <ListaComprobantes titulo="Comprobantes Electrónicos" permitePagar />;
}
