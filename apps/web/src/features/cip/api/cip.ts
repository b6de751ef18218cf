import {
  apiCip,
  EMPRESA_OPERADOR,
  fechaLima,
  type GuardarCipEntrada,
  type RegistrarProduccionEntrada,
} from '@cronos/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { descargarComo } from '../../../shared/api/descarga';
import type { SeguimientoDescarga } from '../../../shared/descarga/descarga-en-curso';
import { notificar } from '../../../shared/api/notificador';
import { llamarRuta } from '../../../shared/api/ruta';
import { useSesion } from '../../../shared/sesion/almacen-sesion';
import { claveLista } from '../../../shared/tabla/use-lista-paginada';

/** Query keys of the industry area (CIP and production reports). */
export const clavesCip = {
  todo: ['cip'] as const,
  lista: () => claveLista(apiCip.listar),
  producciones: () => claveLista(apiCip.listarProduccion),
  detalle: (id: number) => [...clavesCip.todo, 'detalle', id] as const,
  productos: (tipo: 'terminados' | 'insumos', buscar = '') => [...clavesCip.todo, 'productos', tipo, buscar] as const,
};

/** Operator reviewers (company 1, roles 1 and 2) approve or observe; companies write and report. */
export function useRevisorCip() {
  const { usuario } = useSesion();
  return usuario?.codigoEmpresaUsuario === EMPRESA_OPERADOR && [1, 2].includes(usuario.codigoRol);
}

export function useCip(id: number | null) {
  return useQuery({
    queryKey: clavesCip.detalle(id ?? 0),
    enabled: id !== null,
    queryFn: async () => (await llamarRuta(apiCip.consultar, { query: { CodigoCip: id ?? 0 } })).data,
  });
}

/** Up to 50 products of the company, those whose description or internal code contains `buscar`. */
export function useProductosCip(tipo: 'terminados' | 'insumos', buscar = '', habilitada = true) {
  return useQuery({
    queryKey: clavesCip.productos(tipo, buscar),
    enabled: habilitada,
    placeholderData: keepPreviousData,
    queryFn: async () =>
      (await llamarRuta(apiCip.productos, { query: { Tipo: tipo, Buscar: buscar || undefined } })).data,
  });
}

function useMutacionCip<A, R extends { message: string }>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (r) => {
      if (r.message) notificar.exito(r.message);
      qc.invalidateQueries({ queryKey: clavesCip.todo });
      qc.invalidateQueries({ queryKey: clavesCip.lista() });
      qc.invalidateQueries({ queryKey: clavesCip.producciones() });
    },
  });
}

export const useGuardarCip = () => useMutacionCip((body: GuardarCipEntrada) => llamarRuta(apiCip.guardar, { body }));
export const useEnviarCip = () =>
  useMutacionCip((body: { codigoCip: number; version: number }) => llamarRuta(apiCip.enviar, { body }));
export const useRevisarCip = () =>
  useMutacionCip(
    (body: { codigoCip: number; decision: 'APROBAR' | 'OBSERVAR'; observacion?: string; version: number }) =>
      llamarRuta(apiCip.revisar, { body }),
  );
export const useRegistrarProduccion = () =>
  useMutacionCip((body: RegistrarProduccionEntrada) => llamarRuta(apiCip.registrarProduccion, { body }));

/** The register's Excel; `seguimiento` follows and cancels it (useDescargaEnCurso). */
export const descargarExcelCip = (seguimiento?: SeguimientoDescarga) =>
  descargarComo(
    (s) => llamarRuta(apiCip.exportar, { query: {}, ...s }),
    `CIP-${fechaLima(new Date())}.xlsx`,
    seguimiento,
  );
export const descargarPdfCip = (id: number, version: number) =>
  descargarComo(() => llamarRuta(apiCip.pdf, { query: { CodigoCip: id } }), `CIP-${id}-v${version}.pdf`);
