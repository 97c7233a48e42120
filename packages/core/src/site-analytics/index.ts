export * from './device-of';
export * from './visit-input';
