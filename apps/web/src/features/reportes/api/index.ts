import {
  MENSAJES_REPORTE,
  PARAMETRO,
  REPORTES,
  type RespuestaReporte,
  type TipoReporte,
  type ValorParametro,
} from '@cronos/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/cliente';
import { notificar } from '../../shared/api/notificador';
import { obtenerSesion } from '../../shared/sesion/almacen-sesion';

export interface FiltroPantalla {
  tipo: TipoReporte;
  CodigoEmpresaUsuario?: number;
  CodigoTipoOperacion?: number;
  CodigoEstadoMovimiento: number;
  DesdeFecha?: string;
  HastaFecha?: string;
}

/** The query parameters of the spec's calls (spec 03 §3.11) for a filter. */
export const parametrosDe = (f: FiltroPantalla) => ({
  CodigoEmpresaUsuario: f.CodigoEmpresaUsuario ?? -1,
  CodigoTipoOperacion: REPORTES[f.tipo].filtroTipoMovimiento ? (f.CodigoTipoOperacion ?? 0) : 0,
  CodigoEstadoMovimiento: REPORTES[f.tipo].filtroEstado ? f.CodigoEstadoMovimiento : 0,
  DesdeFecha: f.DesdeFecha,
  HastaFecha: f.HastaFecha,
  TipoReporte: f.tipo,
});

export async function consultarReporte(f: FiltroPantalla, pagina: number, porPagina: number) {
  const r = await api.get<RespuestaReporte>(
    REPORTES[f.tipo].ruta,
    { ...parametrosDe(f), PageNumber: pagina, limit: porPagina },
    // A failed report query gives no user message (spec 03 §8); the date rule's 422 is shown by the screen.
    { silencioso: true },
  );
  return r.data;
}

export const descargarExcel = (f: FiltroPantalla) =>
  api.descargar('/Reporte/DescargarExcel', parametrosDe(f), `${REPORTES[f.tipo].archivo}.xlsx`);

/** The preview PDF as a blob URL for the viewer (the caller revokes it). */
export async function vistaPreliminar(f: FiltroPantalla) {
  const token = obtenerSesion().token;
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(parametrosDe(f))) if (v !== undefined && v !== '') q.set(k, String(v));
  const r = await fetch(`/api/Reporte/VistaPreliminar?${q}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!r.ok) throw new Error(((await r.json().catch(() => null)) as { message?: string } | null)?.message ?? '');
  return URL.createObjectURL(await r.blob());
}

/** Movement status list (parameter group 6, through the Movimiento path as the spec calls it). */
export function useEstadosMovimiento() {
  return useQuery({
    queryKey: ['reporte', 'estados'],
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      try {
        return (
          await api.get<ValorParametro[]>(
            '/Movimiento/ConsultaParametro',
            { CodigoParametro: PARAMETRO.estadoMovimiento },
            { silencioso: true },
          )
        ).data;
      } catch (e) {
        notificar.error(MENSAJES_REPORTE.estadosNoDisponibles);
        throw e;
      }
    },
  });
}
