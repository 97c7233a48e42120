// The public entry of dev-toolbar: the developer toolbar (course engineers only). The routes and
// other features import it from here.
export { DevToolbarLoader } from './dev-toolbar-loader';
