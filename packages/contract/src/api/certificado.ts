import { z } from 'zod';
import {
  aprobarCertificadoEntrada,
  consultaCertificado,
  eliminarCertificadoEntrada,
  guardarCertificadoEntrada,
  verificacionCertificado,
} from '../certificado';
import { consultaPaginada, entero } from '../comun';
import { archivo, dia, instante, ruta, sobre, sobrePaginado, sobreVacio } from './definicion';

/** A row of the certificate list (spec 02 §3 "List row", spec 03 §3.10). */
export const filaCertificado = z.object({
  codigoCertificadoManufactura: z.number().int(),
  /** The certificate number (CM-yyyy-nnnnnn); null until authorized ('SIN CERTIFICADO'). */
  documento: z.string().nullable(),
  codigoEstadoAutorizado: z.number().int(),
  descripcionEstadoAutorizado: z.string(),
  codigoEmpresaUsuario: z.number().int(),
  empresaUsuario: z.string(),
  fechaRegistro: instante(),
  fechaEmision: dia(),
  fechaFinVigencia: dia(),
  diasVigencia: z.number().int(),
  estadoAnulado: z.number().int(),
  usuarioRegistro: z.string().nullable(),
  cantidadArchivos: z.number().int(),
  /** API path of the generated PDF (authorized certificates only). */
  rutaPdf: z.string().nullable(),
});
export type FilaCertificado = z.infer<typeof filaCertificado>;

/** A product line of a certificate (spec 02 §3 "Detail line"), with the names of its codes. */
export const lineaDetalleCertificado = z.object({
  codigoCertificadoManufacturaDetalle: z.number().int(),
  codigoCatalogoUsuario: z.number().int(),
  descripcionProducto: z.string(),
  numeroPartida: z.string(),
  cantidad: z.number(),
  codigoUnidadMedida: z.string(),
  descripcionUnidadMedida: z.string(),
  cantidadBulto: z.number(),
  codigoTipoBulto: z.string().nullable(),
  descripcionTipoBulto: z.string().nullable(),
  pesoNeto: z.number(),
  pesoBruto: z.number(),
  /** The production report backing the line, with its number and date. */
  codigoProduccion: z.number().int().nullable(),
  numeroProduccion: z.string().nullable(),
  fechaProduccion: dia().nullable(),
});
export type LineaDetalleCertificado = z.infer<typeof lineaDetalleCertificado>;

/** A supporting document of a certificate; `rutaArchivo` is the API path that downloads it. */
export const archivoCertificado = z.object({
  codigoCertificadoManufacturaArchivo: z.number().int(),
  nombreArchivo: z.string(),
  rutaArchivo: z.string(),
  tamanio: z.number().int(),
  fechaRegistro: instante(),
});

/** ConsultarCertificadoManufactura (spec 02 §3 "Response"): the certificate, its company, lines and documents. */
export const detalleCertificado = z.object({
  codigoCertificadoManufactura: z.number().int(),
  documento: z.string().nullable(),
  codigoEstadoAutorizado: z.number().int(),
  descripcionEstadoAutorizado: z.string(),
  estadoAnulado: z.number().int(),
  codigoEmpresaUsuario: z.number().int(),
  razonSocial: z.string(),
  ruc: z.string(),
  direccion: z.string().nullable(),
  numeroTelefonico: z.string().nullable(),
  correoElectronico: z.string().nullable(),
  fechaEmision: dia(),
  fechaFinVigencia: dia(),
  diasVigencia: z.number().int(),
  usuarioRegistro: z.string().nullable(),
  fechaRegistro: instante(),
  cantidadBultos: z.number(),
  observaciones: z.string().nullable(),
  opcionNuevaFuncionalidad: z.boolean(),
  opcionGeneraValor: z.boolean(),
  nombreAutorizador: z.string().nullable(),
  fechaAutorizacion: instante().nullable(),
  rutaPdf: z.string().nullable(),
  detalle: z.array(lineaDetalleCertificado),
  archivos: z.array(archivoCertificado),
});
export type DetalleCertificado = z.infer<typeof detalleCertificado>;

