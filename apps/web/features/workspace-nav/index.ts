// The public entry of workspace-nav: the project page's navigation (tabs, the phone's chat/app
// switch, opening a file). The routes and other features import it from here.
export { type MainTab, useWorkspaceNav, WorkspaceNavProvider } from './workspace-nav';
