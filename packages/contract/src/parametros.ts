/**
 * Lookup parameter groups (spec 01 §3, §9; spec 02 §7; spec 03 §9). The spec names the lists and some
 * numbers; the numbers it leaves open are fixed here (docs/adr/0005-grupos-de-parametros.md) and seeded with Spanish
 * values.
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

/**
 * The longest value code of a group whose codes are stored on records in fewer than a code's 40 characters
 * (a worker's gender, a company's type, a product's unit…): a longer code could be added to the list but never
 * chosen, the form refusing it with 'Máximo N caracteres'.
 */
export const LARGO_CODIGO_PARAMETRO: Readonly<Partial<Record<number, number>>> = {
  [PARAMETRO.tipoDocumentoIdentidad]: 4,
  [PARAMETRO.estadoEmpresa]: 10,
  [PARAMETRO.tipoActividad]: 10,
  [PARAMETRO.tipoEmpresa]: 10,
  [PARAMETRO.tipoUsuario]: 10,
  [PARAMETRO.unidadMedida]: 10,
  [PARAMETRO.codigoExistencia]: 4,
  [PARAMETRO.genero]: 4,
  [PARAMETRO.nacionalidad]: 4,
  [PARAMETRO.condicionLaboral]: 4,
};
