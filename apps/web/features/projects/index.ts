// The public entry of projects: a person's projects — the list, one project's data,
// starting one. The routes and other features import it from here.
export { InitProject } from './create/init-project';
export { PromptBox, PromptDraftProvider, usePromptDraft } from './create/prompt-box';
export { NameEditor } from './name-editor';
export { ProjectAvatar } from './project-avatar';
export { ProjectsView } from './projects-view';
export { RecentProjects } from './recent-projects';
export { projectKeys, putNewSproutInCaches, putSproutInCaches, useSprout, useSprouts } from './queries';
export { useNameEditing } from './use-rename';
