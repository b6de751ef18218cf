export * from './definicion';
export * from './empresa';
export * from './general';
export * from './importador';
export * from './inventario';
export * from './persona';
export * from './revision';
export * from './transportista';
