import { fechaHoraLima, MENSAJES_CONTEO as M } from '@cronos/contract';
import ExcelJS from 'exceljs';
import type { Ctx } from '../../platform/contexto';
import { conflicto, errorCampos } from '../../platform/errores';
import { generarDocumentoPdf } from '../../platform/documento-pdf';
import { leerFilas, verificarXlsx } from '../catalogo/hoja-calculo';
import { consultar, exigirOperador, registrar } from './conteo.service';

/**
 * The count's spreadsheet (one lot per row, the counted column to fill) and its import, checked like the
 * catalogue import: size, content (a real .xlsx, not its name), inflated size, formulas, then every row.
 */
const HOJA = 'Conteo';
const COLUMNAS = [
  { clave: 'linea', titulo: 'Línea', ancho: 10 },
  { clave: 'producto', titulo: 'Producto', ancho: 40 },
  { clave: 'documento', titulo: 'Documento del lote', ancho: 22 },
  { clave: 'teorica', titulo: 'Cantidad teórica', ancho: 16 },
  { clave: 'contada', titulo: 'Cantidad contada', ancho: 16 },
];

export async function plantilla(ctx: Ctx, codigoConteo: number) {
  const c = await consultar(ctx, codigoConteo);
  const libro = new ExcelJS.Workbook();
  const hoja = libro.addWorksheet(HOJA);
  hoja.columns = COLUMNAS.map((x) => ({ header: x.titulo, key: x.clave, width: x.ancho }));
  hoja.getRow(1).font = { bold: true };
  for (const d of c.detalle) {
    hoja.addRow({
      linea: d.codigoConteoDetalle,
      producto: d.producto,
      documento: d.numeroDocumento,
      teorica: d.cantidadTeorica,
      contada: d.cantidadContada,
    });
  }
  return { nombre: `Conteo-${codigoConteo}.xlsx`, contenido: Buffer.from(await libro.xlsx.writeBuffer()) };
}

export async function importar(ctx: Ctx, codigoConteo: number, archivo: Buffer) {
  exigirOperador(ctx);
  verificarXlsx(archivo);
  const c = await consultar(ctx, codigoConteo);
  if (c.estado !== 1) throw conflicto(M.estado);
  const filas = await leerFilas(
    archivo,
    HOJA,
    COLUMNAS.filter((x) => x.clave === 'linea' || x.clave === 'contada'),
    5000,
  );
  const propias = new Set(c.detalle.map((d) => d.codigoConteoDetalle));
  const errores: Record<string, string[]> = {};
  const lineas: { codigoConteoDetalle: number; cantidadContada: number }[] = [];
  for (const f of filas) {
    const linea = Number(f.valores.linea);
    const contada = typeof f.valores.contada === 'number' ? f.valores.contada : Number(f.valores.contada);
    if (!Number.isInteger(linea) || !propias.has(linea)) errores[`fila ${f.fila}`] = [M.lineaAjena];
    else if (f.valores.contada === null || !Number.isFinite(contada) || contada < 0) {
      errores[`fila ${f.fila}`] = ['La cantidad contada debe ser un número mayor o igual a 0'];
    } else lineas.push({ codigoConteoDetalle: linea, cantidadContada: contada });
  }
  if (Object.keys(errores).length) throw errorCampos(errores);
  return registrar(ctx, { codigoConteo, version: c.version, lineas });
}

const n3 = (v: number | null) =>
  v === null ? '—' : v.toLocaleString('es-PE', { minimumFractionDigits: 3, maximumFractionDigits: 3 });
const decisiones = ['Pendiente', 'Aprobada (ajustada)', 'Rechazada'];

/** The count's act as a PDF (shared printed-document layout). */
export async function acta(ctx: Ctx, codigoConteo: number) {
  const c = await consultar(ctx, codigoConteo);
  const f = (v: string | null) => (v ? fechaHoraLima(new Date(v)) : '—');
  const pdf = await generarDocumentoPdf({
    encabezado: 'Zona Franca — Control de inventario',
    titulo: `Acta de conteo de inventario N° ${c.codigoConteo}`,
    subtitulo: c.razonSocial,
    bloques: [
      {
        tipo: 'campos',
        campos: [
          ['Estado', c.descripcionEstado],
          ['Apertura', `${f(c.fechaApertura)} — ${c.usuarioApertura}`],
          ['Conteo', c.fechaContado ? `${f(c.fechaContado)} — ${c.usuarioContado}` : '—'],
          [
            'Plazo de justificación',
            c.fechaLimiteJustificacion ? `${c.plazoHoras} h, hasta ${f(c.fechaLimiteJustificacion)}` : '—',
          ],
          ['Justificación', c.fechaJustificado ? `${f(c.fechaJustificado)} — ${c.usuarioJustificado}` : '—'],
          ['Cierre', c.fechaCierre ? `${f(c.fechaCierre)} — ${c.usuarioCierre}` : '—'],
          ['Observación', c.observacion],
        ],
      },
      { tipo: 'seccion', titulo: 'Lotes contados' },
      {
        tipo: 'tabla',
        columnas: [
          { titulo: 'Producto', ancho: 150 },
          { titulo: 'Documento', ancho: 85 },
          { titulo: 'Teórica', ancho: 60, alinear: 'right' },
          { titulo: 'Contada', ancho: 60, alinear: 'right' },
          { titulo: 'Diferencia', ancho: 60, alinear: 'right' },
          { titulo: 'Decisión', ancho: 80 },
        ],
        filas: c.detalle.map((d) => [
          d.producto,
          d.numeroDocumento,
          n3(d.cantidadTeorica),
          n3(d.cantidadContada),
          n3(d.diferencia),
          d.diferencia ? (decisiones[d.decision] ?? '') : 'Sin diferencia',
        ]),
      },
      ...c.detalle
        .filter((d) => d.justificacion)
        .map((d) => ({ tipo: 'parrafo' as const, texto: `${d.producto} (${d.numeroDocumento}): ${d.justificacion}` })),
      { tipo: 'firmas', firmantes: ['Operador de la zona', c.razonSocial] },
    ],
    metadatos: { autor: 'Cronos', asunto: `Conteo ${c.codigoConteo}`, fecha: ctx.ahora() },
  });
  return { nombre: `Acta-Conteo-${c.codigoConteo}.pdf`, contenido: pdf };
}
