import { StockLotes } from '../components/stock-lotes';

/** Productos Terminados (inventory/finishedProducts): stock by lot of existence type 02. */
export default function ProductosTerminadosPage() {
  return <StockLotes tipo="terminados" titulo="Productos terminados (tipo de existencia 02)" />;
}
