import type { MovimientoFormulario, PersonaEncontrada, ResultadoLevante } from '@cronos/contract';
import { api, type OpcionesLlamada } from '../../shared/api/cliente';

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

export type Orden = Record<string, unknown> & {
  codigoMovimiento: number;
  codigoIngreso: string;
  codigoTipoIngreso: 'VH' | 'PE' | 'PT';
  codigoTipoOperacion: number;
  codigoEmpresaUsuario: number;
  codigoEmpresaAlmacen: number | null;
  codigoEstadoMovimiento: number;
  estadoAnulado?: number;
  fechaIngreso: string;
  documentos: DocumentoOrden[];
};

export interface Lote {
  codigoLote: number;
  producto: string;
  numeroDocumento: string;
  cantidadStock: number;
  cantidad: number;
}
export interface ProductoCatalogo {
  codigoCatalogoUsuario: number;
  descripcion: string;
  codigoUnidadMedida: string;
  codigoInterno: string | null;
  stockDisponible: number | null;
}
export interface RespuestaTransportista {
  success: 'true' | 'false' | '100';
  message: string;
  data: { nombreTransportista: string; codigoTransportistaUsuario: number; extranjero: boolean } | null;
}

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

export const ordenesApi = {
  guardar: (data: MovimientoFormulario, o?: OpcionesLlamada) =>
    api.post<{ codigoMovimiento: number; codigoIngreso: string; version?: number }>(
      '/Movimiento/GuardarMovimiento',
      { data },
      { manejar: [422], ...o },
    ),
  leer: async (params: { CodigoMovimiento?: number; CodigoIngreso?: string }) => {
    const r = await api.get<Orden>('/Movimiento/ListarRegistro', params);
    return {
      ...r.data,
      documentos: r.data.documentos.map((d) => ({
        ...d,
        clave: `g${d.codigoMovimientoDocumento}`,
        modoEdicion: 'guardado' as const,
        productos: d.productos.map((p) => ({
          ...p,
          clave: `g${p.codigoMovimientoDetalle}`,
          modoEdicionProducto: 'guardado' as const,
        })),
      })),
    };
  },
  eliminarDocumento: (codigoMovimientoDocumento: number) =>
    api.post('/Movimiento/EliminarMovimientoDocumento', { data: { codigoMovimientoDocumento } }),
  eliminarDetalle: (codigoMovimientoDetalle: number) =>
    api.post('/Movimiento/EliminarDetalleMovimientoPorCodigo', { data: { codigoMovimientoDetalle } }),
  eliminarArchivo: (CodigoMovimientoArchivo: number) =>
    api.post('/Movimiento/EliminarMovimientoArchivo', { data: { CodigoMovimientoArchivo } }),
  archivos: async (CodigoMovimiento: number) =>
    (
      await api.get<
        { codigoMovimientoArchivo: number; nombreArchivo: string; rutaArchivo: string; categoria: string }[]
      >('/Balanza/ConsutarArchivo', { CodigoMovimiento })
    ).data,
  subirArchivos: (
    codigoMovimiento: number,
    codigoIngreso: string,
    archivos: File[],
    categoria: 'sustento' | 'panel',
  ) => {
    const f = new FormData();
    f.append('CodigoMovimiento', String(codigoMovimiento));
    f.append('CodigoIngreso', codigoIngreso);
    for (const a of archivos) f.append('files', a, a.name);
    return api.subir(`/Movimiento/GuardarImagenMovimiento?Categoria=${categoria}`, f);
  },
  /** A supporting document of the creation form, checked by content and kept until the order is saved. */
  cargarTemporal: (archivo: File) => {
    const f = new FormData();
    f.append('files', archivo, archivo.name);
    return api.subir<{ codigoArchivoTemporal: string; nombreArchivo: string; tamanio: number }>(
      '/Movimiento/CargarArchivoTemporal',
      f,
      { silencioso: true },
    );
  },
  transportista: (q: {
    Ruc: string;
    CodigoEmpresaUsuario?: number;
    CodigoTipoDocumentoEmpresa: string;
    CodigoTipoOperacion?: number;
  }) =>
    api.get<RespuestaTransportista['data']>('/Movimiento/ConsultarTransportistaPorUsuario', q, {
      manejar: [422],
    }) as unknown as Promise<RespuestaTransportista>,
  guardarVigencia: (d: Record<string, unknown>) =>
    api.post<{ codigoTransportistaUsuario: number; nombreTransportista: string }>(
      '/TransportistaUsuario/GuardarTransportistaVigencia',
      d,
      {
        manejar: [422],
      },
    ),
  consultarEmpresa: (ruc: string, codigoEmpresaUsuario?: number) =>
    api.post<{ razonSocial: string; direccion: string | null }>(
      '/Empresa/ConsultarEmpresa',
      { ruc, codigoEmpresaUsuario },
      { manejar: [422] },
    ),
  consultarDni: (numeroDocumentoIdentidad: string) =>
    api.post<PersonaEncontrada | null>(
      '/ConsultaDocumentoIdentidad/ConsultarPersona',
      { numeroDocumentoIdentidad, codigoTipoDocumentoIdentidad: '1' },
      { manejar: [422] },
    ),
  consultarExtranjero: (numeroDocumentoIdentidad: string, codigoTipoDocumentoIdentidad: string) =>
    api.post<PersonaEncontrada | null>(
      '/Persona/ConsultarPersona',
      { numeroDocumentoIdentidad, codigoTipoDocumentoIdentidad },
      { manejar: [422] },
    ),
  guardarPersona: (d: Record<string, unknown>) =>
    api.post<PersonaEncontrada>('/Persona/GuardarPersona', d, { manejar: [422] }),
  productos: async (q: { CodigoEmpresaUsuario?: number; Descripcion: string; CodigoEmpresaAlmacen?: number }) =>
    (await api.get<ProductoCatalogo[]>('/CatalogoUsuario/ConsultarDatos', q, { silencioso: true })).data,
  lotes: async (CodigoCatalogoUsuario: number, CodigoEmpresaAlmacen: number) =>
    (
      await api.get<Lote[]>('/Almacen/ConsultarKardexStockCodigoCatalogo', {
        CodigoCatalogoUsuario,
        CodigoEmpresaAlmacen,
      })
    ).data,
  registrarTransportistaExtranjero: (d: {
    codigoEmpresaUsuario?: number;
    ruc: string;
    razonSocial: string;
    direccion: string;
  }) =>
    api.post<{ codigoTransportistaUsuario: number; razonSocial: string; direccion: string | null }>(
      '/TransportistaUsuario/GuardarTransportistaUsuario',
      d,
      { manejar: [409, 422, 500] },
    ),
  levante: (NumeroDeclaracion: string) =>
    api.get<ResultadoLevante | null>('/Movimiento/ConsultarLevante', { NumeroDeclaracion }, { manejar: [422] }),
  cargarDetalle: (codigoMovimiento: number, archivo: File) => {
    const f = new FormData();
    f.append('CodigoMovimiento', String(codigoMovimiento));
    f.append('archivo', archivo, archivo.name);
    return api.subir<{ documentos: number; productos: number }>('/Movimiento/RegistrarDetalleMovimientoEspecial', f, {
      manejar: [403, 413, 415, 422],
    });
  },
  plantillaDetalle: () =>
    api.descargar('/Movimiento/PlantillaDetalleMovimientoEspecial', undefined, 'plantilla-detalle-movimiento.xlsx'),
  notificar: (CodigoMovimiento: number) =>
    api.post('/Movimiento/EnviarNotificacionTipoMovimiento', { data: { CodigoMovimiento } }, { silencioso: true }),
};
