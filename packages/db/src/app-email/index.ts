export * from './outbox';
export * from './tables';
