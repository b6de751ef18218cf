// Every table of the product. Each module adds its file here (one line, alphabetical) so merges stay easy.
export * from './administracion';
export * from './catalogo';
export * from './certificado';
export * from './empresa';
export * from './idempotencia';
export * from './etapas';
export * from './inventario';
export * from './movimiento';
export * from './notificacion';
export * from './parametro';
export * from './persona';
export * from './seguridad';
