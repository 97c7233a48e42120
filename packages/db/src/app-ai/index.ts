export * from './ai-usage';
export * from './tables';
