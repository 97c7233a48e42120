import type { PreviewManifest, Sprout } from '@sprout/core/contract';
import type { QueryClient } from '@tanstack/react-query';
import { buildKeys } from '@/lib/client/build-queries';
import type { ChatMessageList } from '@/lib/client/build-api';
import { putSproutInCaches, queryKeys } from '@/lib/client/queries';
import { showPreviewVersion } from '../preview/preview-events';

/**
 * Keeps the project's cached data in step with what its runs do: a new version moves the project
 * on (the preview, code and history panels follow the project's cache), and a run's end refreshes
 * usage, versions, the project (its name) and the stored chat.
 */
export class ProjectCaches {
  private shown = new Set<string>();
  /** The run's candidate the preview shows while the server checks it, until it is a version or dropped. */
  private candidate: string | null = null;

  constructor(
    private readonly sproutId: string,
    private readonly qc: () => QueryClient,
  ) {}

  /**
   * A run's candidate built (issue 15): the preview shows it at once, while the server opens it and
   * runs its checks; the project's caches do not move until it is a version.
   */
  showCandidate(versionId: string, manifest?: PreviewManifest): void {
    this.candidate = versionId;
    showPreviewVersion(this.sproutId, versionId, manifest);
  }

  /** The run ended without making its candidate a version: the preview goes back to the current one. */
  dropCandidate(): void {
    if (!this.candidate) return;
    this.candidate = null;
    const current = this.qc().getQueryData<Sprout>(queryKeys.sprout(this.sproutId))?.currentVersionId;
    if (current) showPreviewVersion(this.sproutId, current);
  }

  /** The project's current version is now `versionId` (each version once). */
  showVersion(versionId: string): void {
    if (this.candidate === versionId) this.candidate = null;
    if (this.shown.has(versionId)) return;
    this.shown.add(versionId);
    // Straight to the preview's iframe, before any cache or render: the run's event is the news.
    showPreviewVersion(this.sproutId, versionId);
    const qc = this.qc();
    const sprout = qc.getQueryData<Sprout>(queryKeys.sprout(this.sproutId));
    // The code and history panels follow currentVersionId in this cache (the preview has it already).
    if (sprout && sprout.currentVersionId !== versionId) putSproutInCaches(qc, { ...sprout, currentVersionId: versionId, updatedAt: new Date().toISOString() });
    void qc.invalidateQueries({ queryKey: buildKeys.versions(this.sproutId) });
  }

  /** A run ended: usage and versions may have changed, and the chat now stores its reply. Resolves to the stored messages' ids. */
  async runEnded(): Promise<Set<string>> {
    const qc = this.qc();
    void qc.invalidateQueries({ queryKey: queryKeys.usage });
    void qc.invalidateQueries({ queryKey: buildKeys.versions(this.sproutId) });
    // The first build names a project still carrying its default name (issue 19 §3).
    void qc.invalidateQueries({ queryKey: queryKeys.sprout(this.sproutId) });
    void qc.invalidateQueries({ queryKey: queryKeys.sprouts, exact: true });
    await qc.invalidateQueries({ queryKey: buildKeys.messages(this.sproutId) });
    const stored = qc.getQueryData<ChatMessageList>(buildKeys.messages(this.sproutId))?.messages ?? [];
    return new Set(stored.map((m) => m.id));
  }
}
