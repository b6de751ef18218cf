import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

type Pagina = LazyExoticComponent<ComponentType>;
type Cargador = () => Promise<{ default: ComponentType }>;
/** Each screen's download, by page: the router preloads the screen of the address a visit opens on. */
const CARGADORES = new Map<Pagina, Cargador>();
const p = (cargar: Cargador): Pagina => {
  const pagina = lazy(cargar);
  CARGADORES.set(pagina, cargar);
  return pagina;
};

/**
 * Screen of each route (the path under /app). Every screen is its own chunk (route-level code splitting).
 * One line per screen; routes of the table without a line here show the 'no disponible' page.
 */
export const PAGINAS: Record<string, Pagina> = {
  dashboard: p(() => import('../features/inicio/pages/dashboard-page')),
  'all-settings': p(() => import('../features/inicio/pages/ajustes-page')),
  novedades: p(() => import('../features/novedades/pages/novedades-page')),
  support: p(() => import('../features/soporte/pages/soporte-page')),
  'operations/order/register': p(() => import('../features/ordenes/pages/registro-orden-page')),
  'operations/manufacture': p(() => import('../features/certificados/pages/certificados-page')),
  'operations/Declarations': p(() => import('../features/aduanas/pages/declaraciones-page')),
  'operations/DeclarationsControl': p(() => import('../features/aduanas/pages/control-declaraciones-page')),
  'operations/DAM': p(() => import('../features/aduanas/pages/dam-page')),
  'operations/openingContainer': p(() => import('../features/aduanas/pages/apertura-contenedor-page')),
  'administration/users': p(() => import('../features/administracion/pages/usuarios-page')),
  'administration/staff': p(() => import('../features/administracion/pages/administradores-page')),
  'administration/products': p(() => import('../features/administracion/pages/productos-page')),
  'administration/trucks': p(() => import('../features/administracion/pages/transportistas-page')),
  'administration/parametters': p(() => import('../features/administracion/pages/parametros-page')),
  'administration/company': p(() => import('../features/administracion/pages/empresa-page')),
  'administration/workers': p(() => import('../features/administracion/pages/trabajadores-page')),
  'reports/MovementMerchandise': p(() => import('../features/reportes/pages/reporte-movimientos-page')),
  'settings/catalogs': p(() => import('../features/aranceles/pages/partidas-page')),
  'security/income': p(() => import('../features/etapas/pages/control-seguridad-page')),
  'security/exit': p(() => import('../features/etapas/pages/control-salida-page')),
  'balanza/firstScales': p(() => import('../features/etapas/pages/pesaje-page')),
  'balanza/secondScales': p(() => import('../features/etapas/pages/pesaje-salida-page')),
  'operator/income': p(() => import('../features/etapas/pages/verificacion-page')),
  'operator/exit': p(() => import('../features/etapas/pages/verificacion-salida-page')),
  'operator/list': p(() => import('../features/etapas/pages/revision-page')),
  'operator/check': p(() => import('../features/etapas/pages/observadas-page')),
  'finances/invoices': p(() => import('../features/finanzas/pages/comprobantes-page')),
  'finances/tasks': p(() => import('../features/finanzas/pages/tareas-page')),
  'finances/trucks': p(() => import('../features/finanzas/pages/renovacion-transportistas-page')),
  'finances/importador': p(() => import('../features/finanzas/pages/renovacion-importadores-page')),
  'finances/Payments': p(() => import('../features/finanzas/pages/pagos-page')),
  'reports/Finances': p(() => import('../features/finanzas/pages/reporte-deuda-page')),
  'documento/digital': p(() => import('../features/finanzas/pages/documento-digital-page')),
  'inventory/control': p(() => import('../features/inventario/pages/control-page')),
  'inventory/kardex': p(() => import('../features/inventario/pages/kardex-page')),
  'inventory/finishedProducts': p(() => import('../features/inventario/pages/productos-terminados-page')),
  'inventory/otherProducts': p(() => import('../features/inventario/pages/otros-productos-page')),
  'inventory/controlInventory': p(() => import('../features/inventario/pages/control-inventario-page')),
  'industry/cip': p(() => import('../features/cip/pages/cip-page')),
};

/** Routes with parameters, beyond the route table (spec 01 §2). */
export const PAGINAS_CON_PARAMETROS: { ruta: string; pagina: Pagina }[] = [
  { ruta: 'operator/images', pagina: p(() => import('../features/etapas/pages/imagenes-page')) },
  {
    ruta: 'operations/order/register/:movimientoId/:movimientoIngreso',
    pagina: p(() => import('../features/ordenes/pages/editar-orden-page')),
  },
  {
    ruta: 'operations/order/documents/:movimientoId',
    pagina: p(() => import('../features/ordenes/pages/documentos-movimiento-page')),
  },
  {
    ruta: 'operations/order/timeline/:movimientoId',
    pagina: p(() => import('../features/inicio/pages/linea-tiempo-page')),
  },
  { ruta: 'operations/order/trucks', pagina: p(() => import('../features/ordenes/pages/camiones-page')) },
  {
    ruta: 'operations/order/register/:movementCode',
    pagina: p(() => import('../features/ordenes/pages/editar-orden-page')),
  },
];

export const PAGINA_NO_DISPONIBLE = p(() => import('../features/no-disponible/pages/no-disponible-page'));

/**
 * Starts downloading the screen of an /app address (a reload, a bookmark, a link from a notification) at the
 * same time as Ant Design and the layout, instead of after them.
 */
export function precargarPagina(ruta: string) {
  const resto = ruta.replace(/^\/app\/?/, '').replace(/\/$/, '');
  const pagina =
    PAGINAS[resto] ??
    PAGINAS_CON_PARAMETROS.find(({ ruta: patron }) => new RegExp(`^${patron.replace(/:[^/]+/g, '[^/]+')}$`).test(resto))
      ?.pagina;
  const cargar = pagina ? CARGADORES.get(pagina) : undefined;
  if (cargar) void cargar();
}
