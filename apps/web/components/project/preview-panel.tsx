'use client';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/client/toast';
import { AppWindow, CloudOff, RotateCw } from 'lucide-react';
import { useAuth } from '@/lib/client/auth';
import { useFlags } from '@/lib/client/flags';
import type { Sprout } from '@/lib/client/types';
import { Button } from '@/components/ui/button';
import { useBuildApi } from './build-api';
import { PanelEmptyState } from './panel-empty-state';
import { BuildErrorOverlay } from './preview/build-error-overlay';
import type { Device } from './preview/device-switcher';
import type { BuildStatus } from './preview/format';
import { LogsPanel, type LogFilter } from './preview/logs-panel';
import { openPreviewInNewTab } from './preview/open-in-new-tab';
import { onPreviewRefresh } from './preview/preview-events';
import { PreviewToolbar, type PreviewStatus } from './preview/preview-toolbar';
import { PreviewViewport } from './preview/preview-viewport';
import { buildLogEntries, useRuntimeLogs } from './preview/use-preview-logs';
import { useKeepScroll } from './preview/use-keep-scroll';
import { usePreviewFrame, usePreviewSessionRequest } from './preview/use-preview-session';

export { refreshPreview, onPreviewMessage } from './preview/preview-events';

export interface PreviewPanelProps {
  sprout: Sprout;
}

export const previewBuildKey = (sproutId: string, versionId: string | null) => ['preview-build', sproutId, versionId] as const;

/** GET /build/v1/sprouts/:id/build for a version: the error overlay and the build lines of the logs. */
function useBuildStatus(sproutId: string, versionId: string | null) {
  const buildApi = useBuildApi();
  const { status } = useAuth();
  return useQuery({
    queryKey: previewBuildKey(sproutId, versionId),
    queryFn: () => buildApi<BuildStatus>('GET', `/sprouts/${encodeURIComponent(sproutId)}/build?versionId=${encodeURIComponent(versionId!)}`),
    enabled: !!versionId && status === 'signed-in',
    // A version never changes, and neither does its build.
    staleTime: Infinity,
  });
}

function SessionError({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying: boolean }) {
  return (
    <div role="alert" data-testid="preview-error" className="flex flex-1 flex-col items-center justify-center gap-3 px-6 py-10 text-center">
      <span className="flex size-12 items-center justify-center rounded-2xl border bg-muted/60 text-muted-foreground">
        <CloudOff className="size-5" aria-hidden="true" />
      </span>
      <div className="grid max-w-sm gap-1">
        <p className="font-medium">The preview did not start</p>
        <p className="text-sm break-words text-muted-foreground">{message}</p>
      </div>
      <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying} data-testid="preview-retry">
        <RotateCw className={retrying ? 'animate-spin' : undefined} aria-hidden="true" /> Try again
      </Button>
    </div>
  );
}

/**
 * The running app: the current version in a sandboxed iframe on the project's own preview origin,
 * with reload, open in a new tab, device widths, a build error overlay, runtime error count and
 * (showMachineLogs) the logs. It reloads by itself when `currentVersionId` changes in the project's
 * query cache, and when anyone calls `refreshPreview(sproutId)`.
 *
 * Scroll position: the preview is another origin; its runtime bridge reports where the app is
 * scrolled and the next document is asked to scroll back there (useKeepScroll). The route inside
 * the app is not kept: a refresh starts the app at `/`.
 */
