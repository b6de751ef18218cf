import { MENSAJES_MOVIMIENTO as M, type ResultadoLevante } from '@cronos/contract';
import { errorCampos, reglaNegocio } from '../../platform/errores';

/**
 * The levante (customs release) query, on the server (DOMAIN.md §7): the declaration number is split into
 * its four parts (office-year-regime-number), the provider reads the customs authority's public page, and
 * the page's label/value cells become the release-query result of spec 01 §3.
 */
export interface NumeroDeclaracion {
  aduana: string;
  anio: string;
  regimen: string;
  numero: string;
}
export interface ProveedorLevante {
  consultar(n: NumeroDeclaracion): Promise<string | null>;
}

export function partirDeclaracion(texto: string): NumeroDeclaracion {
  const partes = texto.trim().split('-');
  if (partes.length !== 4 || !/^\d{3}-\d{4}-\d{2}-\d{1,6}$/.test(texto.trim())) {
    throw errorCampos({ NumeroDeclaracion: [M.levanteFormato] }, M.levanteFormato);
  }
  const [aduana = '', anio = '', regimen = '', numero = ''] = partes;
  return { aduana, anio, regimen, numero: numero.padStart(6, '0') };
}

/** GET of the page whose URL template holds {aduana}, {anio}, {regimen} and {numero}. */
export function proveedorLevanteHttp(plantilla: string): ProveedorLevante {
  return {
    async consultar(n) {
      const url = plantilla
        .replace('{aduana}', n.aduana)
        .replace('{anio}', n.anio)
        .replace('{regimen}', n.regimen)
        .replace('{numero}', n.numero);
      try {
        const r = await fetch(url, { signal: AbortSignal.timeout(15_000) });
        if (!r.ok) return null;
        const html = await r.text();
        return html.length > 2_000_000 ? null : html;
      } catch {
        return null;
      }
    },
  };
}

const limpiar = (s: string) =>
  s
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
const clave = (s: string) =>
  limpiar(s)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z ]/g, '')
    .trim();
const numero = (s: string | undefined) => {
  if (!s) return null;
  const n = Number(s.replace(/,/g, '').replace(/[^\d.-]/g, ''));
  return Number.isFinite(n) ? n : null;
};

/** Reads label/value table cells of the declaration page. */
export function leerPaginaLevante(html: string, n: NumeroDeclaracion): ResultadoLevante | null {
  const valores = new Map<string, string>();
  const celdas = [...html.matchAll(/<t[dh][^>]*>([\s\S]*?)<\/t[dh]>/gi)].map((c) => c[1] ?? '');
  for (let i = 0; i + 1 < celdas.length; i++) {
    const k = clave(celdas[i] ?? '');
    if (k && !valores.has(k)) valores.set(k, limpiar(celdas[i + 1] ?? ''));
  }
  const v = (...nombres: string[]) => nombres.map((x) => valores.get(x)).find((x) => x !== undefined);
  const importador = v('importador', 'consignatario') ?? '';
  const [rucImportador, ...razon] = importador.split(/\s+-\s+|\s+/);
  const resultado: ResultadoLevante = {
    numero: `${n.aduana}-${n.anio}-${n.regimen}-${n.numero}`,
    fecha_numeracion: v('fecha de numeracion') ?? null,
    sujeto_a: v('sujeto a', 'canal') ?? null,
    valorFob: numero(v('valor fob', 'fob')),
    peso_neto: numero(v('peso neto')),
    peso_bruto: numero(v('peso bruto')),
    total_bultos: numero(v('total bultos', 'bultos')),
    numero_series: numero(v('numero de series', 'series')),
    flete: numero(v('flete')),
    seguro: numero(v('seguro')),
    cif: numero(v('cif', 'valor cif')),
    numero_importador: rucImportador && /^\d{11}$/.test(rucImportador) ? rucImportador : null,
    razon_importador: razon.join(' ') || null,
  };
  return resultado.fecha_numeracion || resultado.valorFob !== null ? resultado : null;
}

export async function consultarLevante(
  opciones: { activo: boolean; proveedor: ProveedorLevante | null },
  texto: string,
): Promise<ResultadoLevante | null> {
  const n = partirDeclaracion(texto);
  if (!opciones.activo || !opciones.proveedor) throw reglaNegocio(M.levanteInactivo);
  const html = await opciones.proveedor.consultar(n);
  return html ? leerPaginaLevante(html, n) : null;
}