/** Public verification: says only whether the certificate is genuine and valid. */
export const resultadoVerificacion = z.object({
  numeroCertificado: z.string(),
  /** Genuine (number and code match an authorized, enabled certificate) and within its validity. */
  valido: z.boolean(),
  estado: z.enum(['VIGENTE', 'VENCIDO', 'NO_VIGENTE_AUN', 'NO_VALIDO']),
  /** Only for a genuine certificate: the validity printed on it. */
  fechaEmision: dia().nullable(),
  fechaFinVigencia: dia().nullable(),
});
export type ResultadoVerificacion = z.infer<typeof resultadoVerificacion>;

/** Manufacture certificates (spec 02 §7 "Certificates"), the generated PDF and the public verification. */
export const apiCertificado = {
  listar: ruta({
    metodo: 'GET',
    ruta: '/Movimiento/ListarDatosCertificadoManufactura',
    resumen: 'Lista paginada de certificados de manufactura (búsqueda por número o empresa)',
    query: consultaPaginada,
    respuesta: sobrePaginado(filaCertificado),
  }),
  guardar: ruta({
    metodo: 'POST',
    ruta: '/Movimiento/GuardarCertificadoManufactura',
    resumen: 'Solicitud de certificado con sus productos; data es el código del certificado nuevo',
    body: guardarCertificadoEntrada,
    respuesta: sobre(z.number().int(), { exito: 'texto' }),
  }),
  agregarDocumento: ruta({
    metodo: 'POST',
    ruta: '/Movimiento/AgregarDocumentoSustentoActa',
    resumen:
      'Documento de sustento en PDF (multipart: CodigoCertificadoManufactura, CodigoEmpresaUsuario, UsuarioRegistro, Archivo; menor a 500 KB)',
    cuerpo: 'multipart',
    respuesta: sobreVacio,
  }),
  consultar: ruta({
    metodo: 'GET',
    ruta: '/Movimiento/ConsultarCertificadoManufactura',
    resumen: 'Certificado con su empresa, productos y documentos',
    query: consultaCertificado,
    respuesta: sobre(detalleCertificado),
  }),
  aprobarRechazar: ruta({
    metodo: 'POST',
    ruta: '/Movimiento/AprobarRechazarCertificadoManufactura',
    resumen: 'Autorizar (3) o rechazar (2) un certificado pendiente',
    body: aprobarCertificadoEntrada,
    respuesta: sobre(z.object({ codigoEstadoAutorizado: z.number().int(), numeroCertificado: z.string().nullable() }), {
      exito: 'texto',
    }),
  }),
  eliminar: ruta({
    metodo: 'POST',
    ruta: '/Movimiento/EliminarCertificadoManufactura',
    resumen: 'Deshabilitar o habilitar un certificado pendiente',
    body: eliminarCertificadoEntrada,
    respuesta: sobre(z.object({ estadoAnulado: z.number().int() })),
  }),
  descargarPdf: ruta({
    metodo: 'GET',
    ruta: '/Movimiento/DescargarCertificadoManufactura',
    resumen: 'PDF generado de un certificado autorizado (con su QR de verificación)',
    query: consultaCertificado,
    respuesta: archivo('application/pdf'),
    tipoRespuesta: 'archivo',
  }),
  descargarDocumento: ruta({
    metodo: 'GET',
    ruta: '/Movimiento/DescargarDocumentoSustentoActa',
    resumen: 'Descarga un documento de sustento del certificado',
    query: z.object({ CodigoCertificadoManufacturaArchivo: entero().positive() }),
    respuesta: archivo('application/pdf'),
    tipoRespuesta: 'archivo',
  }),
  verificar: ruta({
    metodo: 'GET',
    ruta: '/Movimiento/VerificarCertificadoManufactura',
    resumen: 'Verificación pública de un certificado (sin sesión): número y código de verificación del QR',
    query: verificacionCertificado,
    respuesta: sobre(resultadoVerificacion),
  }),
};
