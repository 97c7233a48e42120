import type { RunEvent } from '@sprout/core/contract';
import { playRunFinishedSound } from '@/lib/browser/notification-sound';
import type { ChatStore } from './chat-store';
import type { ProjectCaches } from './project-caches';
import type { LiveRunListener } from './run-follower';
import type { RuntimeErrorForwarder } from './runtime-errors';

/**
 * What a live run does outside the chat: its candidates show in the preview while the server checks
 * them, and one that never becomes a version is taken back; its versions move the project on (./project-caches), its
 * preview opens the window for runtime errors (./runtime-errors), and its end frees the input,
 * plays the notification sound (unless stopped) and refreshes what the run changed.
 */
export function runEffects(store: ChatStore, caches: ProjectCaches, runtime: RuntimeErrorForwarder): LiveRunListener {
  return {
    event(runId: string, event: RunEvent) {
      if (event.type === 'version.created') caches.showVersion(event.data.versionId);
      else if (event.type === 'preview.candidate') caches.showCandidate(event.data.versionId, event.data.manifest);
      else if (event.type === 'run.failed' || event.type === 'run.stopped') caches.dropCandidate();
      else if (event.type === 'preview.ready' && event.data.ok) runtime.open(runId, event.data.acceptRuntimeErrorsUntil);
      else if (event.type === 'run.finished' && event.data.versionId) caches.showVersion(event.data.versionId);
    },
    version: (versionId) => caches.showVersion(versionId),
    ended(runId, finished) {
      if (finished) void playRunFinishedSound();
      store.endRun(runId);
      void caches.runEnded().then((ids) => store.dropDelivered(ids));
    },
  };
}
