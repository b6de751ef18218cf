import type { AprobacionFormulario, CertificadoFormulario, ResultadoVerificacion } from '@cronos/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type OpcionesLlamada } from '../../shared/api/cliente';

export const RUTA_LISTA = '/Movimiento/ListarDatosCertificadoManufactura';

/** A row of the list (spec 03 §3.10). */
export interface FilaCertificado {
  codigoCertificadoManufactura: number;
  documento: string | null;
  codigoEstadoAutorizado: number;
  descripcionEstadoAutorizado: string;
  codigoEmpresaUsuario: number;
  empresaUsuario: string;
  fechaRegistro: string;
  fechaEmision: string;
  fechaFinVigencia: string;
  diasVigencia: number;
  estadoAnulado: number;
  usuarioRegistro: string | null;
  cantidadArchivos: number;
  rutaPdf: string | null;
}

export interface LineaDetalle {
  codigoCertificadoManufacturaDetalle: number;
  codigoCatalogoUsuario: number;
  descripcionProducto: string;
  numeroPartida: string;
  cantidad: number;
  codigoUnidadMedida: string;
  descripcionUnidadMedida: string;
  cantidadBulto: number;
  codigoTipoBulto: string | null;
  descripcionTipoBulto: string | null;
  pesoNeto: number;
  pesoBruto: number;
}

/** ConsultarCertificadoManufactura (spec 02 §3 Response). */
export interface Certificado {
  codigoCertificadoManufactura: number;
  documento: string | null;
  codigoEstadoAutorizado: number;
  descripcionEstadoAutorizado: string;
  estadoAnulado: number;
  codigoEmpresaUsuario: number;
  razonSocial: string;
  ruc: string;
  direccion: string | null;
  numeroTelefonico: string | null;
  correoElectronico: string | null;
  fechaEmision: string;
  fechaFinVigencia: string;
  diasVigencia: number;
  usuarioRegistro: string | null;
  fechaRegistro: string;
  cantidadBultos: number;
  observaciones: string | null;
  opcionNuevaFuncionalidad: boolean;
  opcionGeneraValor: boolean;
  nombreAutorizador: string | null;
  fechaAutorizacion: string | null;
  rutaPdf: string | null;
  detalle: LineaDetalle[];
  archivos: {
    codigoCertificadoManufacturaArchivo: number;
    nombreArchivo: string;
    rutaArchivo: string;
    tamanio: number;
  }[];
}

/** A catalogue search result (spec 02 §3: codigoCatalogoUsuario, descripcion, codigoUnidadMedida, codigoInterno). */
export interface ProductoCatalogo {
  codigoCatalogoUsuario: number;
  descripcion: string;
  codigoUnidadMedida: string;
  codigoInterno: string | null;
  numeroPartida?: string;
}

export function useCertificado(codigo: number | null) {
  return useQuery({
    queryKey: ['certificado', codigo],
    enabled: codigo !== null,
    queryFn: async () =>
      (
        await api.get<Certificado>('/Movimiento/ConsultarCertificadoManufactura', {
          CodigoCertificadoManufactura: codigo,
        })
      ).data,
  });
}

/** Refreshes the list and any open certificate. */
export function useRefrescar() {
  const cliente = useQueryClient();
  return () => {
    void cliente.invalidateQueries({ queryKey: ['lista', RUTA_LISTA] });
    void cliente.invalidateQueries({ queryKey: ['certificado'] });
  };
}

export const buscarProductos = async (descripcion: string, codigoEmpresaUsuario?: number) =>
  (
    await api.get<ProductoCatalogo[]>('/CatalogoUsuario/ConsultarDatosDescripcion', {
      Descripcion: descripcion,
      CodigoEmpresaUsuario: codigoEmpresaUsuario,
    })
  ).data;

export const guardarCertificado = (data: CertificadoFormulario, opciones?: OpcionesLlamada) =>
  api.post<number>('/Movimiento/GuardarCertificadoManufactura', { data }, opciones);

export function agregarDocumento(d: { codigo: number; empresa: number; usuario: string; archivo: File }) {
  const datos = new FormData();
  datos.set('CodigoCertificadoManufactura', String(d.codigo));
  datos.set('CodigoEmpresaUsuario', String(d.empresa));
  datos.set('UsuarioRegistro', d.usuario);
  datos.set('Archivo', d.archivo, d.archivo.name);
  return api.subir<null>('/Movimiento/AgregarDocumentoSustentoActa', datos, { manejar: [400, 413, 415, 422] });
}

export const aprobarRechazar = (data: AprobacionFormulario) =>
  api.post<{ codigoEstadoAutorizado: number; numeroCertificado: string | null }>(
    '/Movimiento/AprobarRechazarCertificadoManufactura',
    { data },
    { manejar: [409, 422] },
  );

export const eliminarCertificado = (codigo: number, usuario: string) =>
  api.post<{ estadoAnulado: number }>('/Movimiento/EliminarCertificadoManufactura', {
    codigoCertificadoManufactura: codigo,
    usuarioRegistro: usuario,
  });

/** The generated PDF of an authorized certificate, or a supporting document, from an API path the server gave. */
export function descargarRuta(rutaApi: string, nombre: string) {
  const [ruta, consulta] = rutaApi.replace(/^\/api/, '').split('?');
  return api.descargar(ruta ?? '', Object.fromEntries(new URLSearchParams(consulta ?? '')), nombre);
}

/** Public verification (no session needed). */
export async function verificarCertificado(numero: string, codigo: string) {
  const q = new URLSearchParams({ NumeroCertificado: numero, CodigoVerificacion: codigo });
  const r = await fetch(`/api/Movimiento/VerificarCertificadoManufactura?${q}`);
  if (!r.ok) throw new Error('No se pudo verificar el certificado. Intente nuevamente.');
  return ((await r.json()) as { data: ResultadoVerificacion }).data;
}
