import { apiConteo } from '@cronos/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificar } from '../../../shared/api/notificador';
import { llamarRuta } from '../../../shared/api/ruta';
import { claveLista } from '../../../shared/tabla/use-lista-paginada';
import { clavesInventario, guardarArchivo } from './kardex';

export const clavesConteo = {
  todo: [...clavesInventario.todo, 'conteo'] as const,
  lista: () => claveLista(apiConteo.listar),
  detalle: (id: number) => [...clavesConteo.todo, 'detalle', id] as const,
};

export function useConteo(id: number | null) {
  return useQuery({
    queryKey: clavesConteo.detalle(id ?? 0),
    enabled: id !== null,
    queryFn: async () => (await llamarRuta(apiConteo.consultar, { query: { CodigoConteo: id ?? 0 } })).data,
  });
}

/** Every count mutation refreshes the list, the count and the kardex (adjustments are ledger entries). */
function useMutacionConteo<A, R extends { message: string }>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (r) => {
      if (r.message) notificar.exito(r.message);
      qc.invalidateQueries({ queryKey: clavesConteo.lista() });
      qc.invalidateQueries({ queryKey: clavesConteo.todo });
      qc.invalidateQueries({ queryKey: clavesInventario.kardex() });
    },
  });
}

export const useAbrirConteo = () =>
  useMutacionConteo((body: { codigoEmpresaUsuario: number; productos?: number[]; observacion?: string }) =>
    llamarRuta(apiConteo.abrir, { body }),
  );
export const useRegistrarConteo = () =>
  useMutacionConteo(
    (body: {
      codigoConteo: number;
      version: number;
      lineas: { codigoConteoDetalle: number; cantidadContada: number }[];
    }) => llamarRuta(apiConteo.registrar, { body }),
  );
export const useImportarConteo = () =>
  useMutacionConteo((p: { codigoConteo: number; archivo: File }) => {
    const datos = new FormData();
    datos.append('CodigoConteo', String(p.codigoConteo));
    datos.append('archivo', p.archivo);
    return llamarRuta(apiConteo.importar, { body: datos as never });
  });
export const useJustificarConteo = () =>
  useMutacionConteo(
    (body: { codigoConteo: number; lineas: { codigoConteoDetalle: number; justificacion: string }[] }) =>
      llamarRuta(apiConteo.justificar, { body }),
  );
export const useResolverConteo = () =>
  useMutacionConteo((body: { codigoConteo: number; lineas: { codigoConteoDetalle: number; aprobar: boolean }[] }) =>
    llamarRuta(apiConteo.resolver, { body }),
  );

export const useDescargaConteo = () =>
  useMutation({
    mutationFn: async (p: { id: number; tipo: 'plantilla' | 'acta' }) =>
      p.tipo === 'plantilla'
        ? guardarArchivo(
            await llamarRuta(apiConteo.plantilla, { query: { CodigoConteo: p.id } }),
            `Conteo-${p.id}.xlsx`,
          )
        : window.open(
            URL.createObjectURL(await llamarRuta(apiConteo.acta, { query: { CodigoConteo: p.id } })),
            '_blank',
            'noopener',
          ),
  });
