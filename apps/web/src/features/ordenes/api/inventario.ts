import { apiInventario } from '@cronos/contract';
import { useQuery } from '@tanstack/react-query';
import { llamarRuta } from '../../../shared/api/ruta';

/** Query keys of the warehouse lots. */
export const clavesInventario = {
  todo: ['inventario'] as const,
  lotes: (codigoCatalogoUsuario: number, codigoEmpresaAlmacen: number) =>
    [...clavesInventario.todo, 'lotes', codigoCatalogoUsuario, codigoEmpresaAlmacen] as const,
};

/** The kardex picker's lots of a product with free stock, oldest first (read fresh each time it opens). */
export const useLotesKardex = (producto: number | null, codigoEmpresaAlmacen: number | null) =>
  useQuery({
    queryKey: clavesInventario.lotes(producto ?? 0, codigoEmpresaAlmacen ?? 0),
    enabled: producto !== null && codigoEmpresaAlmacen !== null,
    staleTime: 0,
    queryFn: async () =>
      (
        await llamarRuta(apiInventario.lotes, {
          query: { CodigoCatalogoUsuario: producto ?? 0, CodigoEmpresaAlmacen: codigoEmpresaAlmacen ?? 0 },
        })
      ).data,
  });
