// The contract: every shape that crosses a process boundary (API bodies, run events, token claims),
// declared once as a zod schema and its type. The API validates with the schemas; the web app, the
// tests and the benchmarks import the types (`import type` in the browser, so zod stays out of it).
export * from './common';
export * from './users';
export * from './oidc';
export * from './sprouts';
export * from './usage';
export * from './chat';
export * from './checks';
export * from './attempts';
export * from './run-events';
export * from './files';
export * from './hosting';
export * from './billing';
export * from './admin';
export * from './operators';
export * from './events';
export * from './app-data';
export * from './functions';
export * from './app-ai';
export * from './app-email';
export * from './app-payments';
export * from './site-analytics';
export * from './custom-domains';
export * from './site-settings';
export * from './publish-gate';
export * from './account';
export * from './access-tokens';
export * from './git-remotes';
export * from './project-import';
export * from './visual-edits';
export * from './plans';
export * from './prices';
export * from './routes/index';
export * from './endpoint';
export * from './endpoints/index';
export type * from './endpoints/call-types';
