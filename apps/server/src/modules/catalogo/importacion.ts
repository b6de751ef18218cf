import { conTextoSeguro } from '@cronos/contract';
import type { ErrorImportacion } from '@cronos/contract';
import type { z } from 'zod';
import { errorCampos } from '../../platform/errores';
import type { ColumnaImportacion, FilaLeida, ValorCelda } from './hoja-calculo';

/** A column of an import: where the value goes and, for list columns, the allowed codes. */
export interface ColumnaCarga extends ColumnaImportacion {
  /** Allowed codes; a cell may hold the code or 'CODE - Description' as the template's drop-down shows. */
  codigos?: string[];
  /** How a cell becomes the form's value (default: trimmed text). */
  convertir?: (v: ValorCelda) => unknown;
}

/** Cells as the form would send them: text, with spreadsheet numbers and dates turned into text. */
export function textoDe(v: ValorCelda): string | undefined {
  if (v === null) return undefined;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(Number(v.toFixed(6)));
  return String(v).trim();
}

function codigoDe(v: ValorCelda, codigos: string[]): string | undefined {
  const t = textoDe(v);
  if (t === undefined) return undefined;
  const codigo = t.includes(' - ') ? (t.split(' - ')[0] ?? t).trim() : t;
  if (codigos.includes(codigo)) return codigo;
  // '01' typed into a number cell arrives as 1: pad to the width of the list's codes.
  if (/^\d+$/.test(codigo)) {
    const largo = codigos.find((c) => /^\d+$/.test(c))?.length ?? 0;
    const relleno = codigo.padStart(largo, '0');
    if (codigos.includes(relleno)) return relleno;
  }
  return codigo;
}

/**
 * Validates every row with the single form's schema. Returns the parsed rows in file order, or every
 * error as { fila, columna, mensaje } (a file is imported whole or not at all).
 */
export function validarFilas<S extends z.ZodType>(
  filas: FilaLeida[],
  columnas: ColumnaCarga[],
  esquema: S,
  extra: Record<string, unknown> = {},
) {
  const titulos = new Map(columnas.map((c) => [c.clave, c.titulo]));
  const errores: ErrorImportacion[] = [];
  const validas: { fila: number; datos: z.infer<S> }[] = [];
  for (const f of filas) {
    const entrada: Record<string, unknown> = { ...extra };
    for (const c of columnas) {
      const v = f.valores[c.clave] ?? null;
      entrada[c.clave] = c.convertir ? c.convertir(v) : c.codigos ? codigoDe(v, c.codigos) : textoDe(v);
    }
    const r = conTextoSeguro(esquema).safeParse(entrada);
    if (!r.success) {
      for (const issue of r.error.issues) {
        const clave = String(issue.path[0] ?? '');
        errores.push({ fila: f.fila, columna: titulos.get(clave) ?? clave, mensaje: issue.message });
      }
      continue;
    }
    for (const c of columnas) {
      const valor = (r.data as Record<string, unknown>)[c.clave];
      if (c.codigos && typeof valor === 'string' && valor !== '' && !c.codigos.includes(valor)) {
        errores.push({ fila: f.fila, columna: c.titulo, mensaje: 'El valor no está en la lista permitida.' });
      }
    }
    validas.push({ fila: f.fila, datos: r.data });
  }
  return { validas, errores };
}

/** A 422 listing the errors as 'Fila N, Columna' -> messages (at most 300 keys, the first rows first). */
export function errorDeImportacion(errores: ErrorImportacion[], mensaje: string) {
  const porClave: Record<string, string[]> = {};
  for (const e of [...errores].sort((a, b) => a.fila - b.fila)) {
    const clave = `Fila ${e.fila}, ${e.columna}`;
    if (!porClave[clave] && Object.keys(porClave).length >= 300) break;
    const lista = porClave[clave] ?? [];
    porClave[clave] = lista;
    if (!lista.includes(e.mensaje)) lista.push(e.mensaje);
  }
  return errorCampos(porClave, mensaje);
}
