export * from './orders';
export * from './tables';
