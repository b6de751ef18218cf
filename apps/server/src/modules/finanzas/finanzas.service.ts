/** Finance services by area; this file gathers them for the routes, the seed and security control. */
export * from './comprobantes.service';
export * from './corridas.service';
export * from './notas-credito.service';
export * from './pagos.service';
export * from './parametros.service';
export * from './registros.service';
