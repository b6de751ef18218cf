import { z } from 'zod';
import { type ColumnaReporte, filtroReporte, filtroReporteArchivo, REPORTES, type TipoReporte } from '../reporte';
import { archivo, dia, metaPaginacion, ruta, sobre } from './definicion';

/** A cell of a report row as the columns of REPORTES declare it: numbers as numbers, dates yyyy-MM-dd, text. */
const valorColumna = (c: ColumnaReporte): z.ZodType<string | number | null> => {
  if (c.tipo === 'numero') return z.number().nullable();
  if (c.tipo === 'entero') return z.number().int().nullable();
  if (c.tipo === 'fecha') return dia().nullable();
  return z.string().nullable();
};

/**
 * The row of a report type (spec 03 §3.12): exactly the report's columns, the ones the screen's table, the
 * Excel file and the PDF preview show (REPORTES in reporte.ts), so the four can never disagree.
 */
export const filaDeReporte = (tipo: TipoReporte) =>
  z.object(
    Object.fromEntries(REPORTES[tipo].columnas.map((c) => [c.clave, valorColumna(c)])) as Record<
      string,
      z.ZodType<string | number | null>
    >,
  );

/** One page of a report: `data.data` rows and `data.meta` (spec 03 §7.5 "data.data rows"). */
const paginaDe = <T extends z.ZodType>(fila: T) => sobre(z.object({ data: z.array(fila), meta: metaPaginacion }));

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Movements report (spec 03 §2.8, §7.5): the four query calls, the Excel download and the PDF preview. */
export const apiReporte = {
  ingresoSalida: ruta({
    metodo: 'GET',
    ruta: REPORTES.op1.ruta,
    resumen: `op1 - ${REPORTES.op1.nombre} (paginado)`,
    query: filtroReporte,
    respuesta: paginaDe(filaDeReporte('op1')),
  }),
  mincetur: ruta({
    metodo: 'GET',
    ruta: REPORTES.op2.ruta,
    resumen: `op2 - ${REPORTES.op2.nombre} (paginado)`,
    query: filtroReporte,
    respuesta: paginaDe(filaDeReporte('op2')),
  }),
  declaraciones: ruta({
    metodo: 'GET',
    ruta: REPORTES.op3.ruta,
    resumen: `op3 - ${REPORTES.op3.nombre}; TipoReporte=op4: ${REPORTES.op4.nombre}; TipoReporte=op5: ${REPORTES.op5.nombre} (paginado)`,
    query: filtroReporte,
    respuesta: paginaDe(z.union([filaDeReporte('op3'), filaDeReporte('op4'), filaDeReporte('op5')])),
  }),
  stock: ruta({
    metodo: 'GET',
    ruta: REPORTES.op6.ruta,
    resumen: `op6 - ${REPORTES.op6.nombre} (paginado)`,
    query: filtroReporte,
    respuesta: paginaDe(filaDeReporte('op6')),
  }),
  descargarExcel: ruta({
    metodo: 'GET',
    ruta: '/Reporte/DescargarExcel',
    resumen: 'Excel (xlsx) del reporte con todas sus filas, enviado mientras se genera',
    query: filtroReporteArchivo,
    respuesta: archivo(XLSX),
    tipoRespuesta: 'archivo',
  }),
  vistaPreliminar: ruta({
    metodo: 'GET',
    ruta: '/Reporte/VistaPreliminar',
    resumen: 'Vista preliminar del reporte en PDF (primeras filas)',
    query: filtroReporteArchivo,
    respuesta: archivo('application/pdf'),
    tipoRespuesta: 'archivo',
  }),
};

/** The query route of each report type (op3, op4 and op5 share the declaration path). */
export const RUTA_REPORTE = {
  op1: apiReporte.ingresoSalida,
  op2: apiReporte.mincetur,
  op3: apiReporte.declaraciones,
  op4: apiReporte.declaraciones,
  op5: apiReporte.declaraciones,
  op6: apiReporte.stock,
} as const satisfies Record<TipoReporte, unknown>;
