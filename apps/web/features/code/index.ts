// The public entry of code: the project's files and editor. The routes and other features import it
// from here.
export { CodePanel } from './code-panel';
