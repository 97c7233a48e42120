// The public entry of functions: the Functions panel, where an owner sees the app's server functions,
// runs one, reads their calls and logs, and keeps the secrets they read.
export { FunctionsPanel } from './functions-panel';
// Before publishing: the secrets the functions read that the live app lacks.
export { LiveSecretsNotice } from './live-secrets-notice';
