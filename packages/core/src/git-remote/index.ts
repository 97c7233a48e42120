export * from './remote-url';
