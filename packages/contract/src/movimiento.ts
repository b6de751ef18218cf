import { z } from 'zod';
import { entero, requerido, versionRegistro } from './comun';
import { errorContenedor, FORMATOS, MENSAJES_CONTENEDOR, rucValido } from './formatos';
import { MENSAJES } from './mensajes';

/** Messages of the order registration area (spec 01 §5, §8), exact. */
export const MENSAJES_MOVIMIENTO = {
  placa: 'Formato correcto es Ej: ABC-123',
  placaExtranjera: 'Formato correcto es Ej: ABC-1234',
  guia: 'Formato correcto es Ej: 0001-123456',
  brevete: 'Formato correcto es Ej: A12345678',
  breveteExtranjero: 'Formato correcto es Ej: 1234567890',
  contenedor: MENSAJES_CONTENEDOR.formato,
  contenedorDigito: MENSAJES_CONTENEDOR.digito,
  productoRequerido: 'Error, Debe seleccionar un producto',
  productoDuplicado: 'Error, producto ya agregado en la lista.',
  cantidadMayorCero: 'La cantidad debe ser mayor a 0',
  documentosConProductos: 'Error! al menos un documento registrado, debe contener productos relacionados',
  camposObligatorios: 'Debe rellenar o corregir los campos obligatorios',
  validarDocumento: 'Debe validar N° de Documento',
  dniOcho: 'Debe Ingresar los 8 caracteres',
  rucOnce: 'Debe Ingresar los 11 caracteres',
  rucInvalido: 'RUC no encontrado o inválido',
  errorBusquedaPersona: 'Error en la busqueda, intente nuevamente',
  registroManual: 'haga un registro manual',
  usuarioNoRegistrado: 'Usuario no registrado',
  sinContrato: 'Transportista sin contrato vigente',
  conContrato: 'Transportista dispone de un contrato vigente',
  transportistaNoRegistrado: 'Transportista no registrado',
  transportistaNoRegistradoQueHacer:
    'Este RUC no está registrado como transportista de la empresa. Pulse Buscar para traer su razón social, revise la vigencia y pulse Guardar para registrarlo; o corrija el RUC y cancele.',
  seleccionarTipo: 'Debe seleccionar Tipo Movimiento o Mercancía',
  numeroDocumento: 'Debe seleccionar o ingresar un numero de documento',
  razonProveedor: 'Debe ingresar Razón del proveedor',
  numeroProveedor: 'Debe ingresar número de proveedor',
  errorRegistro: 'Upss, ocurrio un error en el registro.| Error: 204',
  archivoTemporal: 'Archivo cargado de forma temporal',
  errorCarga: 'Ocurrió un error durante la carga',
  formatoNoAdmitido: 'El archivo en formato no admitido',
  excede8: 'Error! El archivo excede los 8MB!',
  formatoPanel: 'No es el formato correcto!',
  excede25: 'El archivo excede los 25MB!',
  levanteInactivo: 'Error, Activar consultas externas SUNAT',
  levanteFormato: 'El número de declaración debe tener cuatro partes separadas por guiones',
  cantidadLote: (x: number | string) => `Error, la cantidad no debe ser superior a ${x}`,
  cantidadKardex: (n: number | string) => `Error, Debe ingresar una cantidad mínima a 1 y max a. ${n}`,
  stockInsuficiente: 'La cantidad solicitada supera el stock disponible del lote.',
  noEditable: 'La orden ya no puede modificarse en su estado actual.',
  fechaPasada: 'La fecha no puede ser anterior a ayer',
  registroExitoso: (codigo: string) => `Se registró la operación con código ${codigo}`,
  actualizado: 'Registro actualizado con éxito',
  eliminado: 'Registro eliminado con éxito',
  tipoDocumentoNoPermitido: 'El tipo de documento no está permitido para la empresa',
  valorFueraDeLista: 'Valor no válido: elija una opción de la lista',
  empresaNoValida: 'La empresa no existe o está anulada: elija una empresa activa de la lista',
  rucComoIdentidad: 'El RUC no es un documento de identidad de una persona: elija DNI, carnet de extranjería u otro',
  exportacionAlPeru: 'Una exportación no puede tener como país de destino el Perú',
  archivoNoDisponible: (nombre: string) =>
    `El documento sustento ${nombre} ya no está disponible: vuelva a cargarlo. La operación no se registró.`,
  archivoRechazado: (nombre: string, motivo: string) => `${nombre}: ${motivo}`,
} as const;

const M = MENSAJES_MOVIMIENTO;

