// The public entry of preview: the running app beside the chat — its store and panel. The routes
// and other features import it from here.
export { BuildErrorActionsProvider } from './build-error-actions';
export { PreviewPanel } from './preview-panel';
export type { PreviewPhase } from './preview-status';
export { type PreviewState, PreviewStore, previewStoreFor, type ReplyActivity } from './preview-store';
export { usePreviewState } from './use-preview-store';
export { useBuildStatus } from './queries';
