/**
 * Benchmark: time and size of the generated manufacture certificate PDF (pdfkit + QR), for certificates with
 * few and with many product lines. Prints figures; asserts nothing.
 *
 *   node --import tsx apps/server/scripts/bench-certificado-pdf.ts [rondas=30]
 */

import { performance } from 'node:perf_hooks';
import { generarPdfCertificado } from '../src/modules/certificado/certificado-pdf';

const rondas = Number(process.argv[2] ?? 30);

const datos = (lineas: number) => ({
  numeroCertificado: 'CM-2026-000123',
  operador: 'OPERADOR DE LA ZONA FRANCA DE TACNA S.A.',
  razonSocial: 'INDUSTRIAS TEXTILES CAPLINA S.A.C.',
  ruc: '20601234565',
  direccion: 'Zona Franca de Tacna, Lote 42',
  fechaEmision: '2026-11-20',
  fechaFinVigencia: '2027-05-19',
  diasVigencia: 180,
  opcionNuevaFuncionalidad: true,
  opcionGeneraValor: true,
  observaciones: 'Conforme con la inspección de planta.',
  nombreAutorizador: 'ELENA CHAMBI TORRES',
  fechaAutorizacion: new Date('2026-11-20T15:00:00Z'),
  urlVerificacion:
    'https://cronos.example/verificar-certificado?numero=CM-2026-000123&codigo=HW_2fKfAKCUNHhbi73_I4TmDzLloIQB8',
  codigoVerificacion: 'HW_2fKfAKCUNHhbi73_I4TmDzLloIQB8',
  productos: Array.from({ length: lineas }, (_, i) => ({
    descripcionProducto: `PRODUCTO MANUFACTURADO NÚMERO ${i + 1} CON UNA DESCRIPCIÓN DE LONGITUD MEDIA`,
    numeroPartida: '6109100031',
    cantidad: String(1000 + i),
    unidad: 'Unidad',
    cantidadBulto: '20',
    pesoNeto: '120.5',
    pesoBruto: '131.25',
  })),
});

const percentil = (v: number[], p: number) =>
  [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor(v.length * p))] ?? 0;

for (const lineas of [3, 50, 200]) {
  await generarPdfCertificado(datos(lineas)); // warm-up (font metrics, QR tables)
  const tiempos: number[] = [];
  let bytes = 0;
  for (let i = 0; i < rondas; i++) {
    const t = performance.now();
    bytes = (await generarPdfCertificado(datos(lineas))).length;
    tiempos.push(performance.now() - t);
  }
  console.log(
    `${String(lineas).padStart(3)} líneas: p50 ${percentil(tiempos, 0.5).toFixed(1)} ms, p95 ${percentil(tiempos, 0.95).toFixed(1)} ms, ${(bytes / 1024).toFixed(1)} KiB`,
  );
}
