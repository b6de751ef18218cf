import { apiInventario } from '@cronos/contract';
import { rutaApi } from '../../platform/contrato';
import { ok } from '../../platform/respuesta';
import type { Modulo } from '../tipos';
import { lotesDelKardex } from './inventario.service';

const LEEN = ['operations/order/register', 'inventory/kardex', 'inventory/control'] as const;

/** Almacen/ConsultarKardexStockCodigoCatalogo: the kardex picker's lots of a product. */
const inventarioRutas: Modulo = async (app) => {
  rutaApi(app, apiInventario.lotes, { acceso: { modulo: LEEN, accion: 'listar' }, tags: ['Inventario'] }, async (req) =>
    ok(await lotesDelKardex(req.ctx(), req.query.CodigoCatalogoUsuario, req.query.CodigoEmpresaAlmacen)),
  );
};
export default inventarioRutas;
