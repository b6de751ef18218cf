/**
 * Lookup parameter groups (spec 01 §3, §9; spec 02 §7; spec 03 §9). The spec names the lists and some
 * numbers; the numbers it leaves open are fixed here (docs/decisions.md) and seeded with Spanish values.
 */
export const PARAMETRO = {
  tipoDocumentoIdentidad: 2,
  tipoOperacion: 3,
  estadoEmpresa: 4,
  estadoMovimiento: 6,
  tipoActividad: 7,
  columnasOrdenesVerificacion: 8,
  tipoEmpresa: 9,
  tipoUsuario: 10,
  tipoMercaderia: 11,
  claseBrevete: 12,
  columnasUsuarios: 13,
  columnasCatalogo: 14,
  tipoCarga: 22,
  tipoVehiculo: 23,
  tipoBalanza: 27,
  tipoContenedor: 28,
  lineaNaviera: 29,
  pais: 30,
  via: 31,
  aduanaSalida: 33,
  estadoMercancia: 34,
  columnasCatalogoDescripcion: 39,
  tipoBulto: 42,
  unidadMedida: 43,
  codigoExistencia: 50,
  filtroDeclaraciones: 52,
  filtroMovimientos: 53,
  columnasTransportistas: 54,
  tipoDocumentoMovimiento: 56,
  tipoIngreso: 61,
  tipoDocumento64: 64,
  genero: 74,
  nacionalidad: 75,
  condicionLaboral: 76,
  regimenAduanero: 81,
} as const;

export const GRUPOS_PARAMETRO: readonly number[] = Object.values(PARAMETRO);
