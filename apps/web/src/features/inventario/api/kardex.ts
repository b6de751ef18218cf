import { apiKardex, type ConsultaExportarKardex, EMPRESA_OPERADOR, ROLES_MULTIEMPRESA } from '@cronos/contract';
import { useQuery } from '@tanstack/react-query';
import { llamarRuta } from '../../../shared/api/ruta';
import { useSesion } from '../../../shared/sesion/almacen-sesion';
import { guardarArchivo } from '../../../shared/api/descarga';
import type { SeguimientoDescarga } from '../../../shared/descarga/descarga-en-curso';
import { numero } from '../../../shared/ui/formato';

export { guardarArchivo };

/** Query keys of the inventory area: one factory, so every invalidation names what it refreshes. */
export const clavesInventario = {
  todo: ['inventario'] as const,
  kardex: () => [...clavesInventario.todo, 'kardex'] as const,
  productos: (empresa: number, texto: string, soloConStock = false) =>
    [...clavesInventario.todo, 'productos', empresa, texto, soloConStock] as const,
  lotes: (producto: number) => [...clavesInventario.todo, 'lotes', producto] as const,
  stock: (tipo: string) => [...clavesInventario.todo, 'stock', tipo] as const,
};

/** Operator staff (company 1, roles 1, 2, 4) choose the company; everybody else reads their own. */
export function useEligeEmpresa() {
  const { usuario } = useSesion();
  return usuario?.codigoEmpresaUsuario === EMPRESA_OPERADOR && ROLES_MULTIEMPRESA.includes(usuario.codigoRol);
}

export function useProductosKardex(empresa: number, texto: string, habilitada: boolean, soloConStock = false) {
  return useQuery({
    queryKey: clavesInventario.productos(empresa, texto, soloConStock),
    enabled: habilitada,
    queryFn: async () =>
      (
        await llamarRuta(apiKardex.productos, {
          query: {
            CodigoEmpresaUsuario: empresa,
            Descripcion: texto || undefined,
            SoloConStock: soloConStock ? 'true' : undefined,
          },
        })
      ).data,
  });
}

/** A product as the pickers offer it: description, internal code and its balance at the end. */
export const etiquetaProducto = (p: { descripcion: string; codigoInterno: string | null; saldo: number }) =>
  `${p.descripcion}${p.codigoInterno ? ` (${p.codigoInterno})` : ''} — saldo ${numero(p.saldo, 3)}`;

export function useLotesProducto(producto: number | null) {
  return useQuery({
    queryKey: clavesInventario.lotes(producto ?? 0),
    enabled: producto !== null,
    queryFn: async () => (await llamarRuta(apiKardex.lotes, { query: { CodigoCatalogoUsuario: producto ?? 0 } })).data,
  });
}

/** The SUNAT 12.1 / 13.1 file of a product or of a company's products for a period. */
export const exportarKardex = async (
  p: { query: Partial<ConsultaExportarKardex>; nombre: string },
  seguimiento?: SeguimientoDescarga,
) =>
  guardarArchivo(
    await llamarRuta(apiKardex.exportar, { query: p.query as ConsultaExportarKardex, ...seguimiento }),
    p.nombre,
  );
