// The public entry of history: the project's versions: viewing, comparing, restoring. The routes
// and other features import it from here.
export { HistoryPanel } from './history-panel';
export { useRestoreVersion } from './queries';
