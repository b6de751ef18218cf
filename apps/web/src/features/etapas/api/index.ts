import { api, ErrorApi } from '../../../shared/api/cliente';
import { notificar } from '../../../shared/api/notificador';

/** A row of a stage search (spec 03 §3.1). */
export interface FilaEtapa {
  codigoMovimiento: number;
  codigoIngreso: string;
  numeroTicket: string | null;
  empresaUsuario: string;
  tipoOperacion: string | null;
  estado: string | null;
  placaUno: string | null;
  placaDos: string | null;
  pesoUno: number;
  codigoEmpresaUsuario: number;
  codigoEstadoMovimiento: number;
  codigoEstadoObservado: number;
  codigoTipoIngreso: string;
  numeroDocumentoIdentidad: string | null;
  nombres: string | null;
  apellidoPaterno: string | null;
}

export interface Linea {
  codigoMovimientoDetalle: number;
  codigoInterno: string | null;
  numeroPartida: string;
  descripcion: string;
  unidadMedida: string | null;
  cantidad: number;
  numeroDocumento: string;
}

/** Control data (spec 03 §2.1). */
export interface DatosControl {
  codigoMovimiento: number;
  codigoIngreso: string;
  numeroTicket: string | null;
  codigoEmpresaUsuario: number;
  razonSocial: string;
  indicadorBloqueo: boolean;
  codigoTipoIngreso: string;
  codigoTipoOperacion: number;
  codigoEstadoMovimiento: number;
  codigoEstadoObservado: number;
  estadoAnulado: number;
  codigoTipoCarga: number | null;
  numeroBultos: number | null;
  nombres: string;
  apellidos: string;
  apellidoPaterno: string | null;
  apellidoMaterno: string | null;
  codigoTipoDocumentoIdentidad: string | null;
  tipoDocumentoIdentidad: string | null;
  numeroDocumentoIdentidad: string | null;
  placaVehiculo: string | null;
  placaUno: string | null;
  placaDos: string | null;
  soat: string | null;
  numerobrevete: string | null;
  rucTransportistaUsuario: string | null;
  razonSocialTransportistaUsuario: string | null;
  numeroContenedor: string | null;
  /** Declared in the driver dialog (spec 03 §2.9). */
  pesoBrutoDeclarado: number | null;
  pesoTaraDeclarado: number | null;
  documentos: { tipoDocumentoFiscal: string | null; numeroDocumentoFiscal: string }[];
  lineas: Linea[];
  registradas: number[];
  finalizadas: number[];
}

export interface ItemControl {
  codigoDetalleTipoContol: number;
  descripcion: string;
  codigoTipoCarga: number;
  verificacion: boolean;
}

/**
 * A stage search (code or identity document). An empty result is the spec's warning (a 404 from the
 * server), shown by the screen, not as a global error.
 */
export async function buscarEtapa(
  ruta: string,
  texto: string,
  estado: number,
  extra: Record<string, number> = {},
  silencioso = false,
) {
  const t = texto.trim().toUpperCase();
  const porCodigo = /^OP/i.test(t);
  try {
    const r = await api.get<FilaEtapa[]>(
      ruta,
      { [porCodigo ? 'CodigoIngreso' : 'NumeroDocumentoIdentidad']: t, CodigoEstadoMovimiento: estado, ...extra },
      { manejar: [404, 409] },
    );
    return r.data;
  } catch (e) {
    if (e instanceof ErrorApi && (e.status === 404 || e.status === 409)) {
      if (!silencioso) notificar.aviso(e.message);
      return [];
    }
    throw e;
  }
}

export const datosControl = async (
  codigoMovimiento: number,
  ruta = '/ControlSeguridad/ConsultaMovimientoDatosControl',
) => (await api.get<DatosControl>(ruta, { CodigoMovimiento: codigoMovimiento })).data;

export const itemsControl = async (codigoTipoControl: number, codigoTipoIngreso: string) =>
  (
    await api.get<ItemControl[]>('/ControlSeguridad/ConsultaConfiguracionTipoControlDetalle', {
      CodigoTipoControl: codigoTipoControl,
      CodigoTipoIngreso: codigoTipoIngreso,
    })
  ).data;

export const mensajeDe = (e: unknown) =>
  e instanceof ErrorApi ? e.message : 'Advertencia, ocurrio otro tipo de error';

export { type Imagen, urlImagen } from '../../../shared/ui/imagenes-verificacion';
