import {
  apiAduanas,
  type FilaConciliacion,
  type FilaDeclaracion,
  type FormularioDeclaracion,
  type RespuestaLevante,
} from '@cronos/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { descargarComo } from '../../../shared/api/descarga';
import type { SeguimientoDescarga } from '../../../shared/descarga/descarga-en-curso';
import { llamarRuta } from '../../../shared/api/ruta';
import { claveLista } from '../../../shared/tabla/use-lista-paginada';

export type { FilaConciliacion, FilaDeclaracion, FormularioDeclaracion, RespuestaLevante };

/** Query keys of the customs area: one factory, so each change names what it refreshes. */
export const clavesAduanas = {
  todo: ['aduanas'] as const,
  declaraciones: () => claveLista(apiAduanas.listar),
  conciliacion: () => claveLista(apiAduanas.conciliacion),
  tolerancia: () => [...clavesAduanas.todo, 'tolerancia'] as const,
  historiales: () => [...clavesAduanas.todo, 'historial'] as const,
  historial: (codigo: number | null) => [...clavesAduanas.historiales(), codigo] as const,
};

function useInvalidar() {
  const cliente = useQueryClient();
  return () => {
    void cliente.invalidateQueries({ queryKey: clavesAduanas.declaraciones() });
    void cliente.invalidateQueries({ queryKey: clavesAduanas.conciliacion() });
    void cliente.invalidateQueries({ queryKey: clavesAduanas.historiales() });
  };
}

export function useGuardarDeclaracion() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: async (data: FormularioDeclaracion) =>
      llamarRuta(apiAduanas.guardar, { body: { data }, manejar: [409, 422] }),
    onSuccess: invalidar,
  });
}

/** Customs documents of an order (by its OP code), to create a declaration from one of them. */
export function useDocumentosOrden(codigoIngreso: string | null) {
  return useQuery({
    queryKey: [...clavesAduanas.todo, 'documentos', codigoIngreso] as const,
    enabled: !!codigoIngreso,
    retry: false,
    queryFn: async () =>
      (
        await llamarRuta(apiAduanas.documentosDeOrden, {
          query: { CodigoIngreso: codigoIngreso ?? '' },
          manejar: [404],
        })
      ).data,
  });
}

export function useDesdeDocumento() {
  const invalidar = useInvalidar();
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: async (codigoMovimientoDocumento: number) =>
      llamarRuta(apiAduanas.desdeDocumento, { body: { data: { codigoMovimientoDocumento } }, manejar: [409, 422] }),
    onSuccess: () => {
      invalidar();
      void cliente.invalidateQueries({ queryKey: [...clavesAduanas.todo, 'documentos'] });
    },
  });
}

export function useVincularOrden() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: async (data: { codigoDeclaracion: number; codigoIngreso: string }) =>
      llamarRuta(apiAduanas.vincular, { body: { data }, manejar: [409, 422] }),
    onSuccess: invalidar,
  });
}

export function useTolerancia() {
  return useQuery({
    queryKey: clavesAduanas.tolerancia(),
    queryFn: async () => (await llamarRuta(apiAduanas.tolerancia)).data,
  });
}

export function useGuardarTolerancia() {
  const cliente = useQueryClient();
  return useMutation({
    /** `leida`: the figures the form was filled with (a save from figures changed since is refused, 409). */
    mutationFn: async (data: {
      porcentajePeso: number;
      bultos: number;
      leida?: { porcentajePeso: number; bultos: number } | undefined;
    }) => llamarRuta(apiAduanas.guardarTolerancia, { body: { data }, manejar: [422] }),
    onSuccess: () => {
      void cliente.invalidateQueries({ queryKey: clavesAduanas.tolerancia() });
      void cliente.invalidateQueries({ queryKey: clavesAduanas.conciliacion() });
    },
    // Refused because someone else changed them: the form shows their figures.
    onError: () => void cliente.invalidateQueries({ queryKey: clavesAduanas.tolerancia() }),
  });
}

/** The declarations (every company the user sees) with this four-part number: the DAM screen's manual levante. */
export const declaracionesPorNumero = async (numero: string) =>
  (
    await llamarRuta(apiAduanas.listar, {
      query: { Columna: 'D.NUMERO_DECLARACION', Valor: numero, limit: 10, PageNumber: 1, CodigoEmpresaUsuario: -1 },
    })
  ).data.filter((d) => d.numeroDeclaracion === numero);

/** A levante recorded by hand (the release query off or not answering): date and the document seen. */
export function useLevanteManual() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: async (data: {
      codigoDeclaracion: number;
      fechaLevante: string;
      documento: string;
      version?: number;
    }) => llamarRuta(apiAduanas.levanteManual, { body: { data }, manejar: [409, 422] }),
    onSuccess: invalidar,
  });
}

/** The release query: the spec's messages (422 switch off, 503 provider down, 404 unknown) shown by the screen. */
export function useConsultarLevante() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: async (data: { NumeroDeclaracion: string; CodigoEmpresaUsuario?: number | null }) =>
      llamarRuta(apiAduanas.consultarLevante, { body: { data }, manejar: [404, 422, 503] }),
    onSuccess: invalidar,
  });
}

export function useHistorialLevante(codigo: number | null) {
  return useQuery({
    queryKey: clavesAduanas.historial(codigo),
    enabled: codigo !== null,
    queryFn: async () =>
      (await llamarRuta(apiAduanas.historialLevante, { query: { CodigoDeclaracion: codigo ?? 0 } })).data,
  });
}

/** The register's Excel with the list's filters; `seguimiento` follows and cancels it (useDescargaEnCurso). */
export const descargarExcel = (
  query: { CodigoEmpresaUsuario?: number; Columna?: string; Valor?: string; DesdeFecha?: string; HastaFecha?: string },
  nombre: string,
  seguimiento?: SeguimientoDescarga,
) => descargarComo((s) => llamarRuta(apiAduanas.exportar, { query, ...s }), nombre, seguimiento);
