export * from './remote-url';
export * from './public-address';
export * from './pull-plan';
