// The public entry of versions: a project's versions — the list and a new one made here (a
// version's screenshot is lib/api/screenshots). The routes and other features import it from here.
export { showNewVersion, useVersions, versionKeys } from './queries';
