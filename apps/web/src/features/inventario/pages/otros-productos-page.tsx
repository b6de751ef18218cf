import { StockLotes } from '../components/stock-lotes';

/** Otros Productos (inventory/otherProducts): stock by lot of every existence type except 02. */
export default function OtrosProductosPage() {
  return <StockLotes tipo="otros" titulo="Otros productos (mercaderías, materias primas, envases y demás)" />;
}
