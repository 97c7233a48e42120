export * from './ai-usage';
export * from './tables';
export * from './owner-ai-use';
