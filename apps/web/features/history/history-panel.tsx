'use client';
import type { ListedVersion, Sprout } from '@sprout/core/contract';
import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { useVersions, versionKeys } from '@/features/versions';
import { useRestoreVersion } from './queries';
import { useFlags } from '@/lib/api/flags';
import { QueryLoadError } from '@/ui/load-error';
import { Skeletons } from '@/ui/skeleton';
import { PanelEmptyState } from '@/ui/panel-empty-state';
import { selectActiveRunId, useChatSession, useChatState } from '@/features/chat';
import { useFirstVisible } from '@/ui/use-first-visible';
import { VersionItem } from './version-item';
import { previewStoreFor, type PreviewState, usePreviewState } from '@/features/preview';
import { useWorkspaceNav } from '@/features/workspace-nav';
import { versionName } from '@/lib/version-label';

const selectViewing = (s: PreviewState) => s.viewing?.id ?? null;

export interface HistoryPanelProps {
  sprout: Sprout;
}

/**
 * Saved versions of the project, newest first, the current one marked. Restore makes a NEW version
 * equal to the chosen one (nothing is ever deleted) and the preview shows it; with enableDiffView
 * each version's changes against its parent can be opened.
 */
export function HistoryPanel({ sprout }: HistoryPanelProps) {
  const [rootRef, visible] = useFirstVisible<HTMLDivElement>();
  const qc = useQueryClient();
  const flags = useFlags();
  const session = useChatSession(sprout.id);
  const activeRunId = useChatState(session, selectActiveRunId);
  const versions = useVersions(sprout.id, visible);
  const restore = useRestoreVersion(sprout);
  const restoring = restore.isPending ? (restore.variables?.id ?? null) : null;
  const onRestore = useCallback((v: ListedVersion, withData: boolean) => restore.mutate({ ...v, withData }), [restore.mutate]);

  // A version chosen here shows in the preview until the person goes back or the project moves on.
  const nav = useWorkspaceNav();
  const preview = previewStoreFor(sprout.id);
  const viewing = usePreviewState(preview, selectViewing);
  const current = sprout.currentVersionId ?? versions.data?.currentVersionId ?? null;
  const onView = useCallback((v: ListedVersion) => preview.view(v.id === current ? null : { id: v.id, label: versionName(v.number) }), [preview, current]);
  const setTab = nav?.setTab;
  const onOpenPreview = useCallback(() => setTab?.('preview'), [setTab]);

  // A new current version (a reply, a save, a restore, another tab) is a new entry here.
  const known = useRef(sprout.currentVersionId);
  useEffect(() => {
    if (known.current === sprout.currentVersionId) return;
    known.current = sprout.currentVersionId;
    if (!versions.data?.versions.some((v) => v.id === sprout.currentVersionId)) void qc.invalidateQueries({ queryKey: versionKeys.versions(sprout.id) });
  }, [sprout.currentVersionId, sprout.id, versions.data, qc]);

  const blocked = activeRunId ? 'Wait for Sprout to finish the reply it is writing' : null;
  let body;
  if (versions.isError && !versions.data) {
    body = <QueryLoadError query={versions} className="p-8" testId="history-error" title="The history did not load" />;
  } else if (!versions.data) {
    body = <Skeletons className="gap-2.5 p-4" label="Loading versions" busy={visible} bars={Array(3).fill('h-16 w-full rounded-xl')} />;
  } else if (versions.data.versions.length === 0) {
    body = (
      <PanelEmptyState icon={History} title="Versions appear here">
        Every change to this project is saved as a version you can look back at and restore.
      </PanelEmptyState>
    );
  } else {
    const shots = new Set(versions.data.screenshotIds ?? []);
    const security = new Map((versions.data.security ?? []).map((r) => [r.versionId, r]));
    body = (
      <div className="mx-auto w-full max-w-3xl p-3 sm:p-4">
        <p className="mb-3 px-1 text-xs text-muted-foreground">
          {versions.data.versions.length} version{versions.data.versions.length === 1 ? '' : 's'} · restoring one adds a new version, nothing is lost.
        </p>
        <ol className="grid grid-cols-1 gap-2.5" aria-label="Versions" data-testid="version-list">
          {versions.data.versions.map((v) => (
            <VersionItem
              key={v.id}
              sproutId={sprout.id}
              version={v}
              screenshot={shots.has(v.id)}
              security={security.get(v.id) ?? null}
              current={v.id === current}
              diffEnabled={flags.enableDiffView}
              restoreBlocked={blocked}
              restoring={restoring === v.id}
              onRestore={onRestore}
              viewing={v.id === viewing}
              onView={onView}
              onOpenPreview={onOpenPreview}
            />
          ))}
        </ol>
      </div>
    );
  }

  return (
    <div ref={rootRef} data-testid="history-panel" className="h-full min-h-0">
      {body}
    </div>
  );
}
