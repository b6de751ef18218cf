import {
  apiControlSeguridad,
  type BodyDe,
  type MovimientoFormulario,
  type ProductoBusqueda,
  type RegistroMovimiento,
} from '@cronos/contract';
import { llamarRuta } from '../../../shared/api/ruta';
import { buscarProductos } from '../../../shared/catalogo/api';

/**
 * The order area's client side: the form's own shapes (documents and lines with a local key and their
 * edit mode) and helpers. The calls live by area in ordenes.ts, personas.ts, transportistas.ts and
 * inventario.ts, each with its query keys and hooks.
 */

/** A product line as the form keeps it (spec 01 §3 Document product line). */
export interface LineaProducto {
  clave: string;
  codigoMovimientoDetalle?: number | null;
  codigoCatalogoUsuario: number;
  descripcionCatalogoUsuario: string;
  cantidad: number;
  peso: number;
  valorFOB: number;
  codigoTipoBulto?: string | null;
  codigoProductoSaliente: { codigoLote: number; cantidad: number; numeroDocumento?: string }[];
  modoEdicionProducto: 'nuevo' | 'guardado';
}
export interface DocumentoOrden {
  clave: string;
  codigoMovimientoDocumento?: number | null;
  codigoTipoDocumento: string;
  descripcionDocumento?: string | null;
  numeroDocumento: string;
  ruc: string;
  razonSocial: string;
  codigoTipoImportador: string;
  modoEdicion: 'nuevo' | 'guardado';
  productos: LineaProducto[];
}

/** The stored order as the form edits it: ListarRegistro's answer, its documents and lines with local keys. */
export type Orden = Omit<RegistroMovimiento, 'documentos'> & { documentos: DocumentoOrden[] };

/** ListarRegistro's order with the keys the form's tables use ('g' + the stored code). */
export const aOrden = (r: RegistroMovimiento): Orden => ({
  ...r,
  documentos: r.documentos.map((d) => ({
    ...d,
    clave: `g${d.codigoMovimientoDocumento}`,
    ruc: d.ruc ?? '',
    razonSocial: d.razonSocial ?? '',
    codigoTipoImportador: d.codigoTipoImportador ?? '1',
    productos: d.productos.map((p) => ({ ...p, clave: `g${p.codigoMovimientoDetalle}` })),
  })),
});

let secuencia = 0;
export const claveNueva = () => `n${Date.now()}-${++secuencia}`;

/** Documents and lines of the form to the contract's body (new ones only carry no codes). */
export const aCuerpoDocumentos = (docs: DocumentoOrden[]): MovimientoFormulario['documentos'] =>
  docs.map((d) => ({
    codigoMovimientoDocumento: d.codigoMovimientoDocumento ?? null,
    codigoTipoDocumento: d.codigoTipoDocumento,
    descripcionDocumento: d.descripcionDocumento ?? null,
    numeroDocumento: d.numeroDocumento,
    ruc: d.ruc,
    razonSocial: d.razonSocial,
    codigoTipoImportador: d.codigoTipoImportador,
    modoEdicion: d.modoEdicion,
    productos: d.productos.map((p) => ({
      codigoMovimientoDetalle: p.codigoMovimientoDetalle ?? null,
      codigoCatalogoUsuario: p.codigoCatalogoUsuario,
      cantidad: p.cantidad,
      peso: p.peso,
      valorFOB: p.valorFOB,
      codigoTipoBulto: p.codigoTipoBulto ?? null,
      codigoProductoSaliente: p.codigoProductoSaliente.map(({ codigoLote, cantidad }) => ({ codigoLote, cantidad })),
      modoEdicionProducto: p.modoEdicionProducto,
    })),
  }));

/** Hands a downloaded file to the browser under the given name. */
export function guardarComo(archivo: Blob, nombre: string) {
  const url = URL.createObjectURL(archivo);
  const a = document.createElement('a');
  a.href = url;
  a.download = nombre;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A catalogue product of the product search (spec 01 §3 Search result). */
export type ProductoCatalogo = Pick<
  ProductoBusqueda,
  'codigoCatalogoUsuario' | 'descripcion' | 'codigoUnidadMedida' | 'codigoInterno' | 'stockDisponible'
>;

/**
 * Calls of the order form to routes of other modules: the catalogue's product search (shared with every
 * screen that picks products).
 */
export const otrasRutas = {
  productos: buscarProductos,
  /** The gate's foreign carrier registration (a route of security control). */
  registrarTransportistaExtranjero: (d: BodyDe<typeof apiControlSeguridad.guardarTransportista>) =>
    llamarRuta(apiControlSeguridad.guardarTransportista, { body: d, manejar: [409, 422, 500] }),
};
