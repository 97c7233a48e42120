import type { PreviewManifest, Sprout } from '@sprout/core/contract';
import type { QueryClient } from '@tanstack/react-query';
import { projectKeys, putSproutInCaches } from '@/features/projects';
import { versionKeys } from '@/features/versions';
import { usageQueryKey } from '@/features/usage';
import type { ChatMessageList } from '../api';
import { chatKeys } from '../queries';
import type { PreviewStore } from '@/features/preview';

/**
 * Keeps the project's cached data in step with what its runs do: a new version moves the project
 * on (the preview, code and history panels follow the project's cache), and a run's end refreshes
 * usage, versions, the project (its name) and the stored chat.
 */
export class ProjectCaches {
  private shown = new Set<string>();

  constructor(
    private readonly sproutId: string,
    private readonly qc: () => QueryClient,
    /** The project's preview (its store), which shows every candidate and version of a run. */
    private readonly preview: Pick<PreviewStore, 'showCandidate' | 'showVersion' | 'dropCandidate'>,
  ) {}

  /**
   * A run's candidate built: the preview shows it at once, while the server opens it and runs its
   * checks; the project's caches do not move until it is a version.
   */
  showCandidate(versionId: string, manifest?: PreviewManifest): void {
    this.preview.showCandidate(versionId, manifest);
  }

  /** The run ended without making its candidate a version: the preview goes back to the current one. */
  dropCandidate(): void {
    this.preview.dropCandidate(this.qc().getQueryData<Sprout>(projectKeys.sprout(this.sproutId))?.currentVersionId ?? null);
  }

  /** The project's current version is now `versionId` (each version once). */
  showVersion(versionId: string): void {
    if (this.shown.has(versionId)) return;
    this.shown.add(versionId);
    // Straight to the preview's iframe, before any cache or render: the run's event is the news.
    this.preview.showVersion(versionId);
    const qc = this.qc();
    const sprout = qc.getQueryData<Sprout>(projectKeys.sprout(this.sproutId));
    // The code and history panels follow currentVersionId in this cache (the preview has it already).
    if (sprout && sprout.currentVersionId !== versionId) putSproutInCaches(qc, { ...sprout, currentVersionId: versionId, updatedAt: new Date().toISOString() });
    void qc.invalidateQueries({ queryKey: versionKeys.versions(this.sproutId) });
  }

  /** A run ended: usage and versions may have changed, and the chat now stores its reply. Resolves to the stored messages' ids. */
  async runEnded(): Promise<Set<string>> {
    const qc = this.qc();
    void qc.invalidateQueries({ queryKey: usageQueryKey });
    void qc.invalidateQueries({ queryKey: versionKeys.versions(this.sproutId) });
    // A build names a project still carrying its default name, and a retitled app renames one that follows it.
    void qc.invalidateQueries({ queryKey: projectKeys.sprout(this.sproutId) });
    void qc.invalidateQueries({ queryKey: projectKeys.sprouts, exact: true });
    await qc.invalidateQueries({ queryKey: chatKeys.messages(this.sproutId) });
    const stored = qc.getQueryData<ChatMessageList>(chatKeys.messages(this.sproutId))?.messages ?? [];
    return new Set(stored.map((m) => m.id));
  }
}
