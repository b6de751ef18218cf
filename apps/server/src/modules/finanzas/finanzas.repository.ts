/** Finance queries by area; this file gathers them. */
export * from './comprobantes.repository';
export * from './corridas.repository';
export * from './pagos.repository';
export * from './registros.repository';
