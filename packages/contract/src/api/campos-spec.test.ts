import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiAranceles } from './arancel';
import { apiBalanza } from './balanza';
import { apiCatalogo } from './catalogo';
import { apiCertificado } from './certificado';
import { apiControlSeguridad } from './control-seguridad';
import type { DefinicionRuta } from './definicion';
import { apiEmpresa } from './empresa';
import { apiInventario } from './inventario';
import { apiMovimiento } from './movimiento';
import { apiParametros } from './parametros';
import { apiPerfilEmpresa } from './perfil-empresa';
import { apiPersona } from './persona';
import { apiReporte } from './reporte';
import { apiRevision } from './revision';
import { apiSesion } from './sesion';
import { apiTrabajadores } from './trabajador';
import { apiTransportista } from './transportista';
import { apiUsuarios } from './usuarios';
import { apiVerificacion } from './verificacion';

/**
 * The response field lists of the spec (01 §3, 02 §3, 03 §3), transcribed as written, against the response
 * schemas of the routes that answer them: every field the spec names must be declared (so the serializer sends
 * it). `en` is the path inside the answer: 'data', 'data[]' (each row), 'data[].documentos[]'…
 * Each module adds the entities its routes answer.
 */
/** Spec 03 §3.1: a movement row of the stage searches. */
const FILA_ETAPA = [
  'codigoMovimiento',
  'codigoIngreso',
  'numeroTicket',
  'empresaUsuario',
  'tipoOperacion',
  'estado',
  'placaUno',
  'placaDos',
  'pesoUno',
  'codigoEmpresaUsuario',
  'codigoEstadoMovimiento',
];
/** Spec 03 §2.1: the control data shown. */
const DATOS_CONTROL = [
  'nombres',
  'apellidos',
  'placaVehiculo',
  'soat',
  'tipoDocumentoIdentidad',
  'numerobrevete',
  'documentos',
  'codigoTipoIngreso',
];
/** Spec 03 §3.2: a product detail line. */
const LINEA = ['codigoCatalogoUsuario', 'codigoInterno', 'numeroPartida', 'descripcion', 'unidadMedida', 'cantidad'];

interface CamposSpec {
  spec: string;
  ruta: DefinicionRuta;
  en: string;
  campos: string[];
}

