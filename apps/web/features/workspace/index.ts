// The public entry of workspace: the project page (/build/{id}) — its bar, tabs and layout. The
// routes and other features import it from here.
export { ProjectNotFound } from './project-not-found';
export { ProjectWorkspace } from './project-workspace';
