export * from './tables';
export * from './attempts';
export * from './restore-attempt';