const CAMPOS: CamposSpec[] = [
  {
    spec: '02 §3 fila de la lista de certificados',
    ruta: apiCertificado.listar,
    en: 'data[]',
    campos: [
      'documento',
      'codigoEstadoAutorizado',
      'descripcionEstadoAutorizado',
      'empresaUsuario',
      'fechaRegistro',
      'fechaEmision',
      'fechaFinVigencia',
      'rutaPdf',
      'codigoCertificadoManufactura',
    ],
  },
  {
    spec: '03 §3.10 fila de certificado',
    ruta: apiCertificado.listar,
    en: 'data[]',
    campos: [
      'documento',
      'codigoEstadoAutorizado',
      'descripcionEstadoAutorizado',
      'empresaUsuario',
      'fechaRegistro',
      'fechaEmision',
      'fechaFinVigencia',
      'rutaPdf',
      'codigoCertificadoManufactura',
    ],
  },
  {
    spec: '02 §7 meta de la lista de certificados',
    ruta: apiCertificado.listar,
    en: 'meta',
    campos: ['total', 'current_page', 'per_page'],
  },
  {
    spec: '02 §3 certificado de manufactura (respuesta)',
    ruta: apiCertificado.consultar,
    en: 'data',
    campos: [
      'codigoCertificadoManufactura',
      'razonSocial',
      'direccion',
      'numeroTelefonico',
      'correoElectronico',
      'cantidadBultos',
      'detalle',
      'archivos',
    ],
  },
  {
    spec: '02 §3 línea de detalle del certificado',
    ruta: apiCertificado.consultar,
    en: 'data.detalle[]',
    campos: [
      'descripcionProducto',
      'codigoCatalogoUsuario',
      'cantidad',
      'pesoBruto',
      'pesoNeto',
      'cantidadBulto',
      'codigoTipoBulto',
    ],
  },
  {
    spec: '02 §3 archivos del certificado',
    ruta: apiCertificado.consultar,
    en: 'data.archivos[]',
    campos: ['rutaArchivo'],
  },
  {
    spec: '03 §3.12 fila del reporte op1',
    ruta: apiReporte.ingresoSalida,
    en: 'data.data[]',
    campos: [
      'razonSocial',
      'tipoOperacion',
      'codigoIngreso',
      'estadoMovimientoDescripcion',
      'rucImportador',
      'razonSocialImportador',
      'numeroTicket',
      'placa',
      'transporte',
      'tipoDocumento',
      'documentosFiscales',
      'numeroDeclaracion',
      'numeroBultoUsuario',
      'numeroBultoVerificado',
      'fechaUno',
      'horaUno',
      'pesoUno',
      'fechaDos',
      'horaDos',
      'pesoDos',
      'pesoBruto',
      'pesoTara',
      'pesoNeto',
    ],
  },
  {
    spec: '03 §7.5 meta de las filas del reporte',
    ruta: apiReporte.ingresoSalida,
    en: 'data.meta',
    campos: ['total', 'current_page', 'per_page'],
  },
  {
    spec: '03 §2.6 fila de la lista de revisión',
    ruta: apiRevision.listar,
    en: 'data[]',
    campos: [
      'codigoIngtreso',
      'codigoEstadoMovimiento',
      'descripcionEstadoMovimiento',
      'codigoEstadoObservado',
      'estadoObservado',
      'tipoOperacion',
      'tipoIngreso',
      'fechaRegistro',
      'razonSocial',
      'estadoAnulado',
    ],
  },
  {
    spec: '03 §2.6 meta de la lista',
    ruta: apiRevision.listar,
    en: 'meta',
    campos: ['total', 'current_page', 'per_page'],
  },
  {
    spec: '03 §3.3 detalle de la orden',
    ruta: apiRevision.detalle,
    en: 'data',
    campos: [
      'codigoTipoMercaderia',
      'descripcionTipoCarga',
      'numeroBultos',
      'placaUno',
      'observacion',
      'files',
      'documentos',
    ],
  },
  { spec: '03 §3.3 files', ruta: apiRevision.detalle, en: 'data.files[]', campos: ['nombreArchivo', 'rutaArchivo'] },
  {
    spec: '03 §3.3 documentos',
    ruta: apiRevision.detalle,
    en: 'data.documentos[]',
    campos: ['descripcionDocumento', 'numeroDocumento', 'valorFOB', 'productos'],
  },
  {
    spec: '03 §3.3 productos',
    ruta: apiRevision.detalle,
    en: 'data.documentos[].productos[]',
    campos: ['descripcionCatalogoUsuario', 'cantidad', 'valorFOB', 'peso', 'codigoTipoBulto'],
  },
  // Sesión (spec 01 §3 User session, Permission menu item, Company of user; spec 02 §3 session data).
  ...[apiSesion.login, apiSesion.consultarSesion].flatMap((ruta) => [
    {
      spec: '01 §3 sesión de usuario',
      ruta,
      en: 'data.usuario',
      campos: [
        'codigoUsuario',
        'nombreUsuario',
        'codigoRol',
        'codigoEmpresaUsuario',
        'codigoEmpresaAlmacen',
        'indicadorAlmacenActivo',
        'indicadorRegistroEspecialExcel',
        'nivelUsuario',
        'correoElectronico',
        'fechaCreacion',
      ],
    },
    {
      spec: '01 §3 empresa del usuario',
      ruta,
      en: 'data.usuario',
      campos: [
        'codigoEmpresaUsuario',
        'razonSocial',
        'codigoEmpresaAlmacen',
        'indicadorRegistroEspecialExcel',
        'indicadorAlmacenActivo',
      ],
    },
    {
      spec: '01 §3 ítem del menú de permisos',
      ruta,
      en: 'data.permisos[]',
      campos: ['codigoPermiso', 'link', 'urlLink', 'iconoLink', 'indexLink', 'detalle'],
    },
  ]),
  {
    spec: '02 §3 datos de sesión guardados',
    ruta: apiSesion.login,
    en: 'data',
    campos: ['token', 'usuario', 'permisos'],
  },
  {
    spec: '02 §3 usuario de la sesión guardado',
    ruta: apiSesion.login,
    en: 'data.usuario',
    campos: ['nombreUsuario', 'codigoRol', 'codigoEmpresaUsuario', 'codigoUsuario'],
  },
  {
    spec: '01 §3 ítem del menú de permisos',
    ruta: apiSesion.menuDeUsuario,
    en: 'data[]',
    campos: ['codigoPermiso', 'link', 'urlLink', 'iconoLink', 'indexLink', 'detalle'],
  },
  // Usuarios (spec 02 §3 User: 'contrasenia' is never answered, 'levels' is nivelUsuario; Permission node).
  {
    spec: '02 §3 usuario',
    ruta: apiUsuarios.listar,
    en: 'data[]',
    campos: [
      'codigoUsuario',
      'nombreUsuario',
      'nombreCompleto',
      'apellidoPaterno',
      'apellidoMaterno',
      'nombre',
      'correoElectronico',
      'cargo',
      'codigoRol',
      'nombreRol',
      'codigoEmpresaUsuario',
      'estadoAnulado',
      'fechaRegistro',
      'codeTipoDocumentoPeaton',
      'numeroDocumentoIdentidad',
      'nivelUsuario',
    ],
  },
  {
    spec: '02 §7 meta de la lista de usuarios',
    ruta: apiUsuarios.listar,
    en: 'meta',
    campos: ['total', 'current_page', 'per_page'],
  },
  ...[apiUsuarios.arbolDeRol, apiUsuarios.arbolDeUsuario].map((ruta) => ({
    spec: '02 §3 nodo de permiso',
    ruta,
    en: 'data[]',
    campos: [
      'codigoPermisoRol',
      'header',
      'iconoLink',
      'detalle',
      'permiteAgregar',
      'permiteEliminar',
      'permiteListar',
      'permiteEditar',
      'habilitado',
    ],
  })),
  // Catálogo (spec 01 §3 search result, Equivalence; spec 02 §3 Catalogue product and search result).
  {
    spec: '02 §3 producto del catálogo',
    ruta: apiCatalogo.listar,
    en: 'data[]',
    campos: [
      'codigoCatalogoUsuario',
      'codigoInterno',
      'descripcion',
      'numeroPartida',
      'descripcionUnidadMedida',
      'estadoAnulado',
    ],
  },
  {
    spec: '02 §7 meta del catálogo',
    ruta: apiCatalogo.listar,
    en: 'meta',
    campos: ['total', 'current_page', 'per_page'],
  },
  {
    spec: '01 §3 resultado de búsqueda de productos',
    ruta: apiCatalogo.consultarDatos,
    en: 'data[]',
    campos: ['codigoCatalogoUsuario', 'descripcion', 'codigoUnidadMedida', 'codigoInterno', 'stockDisponible'],
  },
  {
    spec: '02 §3 resultado de búsqueda de productos',
    ruta: apiCatalogo.consultarPorDescripcion,
    en: 'data[]',
    campos: ['codigoCatalogoUsuario', 'descripcion', 'codigoUnidadMedida', 'codigoInterno'],
  },
  {
    spec: '01 §3 equivalencia',
    ruta: apiCatalogo.equivalencias,
    en: 'data[]',
    campos: [
      'cantidadBase',
      'codigoUnidadMedidaBase',
      'cantidadEquivalente',
      'codigoUnidadMedidaEquivalencia',
      'codigoEquivalenciaCatalogo',
    ],
  },
  // Parámetros (spec 01 §7 lookups; spec 02 §3 Parameter, Section).
  ...[apiParametros.consultar, apiParametros.consultarMovimiento, apiParametros.consultarValor].map((ruta) => ({
    spec: '02 §7 columnas de búsqueda (codigo, descripcion)',
    ruta,
    en: 'data[]',
    campos: ['codigo', 'descripcion'],
  })),
  ...[
    { ruta: apiParametros.listar, en: 'data[]' },
    { ruta: apiParametros.bandeja, en: 'data' },
  ].map(({ ruta, en }) => ({
    spec: '02 §3 parámetro',
    ruta,
    en,
    campos: [
      'codigoParametro',
      'nombre',
      'descripcion',
      'indicardorPermiteAgregarValor',
      'indicardorPermiteModificarValor',
      'estadoRegistro',
    ],
  })),
  {
    spec: '02 §7 meta de parámetros',
    ruta: apiParametros.listar,
    en: 'meta',
    campos: ['total', 'current_page', 'per_page'],
  },
  ...[
    { ruta: apiParametros.listarSecciones, en: 'data[]' },
    { ruta: apiParametros.bandeja, en: 'data.secciones[]' },
  ].map(({ ruta, en }) => ({
    spec: '02 §3 sección',
    ruta,
    en,
    campos: ['codigoParametro', 'codigoSeccion', 'nombre', 'soloLectura', 'estadoAnulado'],
  })),
  // Aranceles (spec 01 §3 Tariff result; spec 02 §3 Tariff row).
  {
    spec: '02 §3 fila de partidas',
    ruta: apiAranceles.listar,
    en: 'data[]',
    campos: ['descripcion', 'numeroPartida', 'actividadPermitida', 'state_type_id'],
  },
  {
    spec: '01 §3 resultado de partida',
    ruta: apiAranceles.consultar,
    en: 'data[]',
    campos: ['numeroPartida', 'codigoArancel'],
  },
  // Empresa (spec 02 §3 Company, notification e-mails, additional data, employment, extensions).
  {
    spec: '02 §3 empresa',
    ruta: apiPerfilEmpresa.consultar,
    en: 'data',
    campos: [
      'codigoEmpresaUsuario',
      'ruc',
      'razonSocial',
      'nombreComercial',
      'direccion',
      'codigoTipoEmpresa',
      'codigoTipoUsuario',
      'numeroContrato',
      'fechaContrato',
      'fechaInicioOperacion',
      'representanteLegal',
      'empresaCodigoAduana',
      'correoEletronico',
      'numeroTelefonico',
      'codigoTipoActividad',
      'codigoCondicion',
      'indicadorAlmacenActivo',
    ],
  },
  {
    spec: '02 §3 correos de notificación',
    ruta: apiPerfilEmpresa.consultar,
    en: 'data',
    campos: ['correoElectronicoNotificacion'],
  },
  {
    spec: '02 §3 información adicional',
    ruta: apiPerfilEmpresa.consultar,
    en: 'data',
    campos: [
      'areaTotal',
      'numeroLote',
      'areaConstruida',
      'inversionComprometida',
      'inversionNacional',
      'inversionExtranjera',
    ],
  },
  ...[
    { ruta: apiPerfilEmpresa.listarEmpleo, en: 'data[]' },
    { ruta: apiPerfilEmpresa.consultarEmpleo, en: 'data' },
  ].map(({ ruta, en }) => ({
    spec: '02 §3 empleo mensual',
    ruta,
    en,
    campos: [
      'CodigoEmpresaUsuarioEmpleado',
      'anioMes',
      'codigoEmpresaUsuario',
      'usuarioRegistro',
      'numeroPeruana',
      'numeroPeruano',
      'numeroExtranjero',
      'numeroEmpleadoIndirecto',
      'anio',
      'descripcionMes',
      'estadoAnulado',
    ],
  })),
  {
    spec: '02 §3 lista de prórrogas',
    ruta: apiPerfilEmpresa.listarProrrogas,
    en: 'data[]',
    campos: [
      'ruc',
      'empresa',
      'fechaExpiracionHasta',
      'documentoAutorizacion',
      'usuarioRegistro',
      'estadoRegistro',
      'rutaArchivo',
    ],
  },
  // Trabajadores (spec 02 §3 Worker and its list fields).
  {
    spec: '02 §3 trabajador',
    ruta: apiTrabajadores.consultar,
    en: 'data',
    campos: [
      'condicionLaboral',
      'codeTipoDocumentoPeaton',
      'numeroDocumentoIdentidad',
      'apellidoPaterno',
      'apellidoMaterno',
      'nombre',
      'nombreCompleto',
      'codigoPersona',
      'genero',
      'nacionalidad',
      'codigoCargo',
      'codigoControl',
      'fechaInicioContrato',
      'fechaVencimientoContrato',
      'placa',
      'fechaInicioSoat',
      'fechaFinSoat',
      'usuarioRegistro',
      'codigoEmpresaUsuario',
      'dias',
    ],
  },
  {
    spec: '02 §3 lista de trabajadores',
    ruta: apiTrabajadores.listar,
    en: 'data[]',
    campos: ['colaborador', 'lunes', 'martes', 'miercoles', 'jueves', 'viernes', 'sabado', 'domingo', 'fechaCese'],
  },
  // Órdenes, personas, transportistas, empresas e inventario (spec 01 §3, 02 §3, 03 §3.11)
  {
    spec: '01 §3 Movement detail (ListarRegistro response)',
    ruta: apiMovimiento.listarRegistro,
    en: 'data',
    campos: [
      'descripcionTipoMercaderia',
      'codigoTipoMercaderia',
      'descripcionTipoOperacion',
      'descripcionTipoIngreso',
      'codigoTipoIngreso',
      'codigoTipoCarga',
      'numeroBultos',
      'placaUno',
      'placaDos',
      'numeroDocumentoIdentidad',
      'numeroBrevete',
      'nombres',
      'apellidoPaterno',
      'apellidoMaterno',
      'rucTransportistaUsuario',
      'razonSocialTransportistaUsuario',
      'numeroContenedor',
      'numeroPrecinto',
      'documentos',
    ],
  },
  {
    spec: '01 §3 Document',
    ruta: apiMovimiento.listarRegistro,
    en: 'data.documentos[]',
    campos: [
      'codigoTipoDocumento',
      'descripcionDocumento',
      'numeroDocumento',
      'ruc',
      'usuarioCreacion',
      'codigoTipoImportador',
      'codigoMovimientoDocumento',
      'modoEdicion',
      'productos',
    ],
  },
  {
    spec: '01 §3 Document product line',
    ruta: apiMovimiento.listarRegistro,
    en: 'data.documentos[].productos[]',
    campos: [
      'codigoCatalogoUsuario',
      'descripcionCatalogoUsuario',
      'codeDescripcionProducto',
      'cantidad',
      'peso',
      'valorFOB',
      'codigoTipoBulto',
      'codigoProductoSaliente',
      'codigoMovimientoDetalle',
      'modoEdicionProducto',
    ],
  },
  {
    spec: '01 §3 Order-list documents',
    ruta: apiMovimiento.listarRegistro,
    en: 'data.documentos[]',
    campos: ['descripcionDocumento', 'numeroDocumento', 'ruc', 'productos'],
  },
  {
    spec: '01 §3 Movement file',
    ruta: apiMovimiento.archivos,
    en: 'data[]',
    campos: ['codigoMovimientoArchivo', 'nombreArchivo', 'rutaArchivo'],
  },
  {
    spec: '01 §3 Kardex row',
    ruta: apiInventario.lotes,
    en: 'data[]',
    campos: ['producto', 'numeroDocumento', 'cantidadStock', 'cantidad'],
  },
  {
    spec: '01 §3 Company of user',
    ruta: apiEmpresa.listar,
    en: 'data[]',
    campos: [
      'codigoEmpresaUsuario',
      'razonSocial',
      'codigoEmpresaAlmacen',
      'indicadorRegistroEspecialExcel',
      'indicadorAlmacenActivo',
    ],
  },
  {
    spec: '01 §3 Person',
    ruta: apiPersona.guardarPersona,
    en: 'data',
    campos: [
      'numeroDocumentoIdentidad',
      'codigoTipoDocumentoIdentidad',
      'apellidoPaterno',
      'apellidoMaterno',
      'nombres',
      'usuarioCreacion',
    ],
  },
  {
    spec: '01 §3 Person (identity lookup)',
    ruta: apiPersona.consultarDocumentoIdentidad,
    en: 'data',
    campos: [
      'numeroDocumentoIdentidad',
      'codigoTipoDocumentoIdentidad',
      'apellidoPaterno',
      'apellidoMaterno',
      'nombres',
      'usuarioCreacion',
    ],
  },
  {
    spec: '01 §3 Transporter validity',
    ruta: apiTransportista.listar,
    en: 'data[]',
    campos: ['razonSocial', 'ruc', 'direccion', 'fechaInicio', 'fechaCese'],
  },
  {
    spec: '01 §3 Release-query result',
    ruta: apiMovimiento.consultarLevante,
    en: 'data',
    campos: [
      'numero',
      'fecha_numeracion',
      'sujeto_a',
      'valorFob',
      'peso_neto',
      'peso_bruto',
      'total_bultos',
      'numero_series',
      'flete',
      'seguro',
      'cif',
      'numero_importador',
      'razon_importador',
    ],
  },
  {
    spec: '01 §3 Truck list paging meta',
    ruta: apiTransportista.listar,
    en: 'meta',
    campos: ['current_page', 'per_page', 'total'],
  },
  {
    spec: '02 §3 Carrier',
    ruta: apiTransportista.listar,
    en: 'data[]',
    campos: ['ruc', 'razonSocial', 'direccion', 'fechaInicio', 'fechaCese'],
  },
  {
    spec: '03 §3.11 user company',
    ruta: apiEmpresa.listar,
    en: 'data[]',
    campos: ['codigoEmpresaUsuario', 'razonSocial'],
  },
  // Gate stages (spec 03 §2.1, §3.1, §3.2, §7.1–7.3).
  ...[apiControlSeguridad.buscar, apiBalanza.buscar, apiVerificacion.buscar].map((ruta) => ({
    spec: '03 §3.1 fila de búsqueda de etapa',
    ruta,
    en: 'data[]',
    campos: FILA_ETAPA,
  })),
  {
    spec: '03 §2.1 datos de control',
    ruta: apiControlSeguridad.datosControl,
    en: 'data',
    campos: DATOS_CONTROL,
  },
  {
    spec: '03 §2.1 documentos de los datos de control',
    ruta: apiControlSeguridad.datosControl,
    en: 'data.documentos[]',
    campos: ['tipoDocumentoFiscal', 'numeroDocumentoFiscal'],
  },
  {
    spec: '03 §3.2 línea de producto (datos de control)',
    ruta: apiControlSeguridad.datosControl,
    en: 'data.lineas[]',
    campos: LINEA,
  },
  {
    spec: '03 §7.2 datos de control con tipo de ingreso y líneas',
    ruta: apiBalanza.datosControl,
    en: 'data',
    campos: ['codigoTipoIngreso', 'lineas'],
  },
  { spec: '03 §3.2 línea de producto', ruta: apiBalanza.lineas, en: 'data[]', campos: LINEA },
  {
    spec: '03 §7.2 primer pesaje',
    ruta: apiBalanza.primerPesaje,
    en: 'data',
    campos: ['peso', 'pesoBruto', 'pesoNeto', 'pesoTara'],
  },
  {
    spec: '03 §7.2 segundo pesaje',
    ruta: apiBalanza.segundoPesaje,
    en: 'data',
    campos: ['peso', 'pesoSegundaCarreta', 'pesoBruto', 'pesoNeto', 'pesoTara'],
  },
  {
    spec: '03 §7.3 configuración de la verificación',
    ruta: apiVerificacion.configuracion,
    en: 'data',
    campos: ['detalleTipoControl', 'codigoTipocarga'],
  },
  {
    spec: '03 §3.8 lista de imágenes',
    ruta: apiVerificacion.imagenes,
    en: 'data',
    campos: [
      'codigoMovimiento',
      'codigoVerificacionTipoControlEntrada',
      'codigoVerificacionTipoControlSalida',
      'imagenesEntrada',
      'imagenesSalida',
    ],
  },
  ...['imagenesEntrada', 'imagenesSalida'].map((lista) => ({
    spec: `03 §3.8 ${lista} (rutaArchivo)`,
    ruta: apiVerificacion.imagenes,
    en: `data.${lista}[]`,
    campos: ['rutaArchivo'],
  })),
  {
    spec: '03 §7.1 bloqueo de la empresa',
    ruta: apiControlSeguridad.bloqueo,
    en: 'data',
    campos: ['indicadorBloqueo'],
  },
  ...[apiControlSeguridad.items, apiControlSeguridad.itemsSalida].map((ruta) => ({
    spec: '03 §3.4 / §7.1 ítems de control',
    ruta,
    en: 'data[]',
    campos: ['codigoDetalleTipoContol', 'verificacion'],
  })),
  {
    spec: '03 §3.13 Registro Empresa (respuesta)',
    ruta: apiControlSeguridad.guardarTransportista,
    en: 'data',
    campos: ['ruc', 'razonSocial', 'direccion'],
  },
];

