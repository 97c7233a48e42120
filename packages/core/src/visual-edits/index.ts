export * from './style-properties';
