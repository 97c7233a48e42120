export * from './tables';
export * from './queries';
