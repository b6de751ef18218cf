export * from './certificado';
export * from './definicion';
export * from './reporte';
export * from './revision';
export * from './salud';
