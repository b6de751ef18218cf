import {
  type AprobacionFormulario,
  apiCertificado,
  apiCip,
  type CertificadoFormulario,
  type DetalleCertificado,
  type FilaCertificado,
  type LineaDetalleCertificado,
} from '@cronos/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { llamarRuta } from '../../../shared/api/ruta';
import { claveLista } from '../../../shared/tabla/use-lista-paginada';
import { buscarPorDescripcion } from '../../../shared/catalogo/api';
import { descargarComo } from '../../../shared/api/descarga';

export type { FilaCertificado };
/** ConsultarCertificadoManufactura (spec 02 §3 Response). */
export type Certificado = DetalleCertificado;
export type LineaDetalle = LineaDetalleCertificado;

/** A catalogue search result (spec 02 §3: codigoCatalogoUsuario, descripcion, codigoUnidadMedida, codigoInterno). */
export interface ProductoCatalogo {
  codigoCatalogoUsuario: number;
  descripcion: string;
  codigoUnidadMedida: string;
  codigoInterno: string | null;
  numeroPartida?: string;
}

/** Query keys of the certificates: one factory, so every invalidation names what it refreshes. */
export const clavesCertificados = {
  todo: ['certificados'] as const,
  /** The list's pages: the shared table (TablaDatos) keys them by the route's path. */
  listas: () => claveLista(apiCertificado.listar),
  detalles: () => [...clavesCertificados.todo, 'detalle'] as const,
  detalle: (codigo: number | null) => [...clavesCertificados.detalles(), codigo] as const,
  productos: (descripcion: string, codigoEmpresaUsuario?: number) =>
    [...clavesCertificados.todo, 'productos', descripcion, codigoEmpresaUsuario ?? null] as const,
  verificacion: (numero: string, codigo: string) =>
    [...clavesCertificados.todo, 'verificacion', numero, codigo] as const,
};

/** The path the list screen hands to the shared table. */
export const RUTA_LISTA = apiCertificado.listar;

/** One certificate with its company, lines and documents (the approval and detail dialogs, the documents step). */
export function useCertificado(codigo: number | null) {
  return useQuery({
    queryKey: clavesCertificados.detalle(codigo),
    enabled: codigo !== null,
    queryFn: async () =>
      (await llamarRuta(apiCertificado.consultar, { query: { CodigoCertificadoManufactura: codigo ?? 0 } })).data,
  });
}

/** Refreshes the list and any open certificate. */
export function useRefrescar() {
  const cliente = useQueryClient();
  return () => {
    void cliente.invalidateQueries({ queryKey: clavesCertificados.listas() });
    void cliente.invalidateQueries({ queryKey: clavesCertificados.detalles() });
  };
}

/** The request (step Registro): answers the new certificate's code. The dialog shows 422 and 500 itself. */
export function useGuardarCertificado() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: async (data: CertificadoFormulario) =>
      (await llamarRuta(apiCertificado.guardar, { body: { data }, manejar: [422, 500] })).data,
    onSuccess: () => cliente.invalidateQueries({ queryKey: clavesCertificados.listas() }),
  });
}

/** Attaches a supporting PDF; the certificate's documents and the list's count refresh. */
export function useAgregarDocumento() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (d: { codigo: number; empresa: number; usuario: string; archivo: File }) => {
      const datos = new FormData();
      datos.set('CodigoCertificadoManufactura', String(d.codigo));
      datos.set('CodigoEmpresaUsuario', String(d.empresa));
      datos.set('UsuarioRegistro', d.usuario);
      datos.set('Archivo', d.archivo, d.archivo.name);
      return llamarRuta(apiCertificado.agregarDocumento, { body: datos, manejar: [400, 413, 415, 422] });
    },
    onSuccess: (_r, d) =>
      Promise.all([
        cliente.invalidateQueries({ queryKey: clavesCertificados.detalle(d.codigo) }),
        cliente.invalidateQueries({ queryKey: clavesCertificados.listas() }),
      ]),
  });
}

