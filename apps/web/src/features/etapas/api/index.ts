import {
  apiBalanza,
  apiControlSeguridad,
  apiMovimiento,
  apiVerificacion,
  type BodyDe,
  type DatosControlEtapa,
  type FilaEtapa,
  type ItemControlEtapa,
  type LineaEtapa,
  MENSAJES_ETAPAS,
  type QueryDe,
} from '@cronos/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorApi } from '../../../shared/api/cliente';
import { llamarRuta } from '../../../shared/api/ruta';

export type { FilaEtapa };
export type DatosControl = DatosControlEtapa;
export type ItemControl = ItemControlEtapa;
export type Linea = LineaEtapa;

/** Query keys of the gate stages: one factory, so every invalidation names what it refreshes. */
export const clavesEtapas = {
  todo: ['etapas'] as const,
  busqueda: (ruta: string, consulta: Record<string, unknown> | null) =>
    [...clavesEtapas.todo, 'busqueda', ruta, consulta] as const,
  ordenes: () => [...clavesEtapas.todo, 'orden'] as const,
  datos: (codigoMovimiento: number) => [...clavesEtapas.ordenes(), codigoMovimiento, 'datos'] as const,
  configuracion: (codigoMovimiento: number, tipo: number) =>
    [...clavesEtapas.ordenes(), codigoMovimiento, 'verificacion', tipo] as const,
  archivos: (codigoMovimiento: number) => [...clavesEtapas.ordenes(), codigoMovimiento, 'archivos'] as const,
  items: (tipoControl: number, tipoIngreso: string) =>
    [...clavesEtapas.todo, 'items', tipoControl, tipoIngreso] as const,
  bloqueo: (codigoEmpresaUsuario: number) => [...clavesEtapas.todo, 'bloqueo', codigoEmpresaUsuario] as const,
  estadoBalanza: (tipo: number) => [...clavesEtapas.todo, 'balanza', tipo] as const,
  imagenes: (consulta: QueryDe<typeof apiVerificacion.imagenes> | null) =>
    [...clavesEtapas.todo, 'imagenes', consulta] as const,
};

/** The three stage searches (security control, weighing and exit control, verification). */
export type DefBusqueda = typeof apiControlSeguridad.buscar | typeof apiBalanza.buscar | typeof apiVerificacion.buscar;
export type ConsultaBusqueda = QueryDe<typeof apiVerificacion.buscar>;

/** The query of a stage search: an OP code or an identity document, upper-cased (spec 03 §5.1). */
export function consultaDe(texto: string, estado: number, extra: Record<string, number> = {}): ConsultaBusqueda {
  const t = texto.trim().toUpperCase();
  const clave = /^OP/i.test(t) ? 'CodigoIngreso' : 'NumeroDocumentoIdentidad';
  return { [clave]: t, CodigoEstadoMovimiento: estado, ...extra } as ConsultaBusqueda;
}

/**
 * A stage search. Nothing found is a 200 with no rows and the spec's warning as its message
 * (docs/adr/0035-tabla-de-etapas.md); the caller shows it.
 */
export const opcionesBusqueda = (def: DefBusqueda, consulta: ConsultaBusqueda) => ({
  queryKey: clavesEtapas.busqueda(def.ruta, consulta),
  queryFn: async () => {
    const r = await llamarRuta(def as typeof apiVerificacion.buscar, { query: consulta, manejar: [409] });
    return { filas: r.data, aviso: r.data.length ? '' : r.message || MENSAJES_ETAPAS.sinDatos };
  },
  staleTime: 0,
});

export const useBusquedaEtapa = (def: DefBusqueda, consulta: ConsultaBusqueda | null) =>
  useQuery({
    ...opcionesBusqueda(def, consulta ?? {}),
    enabled: consulta !== null,
  });

/** Control data of the chosen order (entry control reads its own route; the others Balanza's). */
export const useDatosControl = (codigoMovimiento: number | null, ruta: 'control' | 'balanza' = 'balanza') =>
  useQuery({
    queryKey: clavesEtapas.datos(codigoMovimiento ?? 0),
    enabled: codigoMovimiento !== null,
    queryFn: async () =>
      (
        await llamarRuta(ruta === 'control' ? apiControlSeguridad.datosControl : apiBalanza.datosControl, {
          query: { CodigoMovimiento: codigoMovimiento ?? 0 },
        })
      ).data,
  });

/** The configured checklist of a control type for an entry type. */
export const useItemsControl = (tipoControl: number, tipoIngreso: string | undefined) =>
  useQuery({
    queryKey: clavesEtapas.items(tipoControl, tipoIngreso ?? ''),
    enabled: Boolean(tipoIngreso),
    staleTime: 5 * 60_000,
    queryFn: async () =>
      (
        await llamarRuta(apiControlSeguridad.items, {
          query: { CodigoTipoControl: tipoControl, CodigoTipoIngreso: tipoIngreso ?? '' },
        })
      ).data,
  });

