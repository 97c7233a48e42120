// The public entry of data: the Data panel, where an owner reads and edits the app's collections and
// people. The routes and other features import it from here.
export { DataPanel } from './data-panel';
