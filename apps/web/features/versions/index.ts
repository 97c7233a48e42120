// The public entry of versions: a project's versions — the list, a new one made here, a
// version's screenshot. The routes and other features import it from here.
export { showNewVersion, useScreenshot, useVersions, versionKeys } from './queries';