/** The debt block of a company (spec 03 §4.6): asked afresh each time an order is chosen. */
export const opcionesBloqueo = (codigoEmpresaUsuario: number) => ({
  queryKey: clavesEtapas.bloqueo(codigoEmpresaUsuario),
  staleTime: 0,
  queryFn: async () =>
    (await llamarRuta(apiControlSeguridad.bloqueo, { query: { Codigo: codigoEmpresaUsuario }, silencioso: true })).data,
});

/**
 * Orders this tab has just saved a stage of: when the live refresh finds that such an order left the screen,
 * that is the save's own doing and the success message already said so (no second warning).
 */
const guardadasAqui = new Set<number>();
export const marcarGuardadaAqui = (codigoMovimiento: number) => {
  guardadasAqui.add(codigoMovimiento);
  setTimeout(() => guardadasAqui.delete(codigoMovimiento), 60_000);
};
export const guardadaAqui = (codigoMovimiento: number) => guardadasAqui.has(codigoMovimiento);

/** After a stage save: the searches and the order's data are stale. */
function useRefrescarEtapas() {
  const cliente = useQueryClient();
  return () => cliente.invalidateQueries({ queryKey: clavesEtapas.todo });
}

/** Security control save: entry (type 1) or exit (type 6, Balanza's route with `{ data }`). */
export function useGuardarControl(salida: boolean) {
  const refrescar = useRefrescarEtapas();
  return useMutation({
    mutationFn: (form: BodyDe<typeof apiControlSeguridad.guardarIngreso>) => {
      marcarGuardadaAqui(Number(form.codigoMovimiento));
      return salida
        ? llamarRuta(apiBalanza.guardarControlSalida, { body: { data: form }, manejar: [409, 422, 423] })
        : llamarRuta(apiControlSeguridad.guardarIngreso, { body: form, manejar: [409, 422, 423] });
    },
    onSettled: refrescar,
  });
}

/** The driver and carrier dialog's update (spec 03 §2.9). */
export function useActualizarConductor() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyDe<typeof apiControlSeguridad.actualizarTransportista>) =>
      llamarRuta(apiControlSeguridad.actualizarTransportista, { body, manejar: [409, 422] }),
    // Also after a refusal: a 409 means the order changed meanwhile, and the dialog reopens on the new data.
    onSettled: () => cliente.invalidateQueries({ queryKey: clavesEtapas.ordenes() }),
  });
}

/** 'Registro Empresa' (spec 03 §2.10). */
export const useRegistrarTransportista = () =>
  useMutation({
    mutationFn: (body: BodyDe<typeof apiControlSeguridad.guardarTransportista>) =>
      llamarRuta(apiControlSeguridad.guardarTransportista, { body, manejar: [409, 422, 500] }),
  });

/** The live state of the truck scale's indicator while it is chosen. */
export const useEstadoBalanza = (tipo: number | undefined) =>
  useQuery({
    queryKey: clavesEtapas.estadoBalanza(tipo ?? 0),
    enabled: tipo === 1,
    refetchInterval: 3_000,
    queryFn: async () => (await llamarRuta(apiBalanza.estado, { query: { TipoBalanza: 1 }, silencioso: true })).data,
  });

/** A capture from the scale (it is stored on the server, so it is a mutation). */
export const useCapturaPeso = (salida: boolean) =>
  useMutation({
    mutationFn: async (q: QueryDe<typeof apiBalanza.segundoPesaje>) =>
      salida
        ? (await llamarRuta(apiBalanza.segundoPesaje, { query: q, manejar: [409, 422, 503] })).data
        : (await llamarRuta(apiBalanza.primerPesaje, { query: q, manejar: [409, 422, 503] })).data,
  });

/** Entry or exit weighing save. */
export function useGuardarPesaje(salida: boolean) {
  const refrescar = useRefrescarEtapas();
  return useMutation({
    mutationFn: (data: BodyDe<typeof apiBalanza.guardarIngreso>['data']) => {
      marcarGuardadaAqui(Number(data.codigoMovimiento));
      return llamarRuta(salida ? apiBalanza.guardarSalida : apiBalanza.guardarIngreso, {
        body: { data },
        manejar: [409, 422, 503],
      });
    },
    onSettled: refrescar,
  });
}

/** The verification checklist of an order, and its saved verification when there is one. */
export const opcionesConfiguracion = (codigoMovimiento: number, tipo: 3 | 5) => ({
  queryKey: clavesEtapas.configuracion(codigoMovimiento, tipo),
  queryFn: async () =>
    (
      await llamarRuta(apiVerificacion.configuracion, {
        query: { CodigoMovimiento: codigoMovimiento, CodigoTipoControl: tipo },
        silencioso: true,
      })
    ).data,
});
export const useConfiguracionVerificacion = (codigoMovimiento: number | null, tipo: 3 | 5) =>
  useQuery({ ...opcionesConfiguracion(codigoMovimiento ?? 0, tipo), enabled: codigoMovimiento !== null });