/** Vehicle types that carry a rear plate; type 17 (motorcycle) has no front plate (spec 01 §5). */
export const VEHICULOS_PLACA_DOS = ['9', '15', '14', '12'] as const;
export const VEHICULO_SIN_PLACA_UNO = '17';
export const VEHICULOS_PRECINTO = ['14', '15'] as const;
/** Document type names enabling the levante query (spec 01 §9). */
export const DOCUMENTO_LEVANTE = 'DUA/DAM IMPORTACIÓN';
/**
 * Companies with their own allowed document types (spec 01 §6 names company 23 but not its set; the set is
 * ours, docs/adr/0033-listas-del-formulario.md): customs declarations, remission guides and simplified declarations
 * only.
 */
export const TIPOS_DOCUMENTO_POR_EMPRESA: Readonly<Record<number, readonly string[]>> = { 23: ['3', '4', '5', '9'] };
export const tipoDocumentoPermitido = (empresa: number | null | undefined, tipo: string) => {
  const permitidos = empresa ? TIPOS_DOCUMENTO_POR_EMPRESA[empresa] : undefined;
  return !permitidos || permitidos.includes(tipo);
};
export const TIPO_CARGA = { suelta: 1, contenedor: 2 } as const;
export const TIPO_OPERACION = { ingreso: 1, salida: 2 } as const;
/** The four cards of edit mode, each with its own update button (spec 01 §4). */
export const SECCIONES = ['movimiento', 'transportista', 'carga', 'documentos'] as const;
export type Seccion = (typeof SECCIONES)[number];

