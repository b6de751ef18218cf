import { PassThrough } from 'node:stream';
import type { FilaDeuda } from '@cronos/contract';
import { escribirXlsx } from '../../platform/xlsx';

const COLUMNAS: { titulo: string; clave: keyof FilaDeuda; ancho: number; numero?: boolean }[] = [
  { titulo: 'Fecha de emisión', clave: 'fechaEmision', ancho: 14 },
  { titulo: 'Fecha de vencimiento', clave: 'fechaVencimiento', ancho: 14 },
  { titulo: 'Días de atraso', clave: 'diasAtraso', ancho: 10, numero: true },
  { titulo: 'Serie', clave: 'serie', ancho: 8 },
  { titulo: 'Número', clave: 'numero', ancho: 10, numero: true },
  { titulo: 'RUC', clave: 'ruc', ancho: 14 },
  { titulo: 'Razón social', clave: 'razonSocial', ancho: 40 },
  { titulo: 'Moneda', clave: 'moneda', ancho: 8 },
  { titulo: 'Monto factura', clave: 'montoFactura', ancho: 14, numero: true },
  { titulo: 'Monto adeudado', clave: 'montoAdeudado', ancho: 14, numero: true },
  { titulo: 'Mora', clave: 'mora', ancho: 12, numero: true },
  { titulo: 'Deuda total', clave: 'deudaTotal', ancho: 14, numero: true },
];
const IMPORTES = ['montoFactura', 'montoAdeudado', 'mora', 'deudaTotal'];

/** The debt report as .xlsx (spec 03 §3.12 debt columns), through the server's one XLSX writer. */
export async function excelDeuda(filas: FilaDeuda[]): Promise<Buffer> {
  const salida = new PassThrough();
  const trozos: Buffer[] = [];
  salida.on('data', (t: Buffer) => trozos.push(t));
  const fin = new Promise<void>((ok, mal) => {
    salida.on('end', ok);
    salida.on('error', mal);
  });
  const hoja = escribirXlsx(salida, {
    hoja: 'Deuda',
    encabezado: COLUMNAS.map((c) => c.titulo),
    anchos: COLUMNAS.map((c) => c.ancho),
    importes: COLUMNAS.flatMap((c, i) => (IMPORTES.includes(c.clave) ? [i] : [])),
  });
  for (const f of filas)
    hoja.fila(
      COLUMNAS.map((c) => {
        const v = f[c.clave];
        if (c.clave === 'fechaEmision' || c.clave === 'fechaVencimiento') return new Date(`${v}T00:00:00Z`);
        return c.numero ? Number(v) : String(v);
      }),
    );
  await hoja.cerrar();
  await fin;
  return Buffer.concat(trozos);
}
