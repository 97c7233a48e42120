export * from './ai-limits';
