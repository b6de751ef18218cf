import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import {
  type DocumentoMovimiento,
  documentoMovimiento,
  MENSAJES,
  movimientoFormulario,
  conTextoSeguro,
} from '@cronos/contract';
import ExcelJS from 'exceljs';
import type { ArchivoGuardado, ReglaArchivo } from '../../platform/archivos';
import { MB } from '../../platform/archivos';
import type { Ctx } from '../../platform/contexto';
import { AppError, errorCampos, prohibido } from '../../platform/errores';
import { movimientoEditable } from './acceso-movimiento';
import { guardarMovimiento } from './guardar-movimiento';
import * as repo from './movimiento.repository';

/**
 * 'Carga detalle del movimiento' (RegistrarDetalleMovimientoEspecial): documents and product lines of an
 * order from an .xlsx made from the downloadable template, for companies flagged
 * indicadorRegistroEspecialExcel. Every row is checked; errors come back per row; nothing is saved unless
 * every row is right (the lines are then added through the same path as the documents card).
 */
export const REGLA_EXCEL: ReglaArchivo = {
  tipos: ['xlsx'],
  maxBytes: 2 * MB,
  mensajeTamanio: 'El archivo excede los 2MB!',
  mensajeTipo: 'El archivo debe ser un Excel (.xlsx)',
};
export const MAX_FILAS = 5_000;

export const COLUMNAS_PLANTILLA = [
  { clave: 'codigoTipoDocumento', titulo: 'TIPO_DOCUMENTO', ejemplo: '1', ancho: 16 },
  { clave: 'numeroDocumento', titulo: 'NUMERO_DOCUMENTO', ejemplo: 'F001-00234', ancho: 20 },
  { clave: 'codigoTipoImportador', titulo: 'TIPO_PROVEEDOR (1 NACIONAL, 2 EXTRANJERO)', ejemplo: '1', ancho: 18 },
  { clave: 'ruc', titulo: 'RUC_PROVEEDOR', ejemplo: '20100070970', ancho: 16 },
  { clave: 'razonSocial', titulo: 'RAZON_SOCIAL_PROVEEDOR', ejemplo: 'SUPERMERCADOS PERUANOS S.A.', ancho: 34 },
  { clave: 'codigoInterno', titulo: 'CODIGO_INTERNO_PRODUCTO', ejemplo: 'TV-55-4K', ancho: 20 },
  { clave: 'cantidad', titulo: 'CANTIDAD', ejemplo: 10, ancho: 12 },
  { clave: 'peso', titulo: 'PESO_KG', ejemplo: 125.5, ancho: 12 },
  { clave: 'valorFOB', titulo: 'VALOR_FOB_UNITARIO_USD', ejemplo: 320.5, ancho: 16 },
  { clave: 'codigoTipoBulto', titulo: 'TIPO_BULTO', ejemplo: '1', ancho: 12 },
] as const;

/** The template: one header row, one example row. */
export async function plantillaDetalleEspecial(): Promise<Buffer> {
  const libro = new ExcelJS.Workbook();
  const hoja = libro.addWorksheet('Detalle');
  hoja.columns = COLUMNAS_PLANTILLA.map((c) => ({ header: c.titulo, key: c.clave, width: c.ancho }));
  hoja.getRow(1).font = { bold: true };
  hoja.addRow(Object.fromEntries(COLUMNAS_PLANTILLA.map((c) => [c.clave, c.ejemplo])));
  return Buffer.from(await libro.xlsx.writeBuffer());
}

const texto = (v: ExcelJS.CellValue): string => {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object' && 'richText' in v)
    return v.richText
      .map((r) => r.text)
      .join('')
      .trim();
  if (typeof v === 'object' && 'result' in v) return String(v.result ?? '').trim();
  if (typeof v === 'object' && 'text' in v) return String(v.text).trim();
  return String(v).trim();
};

async function leerFilas(ruta: string) {
  const libro = new ExcelJS.Workbook();
  try {
    await libro.xlsx.load((await readFile(ruta)) as unknown as ArrayBuffer);
  } catch {
    throw new AppError(422, 'El archivo Excel está dañado o no se puede leer.');
  }
  const hoja = libro.worksheets[0];
  if (!hoja) throw new AppError(422, 'El archivo no tiene hojas.');
  const filas: { fila: number; valores: Record<string, string> }[] = [];
  hoja.eachRow({ includeEmpty: false }, (row, n) => {
    if (n === 1) return;
    const valores = Object.fromEntries(COLUMNAS_PLANTILLA.map((c, i) => [c.clave, texto(row.getCell(i + 1).value)]));
    if (Object.values(valores).some((x) => x !== '')) filas.push({ fila: n, valores });
  });
  if (filas.length === 0) throw new AppError(422, 'El archivo no contiene filas con datos.');
  if (filas.length > MAX_FILAS) throw new AppError(422, `El archivo supera las ${MAX_FILAS} filas.`);
  return filas;
}