/** Verification save, image upload and 'Finalizar registro': each refreshes the order's verification. */
export function useVerificacionMutaciones(codigoMovimiento: number, tipo: 3 | 5) {
  const cliente = useQueryClient();
  const refrescar = () => cliente.invalidateQueries({ queryKey: clavesEtapas.configuracion(codigoMovimiento, tipo) });
  return {
    guardar: useMutation({
      mutationFn: (data: BodyDe<typeof apiVerificacion.guardar>['data']) =>
        llamarRuta(apiVerificacion.guardar, { body: { data }, silencioso: true, timeoutMs: 12_000 }),
      onSuccess: refrescar,
    }),
    subir: useMutation({
      mutationFn: (archivo: File) => {
        const datos = new FormData();
        datos.set('CodigoMovimiento', String(codigoMovimiento));
        datos.set('CodigoTipoControl', String(tipo));
        datos.set('UsuarioRegistro', '');
        datos.set('files', archivo, archivo.name);
        return llamarRuta(apiVerificacion.subirImagenPanel, { body: datos, silencioso: true });
      },
      onSuccess: refrescar,
    }),
    agregarDesdeOrden: useMutation({
      mutationFn: (codigos: number[]) =>
        llamarRuta(apiVerificacion.agregarDesdeOrden, {
          body: {
            data: {
              codigoMovimiento,
              codigoTipoControl: tipo,
              usuarioRegistro: '',
              imagenes: codigos.map((codigoMovimientoArchivo) => ({ codigoMovimientoArchivo })),
            },
          },
          silencioso: true,
        }),
      onSuccess: refrescar,
    }),
    finalizar: useMutation({
      mutationFn: () =>
        llamarRuta(apiVerificacion.finalizar, {
          body: { data: { codigoMovimiento, codigoTipoControl: tipo } },
          silencioso: true,
        }),
      // A finalized verification's checklist can no longer be read (the server answers 409): the screen is
      // cleared and its query is not refetched; everything else of the stages is refreshed.
      onSettled: (_r, error) => {
        const clave = clavesEtapas.configuracion(codigoMovimiento, tipo);
        return cliente.invalidateQueries({
          queryKey: clavesEtapas.todo,
          predicate: (q) => error !== null || JSON.stringify(q.queryKey) !== JSON.stringify(clave),
        });
      },
    }),
  };
}

/** The images of an order's verifications (verified operations screen). */
export const useImagenesVerificacion = (consulta: QueryDe<typeof apiVerificacion.imagenes> | null) =>
  useQuery({
    queryKey: clavesEtapas.imagenes(consulta),
    enabled: consulta !== null,
    queryFn: async () => {
      const r = await llamarRuta(apiVerificacion.imagenes, { query: consulta ?? {}, manejar: [404] });
      return r.data;
    },
  });

/** The order's files (supporting documents and photos), for the weighing drawer and 'Usar fotos de la orden'. */
export const useArchivosOrden = (codigoMovimiento: number, habilitado: boolean) =>
  useQuery({
    queryKey: clavesEtapas.archivos(codigoMovimiento),
    enabled: habilitado,
    queryFn: async () =>
      (await llamarRuta(apiMovimiento.archivos, { query: { CodigoMovimiento: codigoMovimiento } })).data,
  });

/** Adds a supporting document to the order (its own upload, area 'sustento'). */
export function useSubirSustento(codigoMovimiento: number, codigoIngreso: string) {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (archivo: File) => {
      const datos = new FormData();
      datos.append('CodigoMovimiento', String(codigoMovimiento));
      datos.append('CodigoIngreso', codigoIngreso);
      datos.append('files', archivo, archivo.name);
      return llamarRuta(apiMovimiento.guardarArchivos, {
        query: { Categoria: 'sustento' },
        body: datos,
        manejar: [409, 413, 415, 422],
      });
    },
    onSuccess: () => cliente.invalidateQueries({ queryKey: clavesEtapas.archivos(codigoMovimiento) }),
  });
}

/** Hands a downloaded file to the browser under its own name. */
function guardarComo(archivo: Blob, nombre: string) {
  const url = URL.createObjectURL(archivo);
  const a = document.createElement('a');
  a.href = url;
  a.download = nombre;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads one of the order's files. */
export async function descargarArchivoOrden(a: { codigoMovimientoArchivo: number; nombreArchivo: string }) {
  guardarComo(
    await llamarRuta(apiMovimiento.descargarArchivo, { query: { CodigoMovimientoArchivo: a.codigoMovimientoArchivo } }),
    a.nombreArchivo,
  );
}

export const mensajeDe = (e: unknown) =>
  e instanceof ErrorApi ? e.message : 'Advertencia, ocurrio otro tipo de error';

export { type Imagen, urlImagen } from '../../../shared/ui/imagenes-verificacion';
