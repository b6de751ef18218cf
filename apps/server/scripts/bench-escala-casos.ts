/**
 * The scale benchmark's cases measured in process (bench-escala.ts): the paged lists and the report screen, and the
 * gate's stage searches. Each names its goal; the URLs take the call's number so that calls vary their page or order.
 */

export interface Caso {
  nombre: string;
  url: (i: number) => string;
  autorizacion: string;
  /** Goal of the p95 in ms, and of the ratio HTTP / raw SQL. */
  metaMs: number;
  metaRazon?: number;
}

/** The benchmark users' authorization headers. */
export interface Autorizaciones {
  operador: string;
  seguridad: string;
  balanza: string;
}

/** An order waiting at a state (its id, code, identity document and entry type), the i-th of those found. */
export type OrdenEnEstado = (estado: number, i: number) => { id: number; c: string; d: string; t: string };

/** Paged lists and the report screen, as the operator. */
export function casosListas(
  { operador }: Autorizaciones,
  { anio, rango, codigo }: { anio: number; rango: string; codigo: (i: number) => string },
): Caso[] {
  return [
    {
      nombre: 'Revisión de órdenes, páginas 1–50 de 10 (ListarDatosOrdenesVerificacion)',
      url: (i) => `/api/Movimiento/ListarDatosOrdenesVerificacion?PageNumber=${1 + (i % 50)}&limit=10`,
      autorizacion: operador,
      metaMs: 20,
    },
    {
      nombre: 'Revisión de órdenes, rango de fechas de un mes, páginas 1–20',
      url: (i) =>
        `/api/Movimiento/ListarDatosOrdenesVerificacion?PageNumber=${1 + (i % 20)}&limit=10&Columna=M.FECHA_REGISTRO&DesdeFecha=${anio}-03-01&HastaFecha=${anio}-03-31`,
      autorizacion: operador,
      metaMs: 20,
    },
    {
      nombre: 'Revisión de órdenes, búsqueda por código',
      url: (i) =>
        `/api/Movimiento/ListarDatosOrdenesVerificacion?PageNumber=1&limit=10&Columna=M.CODIGO_INGRESO&Valor=${codigo(i)}`,
      autorizacion: operador,
      metaMs: 20,
    },
    {
      nombre: 'Revisión de órdenes, observadas',
      url: (i) =>
        `/api/Movimiento/ListarDatosOrdenesVerificacion?PageNumber=${1 + (i % 5)}&limit=10&CodigoEstadoObservado=2`,
      autorizacion: operador,
      metaMs: 20,
    },
    {
      nombre: 'Revisión de órdenes, razón social',
      url: (i) =>
        `/api/Movimiento/ListarDatosOrdenesVerificacion?PageNumber=${1 + (i % 10)}&limit=10&Columna=E.RAZON_SOCIAL&Valor=ANDINA`,
      autorizacion: operador,
      metaMs: 20,
    },
    {
      nombre: 'Reporte op1, página 20 de 50 filas (año de la zona)',
      url: () => `/api/Movimiento/ConsultarReporteIngresoSalidaMercancia?${rango}&PageNumber=20&limit=50`,
      autorizacion: operador,
      metaMs: 50,
    },
    {
      nombre: 'Catálogo de productos (ListarDatos)',
      url: (i) => `/api/CatalogoUsuario/ListarDatos?PageNumber=${1 + (i % 20)}&limit=10`,
      autorizacion: operador,
      metaMs: 20,
    },
    {
      nombre: 'Transportistas (ListarDatos)',
      url: (i) => `/api/TransportistaUsuario/ListarDatos?PageNumber=${1 + (i % 5)}&limit=10`,
      autorizacion: operador,
      metaMs: 20,
    },
    {
      nombre: 'Certificados de manufactura (ListarDatosCertificadoManufactura)',
      url: () => '/api/Movimiento/ListarDatosCertificadoManufactura?PageNumber=1&limit=10',
      autorizacion: operador,
      metaMs: 20,
    },
  ];
}

