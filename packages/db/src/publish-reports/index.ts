export * from './reports';
export * from './tables';
