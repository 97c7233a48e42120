export * from './tables';
export * from './visits';
