// The API's addresses and error codes without zod: what the browser may import as values.
export * from './address';
export * from './route-table';
export * from './route-path';
export * from './error-codes';
