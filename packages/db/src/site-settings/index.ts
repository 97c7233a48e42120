export * from './tables';
export * from './settings';
