'use client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/client/toast';
import { AlertCircle, History, RotateCw } from 'lucide-react';
import { useAuth } from '@/lib/client/auth';
import { ApiError } from '@/lib/client/api';
import { useFlags } from '@/lib/client/flags';
import { putSproutInCaches, queryKeys } from '@/lib/client/queries';
import type { Sprout } from '@/lib/client/types';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useBuildApi } from './build-api';
import { PanelEmptyState } from './panel-empty-state';
import { buildKeys, type VersionDto } from './chat/types';
import { selectActiveRunId, useChatSession, useChatState } from './chat/use-chat-session';
import { useFirstVisible } from './code/use-first-visible';
import { VersionItem } from './history/version-item';

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
  const { status } = useAuth();
  const buildApi = useBuildApi();
  const qc = useQueryClient();
  const flags = useFlags();
  const session = useChatSession(sprout.id);
  const activeRunId = useChatState(session, selectActiveRunId);
  const [restoring, setRestoring] = useState<string | null>(null);

  const versions = useQuery({
    queryKey: buildKeys.versions(sprout.id),
    queryFn: () => buildApi<{ currentVersionId: string | null; versions: VersionDto[] }>('GET', `/sprouts/${encodeURIComponent(sprout.id)}/versions`),
    enabled: visible && status === 'signed-in',
  });

  // A new current version (a reply, a save, a restore, another tab) is a new entry here.
  const known = useRef(sprout.currentVersionId);
  useEffect(() => {
    if (known.current === sprout.currentVersionId) return;
    known.current = sprout.currentVersionId;
    if (!versions.data?.versions.some((v) => v.id === sprout.currentVersionId)) void qc.invalidateQueries({ queryKey: buildKeys.versions(sprout.id) });
  }, [sprout.currentVersionId, sprout.id, versions.data, qc]);

  const restore = useCallback(
    async (v: VersionDto) => {
      setRestoring(v.id);
      try {
        const { version } = await buildApi<{ version: VersionDto }>('POST', `/sprouts/${encodeURIComponent(sprout.id)}/versions/${encodeURIComponent(v.id)}/restore`);
        qc.setQueryData<{ currentVersionId: string | null; versions: VersionDto[] }>(buildKeys.versions(sprout.id), (d) =>
          d ? { currentVersionId: version.id, versions: [version, ...d.versions.filter((x) => x.id !== version.id)] } : d,
        );
        const current = qc.getQueryData<Sprout>(queryKeys.sprout(sprout.id)) ?? sprout;
        // The preview reloads itself when the project's current version changes in this cache.
        putSproutInCaches(qc, { ...current, currentVersionId: version.id, updatedAt: version.createdAt });
        void qc.invalidateQueries({ queryKey: buildKeys.versions(sprout.id) });
        toast.success(`Restored version ${v.number} as version ${version.number}`);
      } catch (err) {
        const message = err instanceof ApiError ? (err.serverMessage ?? `${err.statusText} (${err.status})`) : 'Something went wrong.';
        toast.error(`Could not restore version ${v.number}: ${message}`);
      } finally {
        setRestoring(null);
      }
    },
    [buildApi, qc, sprout],
  );

  const current = sprout.currentVersionId ?? versions.data?.currentVersionId ?? null;
  const blocked = activeRunId ? 'Wait for Sprout to finish the reply it is writing' : null;
  let body;
  if (versions.isError && !versions.data) {
    body = (
      <div role="alert" className="flex flex-col items-center gap-3 p-8 text-center" data-testid="history-error">
        <AlertCircle className="size-5 text-destructive" aria-hidden="true" />
        <p className="text-sm font-medium">The history did not load</p>
        <p className="max-w-sm text-sm text-muted-foreground">{versions.error instanceof ApiError ? (versions.error.serverMessage ?? versions.error.statusText) : 'Check your connection.'}</p>
        <Button variant="outline" size="sm" onClick={() => void versions.refetch()} disabled={versions.isFetching}>
          <RotateCw className={versions.isFetching ? 'motion-safe:animate-spin' : undefined} aria-hidden="true" /> Try again
        </Button>
      </div>
    );
  } else if (!versions.data) {
    body = (
      <div className="grid gap-2.5 p-4" aria-busy={visible ? 'true' : undefined} aria-label="Loading versions">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-16 w-full rounded-xl" />
        ))}
      </div>
    );
  } else if (versions.data.versions.length === 0) {
    body = (
      <PanelEmptyState icon={History} title="Versions appear here">
        Every change to this project is saved as a version you can look back at and restore.
      </PanelEmptyState>
    );
  } else {
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
              current={v.id === current}
              diffEnabled={flags.enableDiffView}
              restoreBlocked={blocked}
              restoring={restoring === v.id}
              onRestore={restore}
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
