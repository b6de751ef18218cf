import { ListaComprobantes } from '../components/lista-comprobantes';

/** documento/digital: the repository of signed documents (search, PDF, XML and CDR). */
export default function DocumentoDigitalPage() {
  return <ListaComprobantes titulo="Documento Digital" />;
}