export function PreviewPanel({ sprout }: PreviewPanelProps) {
  const versionId = sprout.currentVersionId;
  const flags = useFlags();
  const qc = useQueryClient();
  const frameRef = useRef<HTMLIFrameElement>(null);
  const frame = usePreviewFrame(sprout.id, !!versionId);
  const requestSession = usePreviewSessionRequest(sprout.id);
  const build = useBuildStatus(sprout.id, versionId);
  const runtime = useRuntimeLogs(sprout.id, frame.session?.origin ?? null, frameRef, frame.generation);
  const restoreScroll = useKeepScroll(frame.session?.origin ?? null, frameRef);
  const { onFrameLoad } = frame;
  const onLoad = useCallback(
    (src: string | null) => {
      onFrameLoad(src);
      restoreScroll();
    },
    [onFrameLoad, restoreScroll],
  );
  const [device, setDevice] = useState<Device>('desktop');
  const [dismissedVersion, setDismissedVersion] = useState<string | null>(null);
  const [logsOpen, setLogsOpen] = useState(true);
  const [logFilter, setLogFilter] = useState<LogFilter>('all');
  const { reload } = frame;

  const refresh = useCallback(() => {
    reload();
    // A build that failed for a passing reason (not the code) is not cached: ask again.
    if (build.isError) void qc.invalidateQueries({ queryKey: previewBuildKey(sprout.id, versionId) });
  }, [reload, build.isError, qc, sprout.id, versionId]);

  // A new version in the project's cache (a run finished, a restore, an edit): show it.
  const shownVersion = useRef(versionId);
  useEffect(() => {
    if (shownVersion.current === versionId) return;
    const had = shownVersion.current;
    shownVersion.current = versionId;
    // From "no version" the first session request starts by itself.
    if (had && versionId) reload();
  }, [versionId, reload]);

  useEffect(() => onPreviewRefresh(sprout.id, reload), [sprout.id, reload]);

  // Keep the old frame on screen when a refresh fails; say so instead.
  const lastError = useRef<string | null>(null);
  useEffect(() => {
    if (frame.error && frame.session && frame.error !== lastError.current) toast.error(`Could not reload the preview: ${frame.error}`);
    lastError.current = frame.error;
  }, [frame.error, frame.session]);

  const buildEntries = useMemo(() => buildLogEntries(build.data, build.dataUpdatedAt), [build.data, build.dataUpdatedAt]);
  const buildErrors = build.data && !build.data.ok ? build.data.errors : [];
  const showBuildError = buildErrors.length > 0 && dismissedVersion !== versionId;

  if (!versionId) {
    return (
      <div data-testid="preview-panel" className="h-full bg-muted/30">
        <PanelEmptyState icon={AppWindow} title="The preview appears here once your app is built">
          Describe what you want in the chat. Every version Sprout builds shows up here, running live.
        </PanelEmptyState>
      </div>
    );
  }

  const busy = frame.requesting || frame.frameLoading;
  const status: PreviewStatus =
    !frame.session && frame.error
      ? 'offline'
      : !frame.everLoaded
        ? 'starting'
        : busy
          ? 'loading'
          : build.data && !build.data.ok
            ? 'build-failed'
            : 'ready';
  const machineLogs = flags.showMachineLogs;

  return (
    <div data-testid="preview-panel" data-version-id={versionId} className="flex h-full min-h-0 flex-col bg-background">
      <PreviewToolbar
        status={status}
        busy={busy}
        device={device}
        onDeviceChange={setDevice}
        onReload={refresh}
        onOpen={() => void openPreviewInNewTab(requestSession)}
        canOpen={!!frame.session || !frame.error}
        runtimeErrors={runtime.errors}
        logs={
          machineLogs
            ? {
                open: logsOpen,
                toggle: () => setLogsOpen((o) => !o),
                showErrors: () => {
                  setLogsOpen(true);
                  setLogFilter('errors');
                },
              }
            : undefined
        }
      />

      {!frame.session && frame.error ? (
        <SessionError message={frame.error} onRetry={refresh} retrying={frame.requesting} />
      ) : (
        <PreviewViewport
          frameRef={frameRef}
          src={frame.session?.url ?? null}
          previousSrc={frame.previousSrc}
          title={`Preview of ${sprout.displayName}`}
          device={device}
          firstLoad={!frame.everLoaded}
          loading={busy}
          onLoad={onLoad}
          onRetry={refresh}
          overlay={showBuildError ? <BuildErrorOverlay errors={buildErrors} onDismiss={() => setDismissedVersion(versionId)} /> : null}
        />
      )}

      {machineLogs && logsOpen ? (
        <LogsPanel
          build={buildEntries}
          runtime={runtime.entries}
          filter={logFilter}
          onFilterChange={setLogFilter}
          onClear={runtime.clear}
          onClose={() => setLogsOpen(false)}
        />
      ) : null}
    </div>
  );
}