export async function registrarDetalleEspecial(
  ctx: Ctx,
  dirArchivos: string,
  campos: Record<string, string>,
  archivo: ArchivoGuardado,
) {
  const codigo = Number(campos.CodigoMovimiento);
  if (!Number.isInteger(codigo) || codigo <= 0) throw errorCampos({ CodigoMovimiento: [MENSAJES.requerido] });
  const m = await movimientoEditable(ctx, ctx.db, codigo, true);
  const empresa = await repo.leerEmpresa(ctx.db, m.codigoEmpresaUsuario);
  if (!empresa?.indicadorRegistroEspecialExcel) throw prohibido();
  const filas = await leerFilas(resolve(dirArchivos, archivo.rutaArchivo));

  const codigosInternos = [...new Set(filas.map((f) => f.valores.codigoInterno?.toUpperCase() ?? '').filter(Boolean))];
  const productos = await repo.productosPorCodigoInterno(ctx.db, m.codigoEmpresaUsuario, codigosInternos);
  const porCodigo = new Map(productos.map((p) => [p.codigoInterno?.toUpperCase(), p.id]));

  const errores: Record<string, string[]> = {};
  const documentos = new Map<string, DocumentoMovimiento & { filas: number[] }>();
  for (const { fila, valores: v } of filas) {
    const mensajes: string[] = [];
    const producto = porCodigo.get(v.codigoInterno?.toUpperCase());
    if (!producto) mensajes.push(`Producto ${v.codigoInterno || '(vacío)'} no existe en el catálogo`);
    const r = conTextoSeguro(documentoMovimiento).safeParse({
      codigoTipoDocumento: v.codigoTipoDocumento,
      numeroDocumento: v.numeroDocumento,
      ruc: v.ruc,
      razonSocial: v.razonSocial,
      codigoTipoImportador: v.codigoTipoImportador || '1',
      productos: [
        {
          codigoCatalogoUsuario: producto ?? 0,
          cantidad: v.cantidad,
          peso: v.peso,
          valorFOB: v.valorFOB || 0,
          codigoTipoBulto: v.codigoTipoBulto || null,
        },
      ],
    });
    if (!r.success) {
      for (const i of r.error.issues) {
        if (i.path.includes('codigoCatalogoUsuario')) continue;
        const campo = String(i.path[i.path.length - 1] ?? '');
        mensajes.push(`${campo}: ${i.message}`);
      }
    }
    if (mensajes.length || !r.success) {
      errores[`fila ${fila}`] = mensajes;
      continue;
    }
    const doc = r.data;
    const llave = `${doc.codigoTipoDocumento}|${doc.numeroDocumento}|${doc.ruc}`;
    const actual = documentos.get(llave);
    const linea = doc.productos[0];
    if (!linea) continue;
    if (!actual) documentos.set(llave, { ...doc, filas: [fila] });
    else if (actual.productos.some((p) => p.codigoCatalogoUsuario === linea.codigoCatalogoUsuario)) {
      errores[`fila ${fila}`] = ['Error, producto ya agregado en la lista.'];
    } else {
      actual.productos.push(linea);
      actual.filas.push(fila);
    }
  }
  const nErrores = Object.keys(errores).length;
  if (nErrores) throw errorCampos(errores, `El archivo tiene errores en ${nErrores} fila(s); no se registró ninguna.`);

  const lista = [...documentos.values()];
  const entrada = movimientoFormulario.parse({
    codigoMovimiento: codigo,
    seccion: 'documentos',
    codigoTipoIngreso: m.codigoTipoIngreso,
    codigoTipoOperacion: m.codigoTipoOperacion,
    documentos: lista.map(({ filas: _f, ...d }) => d),
  });
  try {
    await guardarMovimiento(ctx, entrada);
  } catch (e) {
    // Map document/line indexes back to the spreadsheet's rows.
    if (e instanceof AppError && e.errors) {
      const porFila: Record<string, string[]> = {};
      for (const [campo, msj] of Object.entries(e.errors)) {
        const [, i, , j] = campo.split('.');
        const fila = lista[Number(i)]?.filas[Number(j ?? 0)];
        porFila[fila ? `fila ${fila}` : campo] = msj;
      }
      throw errorCampos(porFila, e.message);
    }
    throw e;
  }
  return { documentos: lista.length, productos: filas.length };
}