type Json = { properties?: Record<string, Json>; items?: Json; anyOf?: Json[]; type?: string | string[] };

/** The object schema at a path of the answer ('data[].documentos[]'). */
function objetoEn(raiz: Json, ruta: string): Json | undefined {
  let actual: Json | undefined = raiz;
  for (const parte of ruta.split('.')) {
    const [nombre, ...listas] = parte.split('[]');
    actual = actual?.properties?.[nombre ?? ''];
    for (let i = 0; i < listas.length; i++) actual = actual?.items ?? actual?.anyOf?.find((x) => x.items)?.items;
    actual = actual?.anyOf?.find((x) => x.properties) ?? actual;
  }
  return actual;
}

describe('spec response field lists are declared by their routes', () => {
  it.each(CAMPOS.map((c) => [`${c.spec} (${c.ruta.ruta} ${c.en})`, c] as const))('%s', (_n, c) => {
    const json = z.toJSONSchema(c.ruta.respuesta, { io: 'output', unrepresentable: 'any' }) as Json;
    const objeto = objetoEn(json, c.en);
    expect(objeto?.properties, `${c.en} no es un objeto en la respuesta`).toBeDefined();
    const faltan = c.campos.filter((campo) => !objeto?.properties?.[campo]);
    expect(faltan).toEqual([]);
  });
});
