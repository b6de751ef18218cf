import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DefinicionRuta } from './definicion';
import { apiEmpresa } from './empresa';
import { apiInventario } from './inventario';
import { apiMovimiento } from './movimiento';
import { apiPersona } from './persona';
import { apiRevision } from './revision';
import { apiTransportista } from './transportista';

/**
 * The response field lists of the spec (01 §3, 02 §3, 03 §3), transcribed as written, against the response
 * schemas of the routes that answer them: every field the spec names must be declared (so the serializer sends
 * it). `en` is the path inside the answer: 'data', 'data[]' (each row), 'data[].documentos[]'…
 * Each module adds the entities its routes answer.
 */
interface CamposSpec {
  spec: string;
  ruta: DefinicionRuta;
  en: string;
  campos: string[];
}

const CAMPOS: CamposSpec[] = [
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