/**
 * Authorize or reject. A refusal because another approver acted first (409) or a missing option (422) is
 * shown by the dialog; the list and the certificate refresh either way.
 */
export function useAprobarRechazar() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (data: AprobacionFormulario) =>
      llamarRuta(apiCertificado.aprobarRechazar, { body: { data }, manejar: [409, 422] }),
    onSettled: () =>
      Promise.all([
        cliente.invalidateQueries({ queryKey: clavesCertificados.listas() }),
        cliente.invalidateQueries({ queryKey: clavesCertificados.detalles() }),
      ]),
  });
}

/** Disables an enabled request, or enables a disabled one. */
export function useEliminarCertificado() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (v: { codigo: number; usuario: string }) =>
      llamarRuta(apiCertificado.eliminar, {
        body: { codigoCertificadoManufactura: v.codigo, usuarioRegistro: v.usuario },
      }),
    onSuccess: (_r, v) =>
      Promise.all([
        cliente.invalidateQueries({ queryKey: clavesCertificados.listas() }),
        cliente.invalidateQueries({ queryKey: clavesCertificados.detalle(v.codigo) }),
      ]),
  });
}

/** The generated PDF of an authorized certificate. */
export const descargarCertificado = (codigo: number, nombre: string) =>
  descargarComo(
    () => llamarRuta(apiCertificado.descargarPdf, { query: { CodigoCertificadoManufactura: codigo } }),
    nombre,
  );

/** A supporting document of a certificate. */
export const descargarDocumento = (codigoArchivo: number, nombre: string) =>
  descargarComo(
    () =>
      llamarRuta(apiCertificado.descargarDocumento, { query: { CodigoCertificadoManufacturaArchivo: codigoArchivo } }),
    nombre,
  );

/**
 * The catalogue search of the request dialog (shared/catalogo). `descripcion` null: nothing searched yet.
 */
const consultaProductos = (descripcion: string, codigoEmpresaUsuario?: number) => ({
  queryKey: clavesCertificados.productos(descripcion, codigoEmpresaUsuario),
  queryFn: () => buscarPorDescripcion({ Descripcion: descripcion, CodigoEmpresaUsuario: codigoEmpresaUsuario }),
});
export const useProductosCatalogo = (descripcion: string | null, codigoEmpresaUsuario?: number) =>
  useQuery({ ...consultaProductos(descripcion ?? '', codigoEmpresaUsuario), enabled: descripcion !== null });
/** Runs a search now (the Buscar button) and resolves to its rows; useProductosCatalogo then reads them. */
export function useBuscarProductos() {
  const cliente = useQueryClient();
  return (descripcion: string, codigoEmpresaUsuario?: number) =>
    cliente.fetchQuery({ ...consultaProductos(descripcion, codigoEmpresaUsuario), staleTime: 0 });
}

export const MENSAJE_VERIFICACION_FALLIDA = 'No se pudo verificar el certificado. Intente nuevamente.';

/** Public verification (no session needed): whether the certificate is genuine and valid. */
export function useVerificacion(numero: string, codigo: string) {
  return useQuery({
    queryKey: clavesCertificados.verificacion(numero, codigo),
    enabled: numero !== '',
    staleTime: 0,
    queryFn: async () =>
      (
        await llamarRuta(apiCertificado.verificar, {
          query: { NumeroCertificado: numero, CodigoVerificacion: codigo },
          silencioso: true,
        })
      ).data,
  });
}

/** Production reports a request can take its lines from: the company's latest 50. */
export function useProduccionesCertificables(codigoEmpresaUsuario: number | undefined, habilitada: boolean) {
  return useQuery({
    queryKey: ['cip', 'producciones-certificables', codigoEmpresaUsuario ?? 0],
    enabled: habilitada,
    queryFn: async () =>
      (
        await llamarRuta(apiCip.listarProduccion, {
          query: { CodigoEmpresaUsuario: codigoEmpresaUsuario ?? -1, limit: 50 },
        })
      ).data,
  });
}
