// The public entry of access tokens: the Settings section and a project's clone address. The routes
// and other features import them from here.
export { AccessTokensSection } from './access-tokens-section';
export { GitCloneButton } from './git-clone-dialog';
