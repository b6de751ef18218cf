import { apiEmpresa, apiParametros, MENSAJES } from '@cronos/contract';
import { useQuery } from '@tanstack/react-query';
import { PREFIJO_CACHE } from '../sesion/almacen-sesion';
import { notificar } from './notificador';
import { llamarRuta } from './ruta';

/** The three lookup paths of spec 01 §7 (they read the same groups). */
const CONSULTA_PARAMETRO = {
  Parametro: apiParametros.consultar,
  Movimiento: apiParametros.consultarMovimiento,
  ParametroValor: apiParametros.consultarValor,
} as const;

/**
 * Cached lookups (spec 01 §3): each parameter group is fetched once and kept in local storage until logout,
 * so screens open instantly and survive a reload.
 */
function cacheLocal<T>(clave: string, cargar: () => Promise<T>) {
  return async (): Promise<T> => {
    const guardado = localStorage.getItem(PREFIJO_CACHE + clave);
    if (guardado) {
      try {
        return JSON.parse(guardado) as T;
      } catch {
        localStorage.removeItem(PREFIJO_CACHE + clave);
      }
    }
    const valor = await cargar();
    localStorage.setItem(PREFIJO_CACHE + clave, JSON.stringify(valor));
    return valor;
  };
}

export function useParametro(codigo: number, recurso: 'Parametro' | 'Movimiento' | 'ParametroValor' = 'Parametro') {
  return useQuery({
    queryKey: ['parametro', codigo],
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    queryFn: cacheLocal(`parametro.${codigo}`, async () => {
      try {
        return (await llamarRuta(CONSULTA_PARAMETRO[recurso], { query: { CodigoParametro: codigo }, silencioso: true }))
          .data;
      } catch (e) {
        notificar.error(MENSAJES.errorParametro(codigo));
        throw e;
      }
    }),
  });
}

/** Options for an antd Select from a lookup group. */
export function useOpcionesParametro(codigo: number) {
  const q = useParametro(codigo);
  return { ...q, opciones: (q.data ?? []).map((v) => ({ value: v.codigo, label: v.descripcion })) };
}

export interface EmpresaLista {
  codigoEmpresaUsuario: number;
  razonSocial: string;
  ruc: string;
  codigoEmpresaAlmacen: number | null;
  indicadorRegistroEspecialExcel: boolean;
  indicadorAlmacenActivo: boolean;
}

/** Companies for the company selectors (the server decides which the user may see). */
export function useEmpresas() {
  return useQuery({
    queryKey: ['empresas'],
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: cacheLocal('empresas', async () => (await llamarRuta(apiEmpresa.listar)).data),
  });
}
