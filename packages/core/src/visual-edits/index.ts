export * from './style-properties';
export * from './palette';
export * from './preview-css';
export * from './class-rules';
