export * from './tables';
export * from './email-tokens';
export * from './delete-account';
