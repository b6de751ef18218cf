/**
 * The reports' own parts of a workbook: the parameters sheet and the shared-strings table. The parts every workbook
 * has (styles, content types, relations, text cells) are the writer's, in platform/xlsx.ts.
 */
import { celdaTexto, entradaTexto, pareceFormula, S_ENCABEZADO, S_ENTERO, S_TEXTO_SEGURO } from '../../platform/xlsx';

/** A line of the parameters sheet: what it says, and its value (a number is written as a number, null as blank). */
export type ParametroLibro = [string, string | number | null];
/** The name of the parameters sheet (a report's sheets are 'Reporte', 'Reporte 2'…). */
export const HOJA_PARAMETROS = 'Parámetros';

/** The parameters sheet: a header row and one row per parameter, in two wide columns. */
export function hojaParametros(lineas: ParametroLibro[]) {
  const filas = lineas
    .map(([nombre, valor], i) => {
      const r = i + 2;
      const celda =
        valor === null || valor === ''
          ? ''
          : typeof valor === 'number'
            ? `<c r="B${r}" s="${S_ENTERO}"><v>${valor}</v></c>`
            : celdaTexto(` r="B${r}"`, valor, pareceFormula(valor) ? S_TEXTO_SEGURO : 0);
      return `<row r="${r}">${celdaTexto(` r="A${r}"`, nombre)}${celda}</row>`;
    })
    .join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetFormatPr defaultRowHeight="15"/><cols><col min="1" max="1" width="24" customWidth="1"/><col min="2" max="2" width="60" customWidth="1"/></cols><sheetData><row r="1" ht="20" customHeight="1">${celdaTexto(' r="A1"', 'Parámetro', S_ENCABEZADO)}${celdaTexto(' r="B1"', 'Valor', S_ENCABEZADO)}</row>${filas}</sheetData></worksheet>`;
}

/** xl/sharedStrings.xml: its entries written in pieces (a dictionary of many catalogues is megabytes of XML). */
export async function escribirTextos(escribir: (texto: string) => Promise<void>, entradas: (string | null)[]) {
  await escribir(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" uniqueCount="${entradas.length}">`,
  );
  for (let i = 0; i < entradas.length; i += 5000)
    await escribir(
      entradas
        .slice(i, i + 5000)
        .map(entradaTexto)
        .join(''),
    );
  await escribir('</sst>');
}
