import type { RespuestaLevante } from '@cronos/contract';
import levanteLocal from './levante-local.json';
import { leerPaginaLevante, type NumeroDeclaracion, proveedorLevanteHttp } from '../movimiento/levante';

/** The provider could not answer (down, timeout, unreadable page): the query changes nothing. */
export class FallaProveedorLevante extends Error {}

/**
 * The customs-release provider (DOMAIN.md §7): answers the release-query result of a declaration with its
 * levante, or null when the declaration does not exist; throws FallaProveedorLevante when it cannot answer.
 */
export interface ProveedorLevanteAduana {
  nombre: string;
  consultar(n: NumeroDeclaracion): Promise<RespuestaLevante | null>;
}

type EntradaLocal = Partial<RespuestaLevante> & { falla?: boolean };
const numeroDe = (n: NumeroDeclaracion) => `${n.aduana}-${n.anio}-${n.regimen}-${n.numero}`;

/** Local provider: answers from a fixture file (tests, demo, and installations without a provider). */
export function proveedorLocal(datos: Record<string, unknown> = levanteLocal): ProveedorLevanteAduana {
  return {
    nombre: 'local',
    async consultar(n) {
      const numero = numeroDe(n);
      const e = datos[numero] as EntradaLocal | undefined;
      if (!e || typeof e !== 'object') return null;
      if (e.falla) throw new FallaProveedorLevante(numero);
      return {
        numero,
        fecha_numeracion: e.fecha_numeracion ?? null,
        sujeto_a: e.sujeto_a ?? null,
        valorFob: e.valorFob ?? null,
        peso_neto: e.peso_neto ?? null,
        peso_bruto: e.peso_bruto ?? null,
        total_bultos: e.total_bultos ?? null,
        numero_series: e.numero_series ?? null,
        flete: e.flete ?? null,
        seguro: e.seguro ?? null,
        cif: e.cif ?? null,
        numero_importador: e.numero_importador ?? null,
        razon_importador: e.razon_importador ?? null,
        levante: Boolean(e.levante),
        fecha_levante: e.fecha_levante ?? null,
        canal: e.canal ?? null,
      };
    },
  };
}

/** HTTP provider: the customs authority's public page (the same reader as the order form's levante dialog). */
export function proveedorHttp(plantilla: string): ProveedorLevanteAduana {
  const http = proveedorLevanteHttp(plantilla);
  return {
    nombre: 'http',
    async consultar(n) {
      const html = await http.consultar(n);
      if (html === null) throw new FallaProveedorLevante(numeroDe(n));
      const r = leerPaginaLevante(html, n);
      if (!r) return null;
      const texto = html.toLowerCase();
      const levante = /con\s+levante|levante\s+autorizado/.test(texto);
      const canal = r.sujeto_a ? r.sujeto_a.toLowerCase() : null;
      return {
        ...r,
        levante,
        fecha_levante: null,
        canal: canal && ['verde', 'naranja', 'rojo'].includes(canal) ? canal : null,
      };
    },
  };
}

/** The provider the environment configures: the switch off means none (the spec's message). */
export function proveedorConfigurado(config: {
  CONSULTAS_EXTERNAS: boolean;
  PROVEEDOR_LEVANTE_URL?: string | undefined;
}): ProveedorLevanteAduana | null {
  if (!config.CONSULTAS_EXTERNAS) return null;
  return config.PROVEEDOR_LEVANTE_URL ? proveedorHttp(config.PROVEEDOR_LEVANTE_URL) : proveedorLocal();
}
