// The public entry of export: the project as a zip. The routes and other features import it from
// here.
export { ExportButton } from './export-button';
export { useExportSprout } from './queries';
