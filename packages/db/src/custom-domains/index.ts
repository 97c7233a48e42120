export * from './tables';
export * from './domains';
