import { MENSAJES_MOVIMIENTO as M, type MovimientoValidado, PARAMETRO, type Seccion } from '@cronos/contract';
import type { DbOTx } from '../../db/client';
import * as repo from './movimiento.repository';

const TIPOS_IMPORTADOR: readonly string[] = ['1', '2'];

/** Field errors of an order's save, by field path. */
export type Errores = Record<string, string[]>;
export const agregar = (err: Errores, campo: string, mensaje: string) => {
  err[campo] = [...(err[campo] ?? []), mensaje];
};

/**
 * Lookup fields of the order form, the group each comes from and the card that saves it. The form offers only
 * a group's enabled values; the server holds the same line, so a code typed into a request (a country 'ZZ', a
 * load type 7) is refused on its field instead of stored and shown blank. A value disabled after the order was
 * saved stays valid for that order.
 */
const LISTAS: readonly { campo: keyof MovimientoValidado; grupo: number; seccion: Seccion }[] = [
  { campo: 'codigoTipoMercaderia', grupo: PARAMETRO.tipoMercaderia, seccion: 'movimiento' },
  { campo: 'paisProcedencia', grupo: PARAMETRO.pais, seccion: 'movimiento' },
  { campo: 'codigoVia', grupo: PARAMETRO.via, seccion: 'movimiento' },
  { campo: 'codigoSalidaAduana', grupo: PARAMETRO.aduanaSalida, seccion: 'movimiento' },
  { campo: 'codigoTipoDocumentoIdentidad', grupo: PARAMETRO.tipoDocumentoIdentidad, seccion: 'transportista' },
  { campo: 'codigoTipoVehiculo', grupo: PARAMETRO.tipoVehiculo, seccion: 'transportista' },
  { campo: 'codigoClaseBrevete', grupo: PARAMETRO.claseBrevete, seccion: 'transportista' },
  { campo: 'codigoTipoCarga', grupo: PARAMETRO.tipoCarga, seccion: 'carga' },
  { campo: 'codigoTipoContenedor', grupo: PARAMETRO.tipoContenedor, seccion: 'carga' },
  { campo: 'lineaNaviera', grupo: PARAMETRO.lineaNaviera, seccion: 'carga' },
];

/**
 * Checks the lookup codes the save would store (all cards on create, the saved card on edit), the document
 * types and packaging of new documents, and the form's two disabled options: RUC as a person's document and
 * Peru as the destination of an export. `guardado` is the stored order when editing.
 */
export async function revisarListas(
  db: DbOTx,
  e: MovimientoValidado,
  seccion: Seccion | null,
  guardado: Partial<Record<keyof MovimientoValidado, unknown>> | null,
  err: Errores,
) {
  const peatonal = e.codigoTipoIngreso === 'PE';
  // A pedestrian's document type is saved with the movement card.
  const toca = (s: Seccion, campo: keyof MovimientoValidado) =>
    !seccion || seccion === s || (peatonal && seccion === 'movimiento' && campo === 'codigoTipoDocumentoIdentidad');
  const pendientes = LISTAS.flatMap(({ campo, grupo, seccion: s }) => {
    const valor = e[campo];
    if (valor === null || valor === undefined || valor === '' || !toca(s, campo)) return [];
    if (campo === 'paisProcedencia' && e.codigoTipoMercaderia === 'NAC') return []; // stored as PE
    if (campo === 'codigoTipoCarga' && peatonal) return []; // not stored for pedestrians
    if (guardado && String(guardado[campo] ?? '') === String(valor)) return []; // kept as saved
    return [{ campo: String(campo), grupo, valor: String(valor) }];
  });
  if (!seccion || seccion === 'documentos') {
    e.documentos.forEach((doc, i) => {
      if (!doc.codigoMovimientoDocumento)
        pendientes.push({
          campo: `documentos.${i}.codigoTipoDocumento`,
          grupo: PARAMETRO.tipoDocumentoMovimiento,
          valor: doc.codigoTipoDocumento,
        });
      doc.productos.forEach((p, j) => {
        if (!p.codigoMovimientoDetalle && p.codigoTipoBulto)
          pendientes.push({
            campo: `documentos.${i}.productos.${j}.codigoTipoBulto`,
            grupo: PARAMETRO.tipoBulto,
            valor: p.codigoTipoBulto,
          });
      });
    });
  }
  if (pendientes.length > 0) {
    const valores = await repo.valoresDeListas(db, [...new Set(pendientes.map((x) => x.grupo))]);
    for (const x of pendientes) if (!valores.get(`${x.grupo}:${x.valor}`)) agregar(err, x.campo, M.valorFueraDeLista);
  }
  // The provider/importer type is a fixed pair (1 national, 2 foreign), not a parameter group.
  const importador = (v: string | null | undefined) => !v || TIPOS_IMPORTADOR.includes(v);
  if (toca('movimiento', 'codigoTipoImportador') && !importador(e.codigoTipoImportador)) {
    if (!guardado || String(guardado.codigoTipoImportador ?? '') !== e.codigoTipoImportador)
      agregar(err, 'codigoTipoImportador', M.valorFueraDeLista);
  }
  if (!seccion || seccion === 'documentos')
    e.documentos.forEach((doc, i) => {
      if (!doc.codigoMovimientoDocumento && !importador(doc.codigoTipoImportador))
        agregar(err, `documentos.${i}.codigoTipoImportador`, M.valorFueraDeLista);
    });
  if (toca('transportista', 'codigoTipoDocumentoIdentidad') && e.codigoTipoDocumentoIdentidad === '3')
    agregar(err, 'codigoTipoDocumentoIdentidad', M.rucComoIdentidad);
  if (toca('movimiento', 'paisProcedencia') && e.codigoTipoMercaderia === 'EXP' && e.paisProcedencia === 'PE')
    agregar(err, 'paisProcedencia', M.exportacionAlPeru);
}
