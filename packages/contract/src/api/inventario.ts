import { z } from 'zod';
import { entero } from '../comun';
import { instante, ruta, sobre } from './definicion';

/** A lot with free stock, as the warehouse kardex picker lists it (spec 01 §3 Kardex row). */
export const loteKardex = z.object({
  codigoLote: z.number().int(),
  producto: z.string(),
  numeroDocumento: z.string(),
  /** Free stock of the lot (stock − reserved). */
  cantidadStock: z.number(),
  fechaIngreso: instante(),
  /** The quantity the picker starts from (0). */
  cantidad: z.number(),
});
export type LoteKardex = z.infer<typeof loteKardex>;

/** Warehouse stock of the order form (the Almacen routes of the order area). */
export const apiInventario = {
  lotes: ruta({
    metodo: 'GET',
    ruta: '/Almacen/ConsultarKardexStockCodigoCatalogo',
    resumen: 'Lotes con stock libre de un producto en un almacén, los más antiguos primero',
    query: z.object({ CodigoCatalogoUsuario: entero().positive(), CodigoEmpresaAlmacen: entero().positive() }),
    respuesta: sobre(z.array(loteKardex)),
  }),
};
