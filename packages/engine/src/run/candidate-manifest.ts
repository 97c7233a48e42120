import type { PreviewManifest } from '@sprout/preview';

/** Above this, a module list stays out of the event (events are stored with the run): the frame asks the preview host. */
export const MAX_EVENT_MANIFEST_CHARS = 32_000;

/**
 * The candidate's module list for its `preview.candidate` event: the page hands it to the preview
 * frame with the announcement, so the frame's hot update starts with the changed modules instead of
 * first asking the preview host for the list (a request that waits behind the run's own database
 * work and event loop, on the path of every hot update).
 */
export function candidateManifest(manifest: PreviewManifest | undefined): { manifest?: PreviewManifest } {
  return manifest && JSON.stringify(manifest).length <= MAX_EVENT_MANIFEST_CHARS ? { manifest } : {};
}
