import {
  apiParametros,
  apiReporte,
  MENSAJES_REPORTE,
  PARAMETRO,
  REPORTES,
  RUTA_REPORTE,
  type TipoReporte,
} from '@cronos/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { notificar } from '../../../shared/api/notificador';
import { llamarRuta } from '../../../shared/api/ruta';
import { guardarArchivo } from '../../../shared/api/descarga';
import type { SeguimientoDescarga } from '../../../shared/descarga/descarga-en-curso';

export interface FiltroPantalla {
  tipo: TipoReporte;
  CodigoEmpresaUsuario?: number;
  CodigoTipoOperacion?: number;
  CodigoEstadoMovimiento: number;
  DesdeFecha?: string;
  HastaFecha?: string;
}

/** One run of Generar and the page the table shows. `corrida` numbers the runs (one per Generar). */
export interface ConsultaReporte {
  filtro: FiltroPantalla;
  corrida: number;
  pagina: number;
  porPagina: number;
}

/** Query keys of the movements report: one factory, so every invalidation names what it refreshes. */
export const clavesReporte = {
  todo: ['reporte'] as const,
  consultas: () => [...clavesReporte.todo, 'consulta'] as const,
  consulta: (c: ConsultaReporte) => [...clavesReporte.consultas(), c] as const,
  estados: () => [...clavesReporte.todo, 'estados'] as const,
};

/** The query parameters of the spec's calls (spec 03 §3.11) for a filter. */
export const parametrosDe = (f: FiltroPantalla) => ({
  CodigoEmpresaUsuario: f.CodigoEmpresaUsuario ?? -1,
  CodigoTipoOperacion: REPORTES[f.tipo].filtroTipoMovimiento ? (f.CodigoTipoOperacion ?? 0) : 0,
  CodigoEstadoMovimiento: REPORTES[f.tipo].filtroEstado ? f.CodigoEstadoMovimiento : 0,
  DesdeFecha: f.DesdeFecha,
  HastaFecha: f.HastaFecha,
  TipoReporte: f.tipo,
});

/**
 * A page of the report of a run (none before the first Generar). While another page of the same run loads,
 * the table keeps the rows it shows.
 */
export function useReporte(c: ConsultaReporte | null) {
  return useQuery({
    queryKey: c ? clavesReporte.consulta(c) : clavesReporte.consultas(),
    enabled: c !== null,
    placeholderData: (previo, consultaPrevia) =>
      c && (consultaPrevia?.queryKey[2] as ConsultaReporte | undefined)?.corrida === c.corrida ? previo : undefined,
    queryFn: async () => {
      if (!c) throw new Error('sin consulta');
      const r = await llamarRuta(RUTA_REPORTE[c.filtro.tipo], {
        query: { ...parametrosDe(c.filtro), PageNumber: c.pagina, limit: c.porPagina },
        // A failed report query gives no user message (spec 03 §8); the date rule's 422 is shown by the screen.
        silencioso: true,
      });
      return r.data;
    },
  });
}

/**
 * The Excel file of a run, with every row, under the report's file name. A year of the zone takes a minute or more:
 * `seguimiento` follows the bytes as they come and cancels the download (the server then stops the export).
 */
export const descargarExcel = async (filtro: FiltroPantalla, seguimiento?: SeguimientoDescarga) =>
  guardarArchivo(
    await llamarRuta(apiReporte.descargarExcel, { query: parametrosDe(filtro), ...seguimiento }),
    `${REPORTES[filtro.tipo].archivo}.xlsx`,
  );

/** The PDF preview of a run (the screen shows the file in its viewer). */
export const useVistaPreliminar = () =>
  useMutation({
    mutationFn: (f: FiltroPantalla) => llamarRuta(apiReporte.vistaPreliminar, { query: parametrosDe(f) }),
  });

/**
 * Movement status list (parameter group 6, through the Movimiento path as the spec calls it). The route
 * belongs to the parameters module.
 */
export function useEstadosMovimiento() {
  return useQuery({
    queryKey: clavesReporte.estados(),
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      try {
        return (
          await llamarRuta(apiParametros.consultarMovimiento, {
            query: { CodigoParametro: PARAMETRO.estadoMovimiento },
            silencioso: true,
          })
        ).data;
      } catch (e) {
        notificar.error(MENSAJES_REPORTE.estadosNoDisponibles);
        throw e;
      }
    },
  });
}
