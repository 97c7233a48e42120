export * from './email-limits';
