import { apiAduanas, apiAjustes, apiFinanzas, type FormularioBalanza, type ProveedorExterno } from '@cronos/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorApi } from '../../../shared/api/cliente';
import { llamarRuta } from '../../../shared/api/ruta';

/** Query keys of the settings hub. */
export const clavesAjustes = {
  todo: ['ajustes'] as const,
  balanzas: () => [...clavesAjustes.todo, 'balanzas'] as const,
  lista: (tipoControl: number, tipoIngreso: string) =>
    [...clavesAjustes.todo, 'lista', tipoControl, tipoIngreso] as const,
  /**
   * Named by the contract route, not under `todo`: finance «Parámetros y tarifas» edits the same credit/block
   * days and invalidates this key by the same route (see `claveParametrosFinanzas` for the other way).
   */
  plazos: () => ['ruta', apiAjustes.plazos.ruta] as const,
  tolerancia: () => [...clavesAjustes.todo, 'tolerancia'] as const,
  consultas: () => [...clavesAjustes.todo, 'consultas'] as const,
};

/** Finance's query of the same credit/block days (its feature keys it by this contract route). */
const claveParametrosFinanzas = ['ruta', apiFinanzas.parametros.ruta] as const;

export const useBalanzas = (activo: boolean) =>
  useQuery({
    queryKey: clavesAjustes.balanzas(),
    queryFn: async () => (await llamarRuta(apiAjustes.balanzas)).data,
    enabled: activo,
  });

export function useGuardarBalanza() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (data: FormularioBalanza) => llamarRuta(apiAjustes.guardarBalanza, { body: { data } }),
    onSuccess: () => cliente.invalidateQueries({ queryKey: clavesAjustes.balanzas() }),
  });
}

export const useProbarBalanza = () =>
  useMutation({
    mutationFn: async (data: FormularioBalanza) =>
      (await llamarRuta(apiAjustes.probarBalanza, { body: { data } })).data,
  });

export const useListaControl = (tipoControl: number, tipoIngreso: string, activo: boolean) =>
  useQuery({
    queryKey: clavesAjustes.lista(tipoControl, tipoIngreso),
    queryFn: async () =>
      (await llamarRuta(apiAjustes.listaControl, { query: { TipoControl: tipoControl, TipoIngreso: tipoIngreso } }))
        .data,
    enabled: activo,
  });

export function useGuardarItemControl() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (data: {
      codigoDetalleTipoControl?: number;
      codigoTipoControl: number;
      codigoTipoIngreso: string;
      codigoTipoCarga: number;
      descripcion: string;
    }) => llamarRuta(apiAjustes.guardarItemControl, { body: { data } }),
    onSuccess: (_r, d) =>
      cliente.invalidateQueries({ queryKey: clavesAjustes.lista(d.codigoTipoControl, d.codigoTipoIngreso) }),
  });
}

export function useOrdenarLista() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (data: { codigoTipoControl: number; codigoTipoIngreso: string; codigos: number[] }) =>
      llamarRuta(apiAjustes.ordenarListaControl, { body: { data } }),
    onSuccess: (_r, d) =>
      cliente.invalidateQueries({ queryKey: clavesAjustes.lista(d.codigoTipoControl, d.codigoTipoIngreso) }),
  });
}

export function useEstadoItem(tipoControl: number, tipoIngreso: string) {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (data: { codigoDetalleTipoControl: number; activo: boolean }) =>
      llamarRuta(apiAjustes.estadoItemControl, { body: { data } }),
    onSuccess: () => cliente.invalidateQueries({ queryKey: clavesAjustes.lista(tipoControl, tipoIngreso) }),
  });
}

export const usePlazos = (activo: boolean) =>
  useQuery({
    queryKey: clavesAjustes.plazos(),
    queryFn: async () => (await llamarRuta(apiAjustes.plazos)).data,
    enabled: activo,
  });

export function useGuardarPlazoConteo() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (plazoJustificacionHoras: number) =>
      llamarRuta(apiAjustes.guardarPlazoConteo, { body: { data: { plazoJustificacionHoras } } }),
    onSuccess: () => cliente.invalidateQueries({ queryKey: clavesAjustes.plazos() }),
  });
}

/**
 * Saves the credit/block days with the version read. Saved or refused because someone saved them meanwhile
 * (409, whose message the global notice shows), both screens that show these days read them again.
 */
export function useGuardarDeuda() {
  const cliente = useQueryClient();
  const releer = () =>
    Promise.all([
      cliente.invalidateQueries({ queryKey: clavesAjustes.plazos() }),
      cliente.invalidateQueries({ queryKey: claveParametrosFinanzas }),
    ]);
  return useMutation({
    mutationFn: (data: { diasCredito: number; diasBloqueo: number; versionDeuda?: number }) =>
      llamarRuta(apiAjustes.guardarDeuda, { body: { data } }),
    onSuccess: releer,
    onError: (e) => {
      if (e instanceof ErrorApi && e.status === 409) void releer();
    },
  });
}

/** Customs tolerances keep their own routes (aduanas module). */
export const useTolerancia = (activo: boolean) =>
  useQuery({
    queryKey: clavesAjustes.tolerancia(),
    queryFn: async () => (await llamarRuta(apiAduanas.tolerancia)).data,
    enabled: activo,
  });

export function useGuardarTolerancia() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (data: { porcentajePeso: number; bultos: number }) =>
      llamarRuta(apiAduanas.guardarTolerancia, { body: { data } }),
    onSuccess: () => cliente.invalidateQueries({ queryKey: clavesAjustes.tolerancia() }),
  });
}

export const useConsultasExternas = (activo: boolean) =>
  useQuery({
    queryKey: clavesAjustes.consultas(),
    queryFn: async () => (await llamarRuta(apiAjustes.consultasExternas)).data,
    enabled: activo,
  });

export function useGuardarConsultaExterna() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (data: { codigo: ProveedorExterno; activo: boolean }) =>
      llamarRuta(apiAjustes.guardarConsultaExterna, { body: { data } }),
    onSuccess: (r) => cliente.setQueryData(clavesAjustes.consultas(), r.data),
  });
}
