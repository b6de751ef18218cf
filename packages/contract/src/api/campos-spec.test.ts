import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiCertificado } from './certificado';
import type { DefinicionRuta } from './definicion';
import { apiReporte } from './reporte';
import { apiRevision } from './revision';

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
