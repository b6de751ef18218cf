export * from './definicion';
export * from './revision';
