import { apiMovimiento, type MovimientoFormulario } from '@cronos/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { llamarRuta } from '../../../shared/api/ruta';
import { aOrden, guardarComo } from '.';
import { clavesInventario } from './inventario';

/** An order by its id or by its entry code ('OP…'). */
export type ConsultaOrden =
  | { CodigoMovimiento: number; CodigoIngreso?: undefined }
  | { CodigoIngreso: string; CodigoMovimiento?: undefined };

/** Query keys of the orders: one factory, so every invalidation names what it refreshes. */
export const clavesOrdenes = {
  todo: ['ordenes'] as const,
  detalles: () => [...clavesOrdenes.todo, 'detalle'] as const,
  /** By id or by entry code ('OP…'), as the route was opened. */
  detalle: (clave: string | number) => [...clavesOrdenes.detalles(), String(clave)] as const,
  archivos: (codigoMovimiento: number) => [...clavesOrdenes.todo, 'archivos', codigoMovimiento] as const,
};

/** An order with its documents and lines (ListarRegistro), by id or by entry code. */
export const useOrden = (consulta: ConsultaOrden) =>
  useQuery({
    queryKey: clavesOrdenes.detalle(consulta.CodigoMovimiento ?? consulta.CodigoIngreso ?? ''),
    queryFn: async () => aOrden((await llamarRuta(apiMovimiento.listarRegistro, { query: consulta })).data),
    retry: false,
  });

/** The files of an order (supporting documents and the documents panel's). */
export const useArchivosOrden = (codigoMovimiento: number, habilitada = true) =>
  useQuery({
    queryKey: clavesOrdenes.archivos(codigoMovimiento),
    enabled: habilitada,
    queryFn: async () =>
      (await llamarRuta(apiMovimiento.archivos, { query: { CodigoMovimiento: codigoMovimiento } })).data,
  });

/**
 * Registers an order, or updates one card of it. A documents save brings the stored documents back (the
 * screen reloads the order); a header card only marks the order stale, so the other cards keep what the
 * user is typing (the answer carries the order's new version).
 */
export function useGuardarOrden() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (data: MovimientoFormulario) => llamarRuta(apiMovimiento.guardar, { body: { data }, manejar: [422] }),
    onSuccess: (_r, data) => {
      // Exit lines hold lots: the kardex picker reads their free stock again.
      void cliente.invalidateQueries({ queryKey: clavesInventario.todo });
      if (!data.codigoMovimiento) return;
      void cliente.invalidateQueries({
        queryKey: clavesOrdenes.detalles(),
        refetchType: data.seccion === 'documentos' ? 'active' : 'none',
      });
    },
  });
}

/** Tells the company and the entry gate that a new order is registered (its failure is not the user's concern). */
export const useNotificarOrden = () =>
  useMutation({
    mutationFn: (CodigoMovimiento: number) =>
      llamarRuta(apiMovimiento.enviarNotificacion, { body: { data: { CodigoMovimiento } }, silencioso: true }),
  });

/** Deletes a stored document (and its lines, releasing their lots): the order is read again. */
export function useEliminarDocumento() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (codigoMovimientoDocumento: number) =>
      llamarRuta(apiMovimiento.eliminarDocumento, { body: { data: { codigoMovimientoDocumento } } }),
    onSuccess: () => {
      void cliente.invalidateQueries({ queryKey: clavesOrdenes.detalles() });
      void cliente.invalidateQueries({ queryKey: clavesInventario.todo });
    },
  });
}

/** Deletes a stored product line (releasing its lots): the order is read again. */
export function useEliminarDetalle() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (codigoMovimientoDetalle: number) =>
      llamarRuta(apiMovimiento.eliminarDetalle, { body: { data: { codigoMovimientoDetalle } } }),
    onSuccess: () => {
      void cliente.invalidateQueries({ queryKey: clavesOrdenes.detalles() });
      void cliente.invalidateQueries({ queryKey: clavesInventario.todo });
    },
  });
}

/** Deletes a file of the documents panel. */
export function useEliminarArchivo(codigoMovimiento: number) {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (CodigoMovimientoArchivo: number) =>
      llamarRuta(apiMovimiento.eliminarArchivo, { body: { data: { CodigoMovimientoArchivo } } }),
    onSuccess: () => cliente.invalidateQueries({ queryKey: clavesOrdenes.archivos(codigoMovimiento) }),
  });
}

/** Uploads files to an order: the form's supporting documents or the documents panel's. */
export function useSubirArchivos() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (v: {
      codigoMovimiento: number;
      codigoIngreso: string;
      archivos: File[];
      categoria: 'sustento' | 'panel';
    }) => {
      const f = new FormData();
      f.append('CodigoMovimiento', String(v.codigoMovimiento));
      f.append('CodigoIngreso', v.codigoIngreso);
      for (const a of v.archivos) f.append('files', a, a.name);
      return llamarRuta(apiMovimiento.guardarArchivos, { query: { Categoria: v.categoria }, body: f });
    },
    onSuccess: (_r, v) => cliente.invalidateQueries({ queryKey: clavesOrdenes.archivos(v.codigoMovimiento) }),
  });
}

/** A supporting document of the creation form, checked by content and kept until the order is saved. */
export const useCargarTemporal = () =>
  useMutation({
    mutationFn: (archivo: File) => {
      const f = new FormData();
      f.append('files', archivo, archivo.name);
      return llamarRuta(apiMovimiento.cargarTemporal, { body: f, silencioso: true });
    },
  });

/** 'Carga detalle del movimiento': documents and lines from the Excel template; the order is read again. */
export function useCargarDetalle() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (v: { codigoMovimiento: number; archivo: File }) => {
      const f = new FormData();
      f.append('CodigoMovimiento', String(v.codigoMovimiento));
      f.append('archivo', v.archivo, v.archivo.name);
      return llamarRuta(apiMovimiento.registrarDetalleEspecial, { body: f, manejar: [403, 413, 415, 422] });
    },
    onSuccess: () => void cliente.invalidateQueries({ queryKey: clavesOrdenes.detalles() }),
  });
}

/** The authorised-release (levante) query of a declaration (office-year-regime-number). */
export const useConsultarLevante = () =>
  useMutation({
    mutationFn: (NumeroDeclaracion: string) =>
      llamarRuta(apiMovimiento.consultarLevante, { query: { NumeroDeclaracion }, manejar: [422] }),
  });

/** Downloads the Excel template of the detail load. */
export async function descargarPlantillaDetalle() {
  guardarComo(await llamarRuta(apiMovimiento.plantillaDetalleEspecial), 'plantilla-detalle-movimiento.xlsx');
}

/** Downloads a file of an order under its own name. */
export async function descargarArchivoOrden(a: { codigoMovimientoArchivo: number; nombreArchivo: string }) {
  const archivo = await llamarRuta(apiMovimiento.descargarArchivo, {
    query: { CodigoMovimientoArchivo: a.codigoMovimientoArchivo },
  });
  guardarComo(archivo, a.nombreArchivo);
}
