// Design directions a new project's plan offers.
export * from './directions';
