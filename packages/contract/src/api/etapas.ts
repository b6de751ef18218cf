import { z } from 'zod';

/**
 * Answers shared by the gate stages' routes (balanza, control de seguridad, verificación): the search row,
 * the control data of an order and the checklist items (spec 03 §2.1, §3.1, §3.2, §7.1–7.3).
 */

/** A row of a stage search (spec 03 §3.1). `estado` names what the order really waits for (etapaPendiente). */
export const filaEtapa = z.object({
  codigoMovimiento: z.number().int(),
  codigoIngreso: z.string(),
  numeroTicket: z.string().nullable(),
  empresaUsuario: z.string(),
  tipoOperacion: z.string().nullable(),
  estado: z.string(),
  placaUno: z.string().nullable(),
  placaDos: z.string().nullable(),
  pesoUno: z.number(),
  codigoEmpresaUsuario: z.number().int(),
  codigoEstadoMovimiento: z.number().int(),
  codigoEstadoObservado: z.number().int(),
  codigoTipoIngreso: z.string(),
  numeroDocumentoIdentidad: z.string().nullable(),
  nombres: z.string().nullable(),
  apellidoPaterno: z.string().nullable(),
});
export type FilaEtapa = z.infer<typeof filaEtapa>;

/** A product line of the order (spec 03 §3.2), with its document. */
export const lineaEtapa = z.object({
  codigoMovimientoDetalle: z.number().int(),
  codigoCatalogoUsuario: z.number().int(),
  codigoInterno: z.string().nullable(),
  numeroPartida: z.string(),
  descripcion: z.string(),
  unidadMedida: z.string().nullable(),
  cantidad: z.number(),
  peso: z.number(),
  valorFOB: z.number(),
  codigoTipoBulto: z.string().nullable(),
  codigoMovimientoDocumento: z.number().int(),
  numeroDocumento: z.string(),
});
export type LineaEtapa = z.infer<typeof lineaEtapa>;

/** A supporting document of the order as the control data shows it (spec 03 §2.1 documentos). */
export const documentoEtapa = z.object({
  codigoMovimientoDocumento: z.number().int(),
  codigoTipoDocumento: z.string(),
  tipoDocumentoFiscal: z.string().nullable(),
  descripcionDocumento: z.string().nullable(),
  numeroDocumento: z.string(),
  numeroDocumentoFiscal: z.string(),
  ruc: z.string().nullable(),
  razonSocial: z.string().nullable(),
});

/** Control data of an order (spec 03 §2.1, §7.1, §7.2), with what the transition table needs. */
export const datosControlEtapa = z.object({
  codigoMovimiento: z.number().int(),
  /** The order's version when read: the driver dialog sends it back so an update made meanwhile is not undone. */
  version: z.number().int(),
  codigoIngreso: z.string(),
  numeroTicket: z.string().nullable(),
  codigoEmpresaUsuario: z.number().int(),
  razonSocial: z.string(),
  indicadorBloqueo: z.boolean(),
  codigoTipoIngreso: z.string(),
  codigoTipoOperacion: z.number().int(),
  codigoEstadoMovimiento: z.number().int(),
  codigoEstadoObservado: z.number().int(),
  estadoAnulado: z.number().int(),
  codigoTipoCarga: z.number().int().nullable(),
  numeroBultos: z.number().int().nullable(),
  nombres: z.string(),
  apellidos: z.string(),
  apellidoPaterno: z.string().nullable(),
  apellidoMaterno: z.string().nullable(),
  codigoTipoDocumentoIdentidad: z.string().nullable(),
  tipoDocumentoIdentidad: z.string().nullable(),
  numeroDocumentoIdentidad: z.string().nullable(),
  placaVehiculo: z.string().nullable(),
  placaUno: z.string().nullable(),
  placaDos: z.string().nullable(),
  soat: z.string().nullable(),
  numerobrevete: z.string().nullable(),
  codigoClaseBrevete: z.string().nullable(),
  codigoTransportistaUsuario: z.number().int().nullable(),
  rucTransportistaUsuario: z.string().nullable(),
  razonSocialTransportistaUsuario: z.string().nullable(),
  numeroContenedor: z.string().nullable(),
  /** Declared in the driver dialog (spec 03 §2.9). */
  pesoBrutoDeclarado: z.number().nullable(),
  pesoTaraDeclarado: z.number().nullable(),
  documentos: z.array(documentoEtapa),
  lineas: z.array(lineaEtapa),
  /** Control types recorded on the order, and which of them are finalized. */
  registradas: z.array(z.number().int()),
  finalizadas: z.array(z.number().int()),
});
export type DatosControlEtapa = z.infer<typeof datosControlEtapa>;

/** A configured checklist item (spec 03 §7.1 control items, §7.3 detalleTipoControl). */
export const itemControlEtapa = z.object({
  codigoDetalleTipoContol: z.number().int(),
  codigoDetalleTipoControl: z.number().int(),
  descripcion: z.string(),
  codigoTipoCarga: z.number().int(),
  verificacion: z.boolean(),
});
export type ItemControlEtapa = z.infer<typeof itemControlEtapa>;
