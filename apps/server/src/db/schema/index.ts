// Every table of the product. Each module adds its file here (one line, alphabetical) so merges stay easy.
export * from './aduanas';
export * from './administracion';
export * from './catalogo';
export * from './certificado';
export * from './cip';
export * from './conteo';
export * from './empresa';
export * from './idempotencia';
export * from './etapas';
export * from './finanzas';
export * from './inventario';
export * from './movimiento';
export * from './notificacion';
export * from './parametro';
export * from './persona';
export * from './seguridad';
export * from './tablero';