/** The gate's stage searches, as the security guard and the weighbridge. */
export function casosBusquedas(
  { seguridad, balanza }: Autorizaciones,
  { de, codigo }: { de: OrdenEnEstado; codigo: (i: number) => string },
): Caso[] {
  return [
    {
      nombre: 'Control de ingreso, búsqueda por código (estado 1)',
      url: (i) =>
        `/api/ControlSeguridad/ConsultarMovimientoControl?CodigoIngreso=${de(1, i).c}&CodigoEstadoMovimiento=1`,
      autorizacion: seguridad,
      metaMs: 5,
      metaRazon: 10,
    },
    {
      nombre: 'Control de ingreso, búsqueda por DNI (estado 1)',
      url: (i) =>
        `/api/ControlSeguridad/ConsultarMovimientoControl?NumeroDocumentoIdentidad=${de(1, i).d}&CodigoEstadoMovimiento=1`,
      autorizacion: seguridad,
      metaMs: 5,
      metaRazon: 10,
    },
    {
      nombre: 'Pesaje de ingreso, búsqueda por código (estado 2)',
      url: (i) => `/api/Balanza/ConsultarMovimientoControl?CodigoIngreso=${de(2, i).c}&CodigoEstadoMovimiento=2`,
      autorizacion: balanza,
      metaMs: 5,
      metaRazon: 10,
    },
    {
      nombre: 'Pesaje de salida, búsqueda por DNI (estado 3)',
      url: (i) =>
        `/api/Balanza/ConsultarMovimientoControl?NumeroDocumentoIdentidad=${de(3, i).d}&CodigoEstadoMovimiento=3`,
      autorizacion: balanza,
      metaMs: 5,
      metaRazon: 10,
    },
    {
      nombre: 'Verificación, búsqueda por código (cualquier estado)',
      url: (i) => `/api/Verificacion/ConsultarMovimientoControl?CodigoIngreso=${codigo(i)}&CodigoEstadoMovimiento=-1`,
      autorizacion: balanza,
      metaMs: 5,
      metaRazon: 10,
    },
    {
      nombre: 'Control de salida, búsqueda por código (estado 4)',
      url: (i) =>
        `/api/ControlSeguridad/ConsultarMovimientoControl?CodigoIngreso=${de(4, i).c}&CodigoEstadoMovimiento=4`,
      autorizacion: seguridad,
      metaMs: 5,
      metaRazon: 10,
    },
    {
      nombre: 'Datos de control de una orden (ConsultaMovimientoDatosControl)',
      url: (i) => `/api/ControlSeguridad/ConsultaMovimientoDatosControl?CodigoMovimiento=${de(1, i).id}`,
      autorizacion: seguridad,
      metaMs: 5,
      metaRazon: 10,
    },
    {
      nombre: 'Imágenes de verificación por código (ListarVerficacionImagenes)',
      url: (i) => `/api/Verificacion/ListarVerficacionImagenes?CodigoIngreso=${codigo(i)}`,
      autorizacion: balanza,
      metaMs: 5,
      metaRazon: 10,
    },
  ];
}

/**
 * The gate's reads of the HTTP mix, ten per round over 100 rounds, each with the user that sends it: stage searches
 * by code and document, control data, the checklist, the verification search and its photos. `de(estado, i)` is the
 * i-th order in a state (id, code, document, entry type), `codigo(i)` any order's code.
 */
export function lecturasGarita(
  usuarios: readonly [string, string],
  de: (estado: number, i: number) => { id: number; c: string; d: string; t: string },
  codigo: (i: number) => string,
) {
  const [seguridad, balanza] = usuarios;
  const lecturas: [string, string][] = [];
  for (let i = 0; i < 100; i++) {
    lecturas.push(
      [
        `/api/ControlSeguridad/ConsultarMovimientoControl?CodigoIngreso=${de(1, i).c}&CodigoEstadoMovimiento=1`,
        seguridad,
      ],
      [
        `/api/ControlSeguridad/ConsultarMovimientoControl?NumeroDocumentoIdentidad=${de(1, i).d}&CodigoEstadoMovimiento=1`,
        seguridad,
      ],
      [`/api/ControlSeguridad/ConsultaMovimientoDatosControl?CodigoMovimiento=${de(1, i).id}`, seguridad],
      [
        `/api/ControlSeguridad/ConsultaConfiguracionTipoControlDetalle?CodigoTipoControl=1&CodigoTipoIngreso=${de(1, i).t}`,
        seguridad,
      ],
      [`/api/Balanza/ConsultarMovimientoControl?CodigoIngreso=${de(2, i).c}&CodigoEstadoMovimiento=2`, balanza],
      [
        `/api/Balanza/ConsultarMovimientoControl?NumeroDocumentoIdentidad=${de(3, i).d}&CodigoEstadoMovimiento=3`,
        balanza,
      ],
      [`/api/Balanza/ConsultaMovimientoDatosControl?CodigoMovimiento=${de(2, i).id}`, balanza],
      [`/api/Verificacion/ConsultarMovimientoControl?CodigoIngreso=${codigo(i)}&CodigoEstadoMovimiento=-1`, balanza],
      [`/api/Verificacion/ListarVerficacionImagenes?CodigoIngreso=${codigo(i)}`, balanza],
      [
        `/api/ControlSeguridad/ConsultarMovimientoControl?CodigoIngreso=${de(4, i).c}&CodigoEstadoMovimiento=4`,
        seguridad,
      ],
    );
  }
  return lecturas;
}