const opcional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Máximo ${max} caracteres` })
    .nullish()
    .transform((v) => (v ? v : null));
/** A value out of its range is refused with the range, never clamped (the form says the same). */
export const fueraDeRango = (campo: string, max: number) => `${campo} debe estar entre 0 y ${max}`;
/** Pedestrian orders carry what a person can: weight 0 to 50 kg per product line (spec 01 §5). */
export const PESO_MAXIMO_PEATONAL = 50;
export const LIMITE_LINEA = 999999;
const decimal = (max: number, decimales: number, campo = 'El valor') =>
  z.coerce
    .number({ error: MENSAJES.requerido })
    .min(0, { error: fueraDeRango(campo, max) })
    .max(max, { error: fueraDeRango(campo, max) })
    .refine((v) => Number.isInteger(Math.round(v * 10 ** decimales * 1e6) / 1e6), {
      error: `Máximo ${decimales} decimales`,
    });

/** One lot chosen in the kardex picker for an exit line (codigoProductoSaliente). */
export const salidaLote = z.object({
  codigoLote: entero().positive(),
  cantidad: decimal(LIMITE_LINEA, 3, 'La cantidad').refine((v) => v > 0, { error: M.cantidadMayorCero }),
});

export const productoDocumento = z.object({
  codigoMovimientoDetalle: entero().positive().nullish(),
  codigoCatalogoUsuario: z.coerce
    .number({ error: M.productoRequerido })
    .int({ error: M.productoRequerido })
    .positive({ error: M.productoRequerido }),
  descripcionCatalogoUsuario: z.string().max(400).nullish(),
  cantidad: decimal(LIMITE_LINEA, 3, 'La cantidad').refine((v) => v > 0, { error: M.cantidadMayorCero }),
  peso: decimal(LIMITE_LINEA, 3, 'El peso'),
  valorFOB: decimal(LIMITE_LINEA, 5, 'El valor FOB').default(0),
  codigoTipoBulto: opcional(4),
  codigoProductoSaliente: z.array(salidaLote).max(100).default([]),
  modoEdicionProducto: z.string().max(10).nullish(),
});
export type ProductoDocumento = z.infer<typeof productoDocumento>;

/** codigoTipoImportador: '1' national provider (RUC, 11 digits), '2' foreign (tax id up to 13). */
export const documentoMovimiento = z
  .object({
    codigoMovimientoDocumento: entero().positive().nullish(),
    codigoTipoDocumento: requerido(4),
    descripcionDocumento: opcional(100),
    numeroDocumento: z
      .string({ error: M.numeroDocumento })
      .trim()
      .min(1, { error: M.numeroDocumento })
      .max(26, { error: 'Máximo 26 caracteres' })
      .transform((v) => v.toUpperCase()),
    ruc: z.string({ error: M.numeroProveedor }).trim().min(1, { error: M.numeroProveedor }).max(13),
    razonSocial: z.string({ error: M.razonProveedor }).trim().min(1, { error: M.razonProveedor }).max(200),
    codigoTipoImportador: z.string().trim().max(4).default('1'),
    modoEdicion: z.string().max(10).nullish(),
    productos: z.array(productoDocumento).max(200).default([]),
  })
  .superRefine((d, c) => {
    if (d.codigoTipoImportador === '2') {
      if (d.ruc.length > 13) c.addIssue({ code: 'custom', path: ['ruc'], message: 'Máximo 13 caracteres' });
      if (d.razonSocial.length > 50)
        c.addIssue({ code: 'custom', path: ['razonSocial'], message: 'Máximo 50 caracteres' });
    } else if (!/^\d{11}$/.test(d.ruc)) {
      c.addIssue({ code: 'custom', path: ['ruc'], message: M.rucOnce });
    } else if (!rucValido(d.ruc)) {
      c.addIssue({ code: 'custom', path: ['ruc'], message: M.rucInvalido });
    }
    const vistos = new Set<number>();
    d.productos.forEach((p, i) => {
      if (vistos.has(p.codigoCatalogoUsuario)) {
        c.addIssue({ code: 'custom', path: ['productos', i, 'codigoCatalogoUsuario'], message: M.productoDuplicado });
      }
      vistos.add(p.codigoCatalogoUsuario);
    });
  });
export type DocumentoMovimiento = z.infer<typeof documentoMovimiento>;

const soloLetras = /^[A-ZÁÉÍÓÚÑÜ' ]*$/;

/**
 * The movement form (spec 01 §3) for the vehicle (VH), finished-product (PT) and pedestrian (PE) variants.
 * Create: no codigoMovimiento. Edit: codigoMovimiento plus the card being updated (`seccion`).
 */
export const movimientoFormulario = z
  .object({
    codigoMovimiento: entero().min(0).nullish(),
    seccion: z.enum(SECCIONES).nullish(),
    /** Edit mode: the order's version the form read (a card saved over a newer one answers 409). */
    version: versionRegistro(),
    tipoTransaccion: z.string().max(3).default('MOV'),
    codigoTipoIngreso: z.enum(['VH', 'PT', 'PE'], { error: MENSAJES.requerido }),
    codigoTipoControl: entero().default(7),
    codigoTipoOperacion: z.coerce
      .number({ error: MENSAJES.requerido })
      .int({ error: MENSAJES.requerido })
      .min(1, { error: MENSAJES.requerido })
      .max(5, { error: MENSAJES.requerido }),
    codigoEmpresaUsuario: entero().nullish(),
    codigoEmpresaAlmacen: entero().nullish(),
    codigoTipoMercaderia: opcional(3),
    paisProcedencia: opcional(2),
    codigoVia: opcional(4),
    codigoSalidaAduana: z
      .string()
      .trim()
      .max(4)
      .nullish()
      .transform((v) => v || '0'),
    /** Date plus time as one timestamp (ISO 8601). */
    fechaIngreso: z.iso.datetime({ offset: true, error: MENSAJES.requerido }).nullish(),
    /** Edit mode, date switch 'Nueva': replaces the movement date. */
    fechaIngresoRegistroNueva: z.iso.datetime({ offset: true, error: 'Fecha inválida' }).nullish(),
    codigoPersona: entero().positive().nullish(),
    codigoTipoDocumentoIdentidad: opcional(4),
    numeroDocumentoIdentidad: opcional(12),
    nombres: opcional(30),
    apellidoPaterno: opcional(20),
    apellidoMaterno: opcional(20),
    codigoTransportistaUsuario: entero().positive().nullish(),
    razonSocialTransportistaUsuario: opcional(200),
    rucTransportistaUsuario: opcional(13),
    /** The carrier is foreign: plates and licences follow the foreign formats. */
    indicadorExtranjero: z.boolean().default(false),
    codigoTipoVehiculo: opcional(4),
    placaUno: opcional(8).transform((v) => v?.toUpperCase() ?? null),
    placaDos: opcional(8).transform((v) => v?.toUpperCase() ?? null),
    numeroSoat: opcional(10),
    numeroPrecinto: opcional(400),
    codigoClaseBrevete: opcional(10),
    numeroBrevete: opcional(10).transform((v) => v?.toUpperCase() ?? null),
    FechaVencimientoBreveteMovimiento: z.iso.date().nullish(),
    guiaTransportista: opcional(11).transform((v) => v?.toUpperCase() ?? null),
    codigoTipoCarga: entero().nullish(),
    numeroBultos: z.coerce
      .number({ error: MENSAJES.requerido })
      .int({ error: 'Debe ser un número entero' })
      .min(0)
      .max(99999, { error: 'Máximo 5 dígitos' })
      .nullish(),
    codigoDestinoProcedenciaMercancia: entero().min(1).max(3).nullish(),
    numeroContenedor: opcional(12).transform((v) => v?.toUpperCase() ?? null),
    codigoTipoContenedor: opcional(4),
    lineaNaviera: opcional(4),
    codigoTipoImportador: opcional(4),
    numeroDeclaracion: opcional(6),
    documentos: z.array(documentoMovimiento).max(500).default([]),
    /** Create only: the supporting documents already checked and kept by CargarArchivoTemporal, saved with the order. */
    archivosTemporales: z
      .array(z.uuid({ error: 'Archivo temporal inválido' }))
      .max(10)
      .default([]),
  })
  .superRefine((m, c) => {
    const falta = (campo: string) => c.addIssue({ code: 'custom', path: [campo], message: MENSAJES.requerido });
    const crear = !m.codigoMovimiento;
    const toca = (s: Seccion) => crear || m.seccion === s;
    if (!crear && !m.seccion) c.addIssue({ code: 'custom', path: ['seccion'], message: MENSAJES.requerido });
    const vehicular = m.codigoTipoIngreso === 'VH';
    const peatonal = m.codigoTipoIngreso === 'PE';
    if (toca('movimiento')) {
      if (!peatonal && !m.codigoTipoMercaderia) falta('codigoTipoMercaderia');
      if (crear && !m.fechaIngreso) falta('fechaIngreso');
      if (vehicular && !m.paisProcedencia) falta('paisProcedencia');
      if (vehicular && !m.codigoVia) falta('codigoVia');
      if (peatonal && m.codigoTipoOperacion === 2 && !m.numeroDeclaracion) falta('numeroDeclaracion');
      if (m.numeroDeclaracion && !/^\d{1,6}$/.test(m.numeroDeclaracion)) {
        c.addIssue({ code: 'custom', path: ['numeroDeclaracion'], message: 'Solo números, máximo 6 dígitos' });
      }
    }
    if ((vehicular || peatonal) && (toca('transportista') || (peatonal && toca('movimiento')))) {
      if (!m.numeroDocumentoIdentidad) falta('numeroDocumentoIdentidad');
      if (peatonal && !m.codigoTipoDocumentoIdentidad) falta('codigoTipoDocumentoIdentidad');
      if (m.numeroDocumentoIdentidad) {
        const dni = (m.codigoTipoDocumentoIdentidad ?? '1') === '1';
        const ok = dni
          ? /^\d{8}$/.test(m.numeroDocumentoIdentidad)
          : /^[A-Z0-9]{1,12}$/i.test(m.numeroDocumentoIdentidad);
        if (!ok) {
          c.addIssue({
            code: 'custom',
            path: ['numeroDocumentoIdentidad'],
            message: dni ? M.dniOcho : 'Máximo 12 caracteres',
          });
        }
      }
      if (!m.nombres) falta('nombres');
      if (!m.apellidoPaterno) falta('apellidoPaterno');
      for (const campo of ['nombres', 'apellidoPaterno', 'apellidoMaterno'] as const) {
        const v = m[campo];
        if (v && !soloLetras.test(v)) {
          c.addIssue({ code: 'custom', path: [campo], message: 'Solo letras mayúsculas' });
        }
      }
    }
    if (vehicular && toca('transportista')) {
      if (!m.rucTransportistaUsuario) falta('rucTransportistaUsuario');
      if (!m.codigoTipoVehiculo) falta('codigoTipoVehiculo');
      const formatoPlaca = m.indicadorExtranjero ? FORMATOS.placaExtranjera : FORMATOS.placa;
      const msjPlaca = m.indicadorExtranjero ? M.placaExtranjera : M.placa;
      if (m.codigoTipoVehiculo !== VEHICULO_SIN_PLACA_UNO) {
        if (!m.placaUno) falta('placaUno');
        else if (!formatoPlaca.test(m.placaUno)) c.addIssue({ code: 'custom', path: ['placaUno'], message: msjPlaca });
      }
      if (VEHICULOS_PLACA_DOS.includes(m.codigoTipoVehiculo as '9')) {
        if (!m.placaDos) falta('placaDos');
        else if (!formatoPlaca.test(m.placaDos)) c.addIssue({ code: 'custom', path: ['placaDos'], message: msjPlaca });
      }
      if (!m.guiaTransportista) falta('guiaTransportista');
      else if (!FORMATOS.guia.test(m.guiaTransportista)) {
        c.addIssue({ code: 'custom', path: ['guiaTransportista'], message: M.guia });
      }
      if (!m.codigoClaseBrevete) falta('codigoClaseBrevete');
      if (!m.numeroBrevete) falta('numeroBrevete');
      else {
        const extranjero = m.indicadorExtranjero || m.codigoClaseBrevete === 'EXT';
        if (!(extranjero ? FORMATOS.breveteExtranjero : FORMATOS.brevete).test(m.numeroBrevete)) {
          c.addIssue({
            code: 'custom',
            path: ['numeroBrevete'],
            message: extranjero ? M.breveteExtranjero : M.brevete,
          });
        }
      }
    }
    if (toca('carga')) {
      if (!peatonal && !m.codigoTipoCarga) falta('codigoTipoCarga');
      if (m.numeroBultos === null || m.numeroBultos === undefined) falta('numeroBultos');
      if (m.codigoTipoCarga === TIPO_CARGA.contenedor) {
        if (!m.numeroContenedor) falta('numeroContenedor');
        else {
          const error = errorContenedor(m.numeroContenedor);
          if (error) c.addIssue({ code: 'custom', path: ['numeroContenedor'], message: error });
        }
        if (!m.codigoTipoContenedor) falta('codigoTipoContenedor');
        if (!m.lineaNaviera) falta('lineaNaviera');
      }
    }
    if (peatonal) {
      m.documentos.forEach((d, i) => {
        d.productos.forEach((p, j) => {
          if (p.peso > PESO_MAXIMO_PEATONAL)
            c.addIssue({
              code: 'custom',
              path: ['documentos', i, 'productos', j, 'peso'],
              message: fueraDeRango('El peso', PESO_MAXIMO_PEATONAL),
            });
        });
      });
    }
    if (crear || m.seccion === 'documentos') {
      const conProductos = m.documentos.length > 0 && m.documentos.every((d) => d.productos.length > 0);
      if (crear && !conProductos) {
        c.addIssue({ code: 'custom', path: ['documentos'], message: M.documentosConProductos });
      }
    }
  });
export type MovimientoFormulario = z.input<typeof movimientoFormulario>;
export type MovimientoValidado = z.output<typeof movimientoFormulario>;

export const guardarMovimientoEntrada = z.object({ data: movimientoFormulario });

export const eliminarDocumentoEntrada = z.object({
  data: z.object({ codigoMovimientoDocumento: entero().positive(), usuarioRegistro: z.string().max(60).nullish() }),
});
export const eliminarDetalleEntrada = z.object({
  data: z.object({ codigoMovimientoDetalle: entero().positive(), usuarioRegistro: z.string().max(60).nullish() }),
});
export const eliminarArchivoEntrada = z.object({
  data: z.object({ CodigoMovimientoArchivo: entero().positive(), usuarioRegistro: z.string().max(60).nullish() }),
});

export const notificacionMovimientoEntrada = z.object({
  data: z.object({
    CodigoMovimiento: entero().positive(),
    CodigoEmpresaUsuario: entero().nullish(),
    UsuarioRegistro: z.string().max(60).nullish(),
    CodigoTipoDocumentoFiscal: z.string().max(4).nullish(),
    NumeroDocumentoFiscal: z.string().max(26).nullish(),
    Ruc: z.string().max(13).nullish(),
  }),
});

export const consultaTransportistaPorUsuario = z.object({
  Ruc: z.string({ error: MENSAJES.requerido }).trim().min(1, { error: MENSAJES.requerido }).max(13),
  CodigoEmpresaUsuario: entero().nullish(),
  CodigoTipoDocumentoEmpresa: z.string().trim().max(4).default('6'),
  CodigoTipoMercaderia: z.string().max(3).nullish(),
  CodigoTipoOperacion: entero().nullish(),
  UsuarioRegistro: z.string().max(60).nullish(),
});

/** GET /Movimiento/ListarRegistro: the order by its id or by its entry code. */
export const consultaRegistroMovimiento = z.object({
  CodigoMovimiento: entero().positive().optional(),
  CodigoIngreso: z.string().max(12).optional(),
});

/** A stored file of an order (download). */
export const porArchivoMovimiento = z.object({ CodigoMovimientoArchivo: entero().positive() });

/** Upload area of GuardarImagenMovimiento, in the query so its rule is known before the file is read. */
export const categoriaArchivoMovimiento = z.object({
  Categoria: z.enum(['sustento', 'panel']).default('sustento'),
});

/** The levante query: office-year-regime-number. */
export const consultaLevante = z.object({ NumeroDeclaracion: z.string().trim().min(1).max(30) });

/** Limits of each upload area (DOMAIN.md §6): the check wins and the hint shows the same number. */
export const LIMITES_ARCHIVO = {
  sustento: 8 * 1024 * 1024,
  panel: 25 * 1024 * 1024,
  imagenVerificacion: 10 * 1024 * 1024,
} as const;
