'use client';
import type { Sprout } from '@sprout/core/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AppWindow, CloudOff } from 'lucide-react';
import { useBuildCalls, useBuildStatus } from '@/lib/client/build-queries';
import { useFlags } from '@/lib/client/flags';
import { useOnline } from '@/lib/client/use-online';
import { LoadError } from '@/components/load-error';
import { PanelEmptyState } from './panel-empty-state';
import { BuildErrorOverlay } from './preview/build-error-overlay';
import type { Device } from './preview/device-switcher';
import { LogsPanel, type LogFilter } from './preview/logs-panel';
import { openPreviewInNewTab } from './preview/open-in-new-tab';
import { BuildingCover } from './preview/building-cover';
import { viewPreviewVersion } from './preview/preview-events';
import { previewStatus, runPreviewPhase } from './preview/preview-status';
import { PreviewToolbar } from './preview/preview-toolbar';
import { PreviewViewport } from './preview/preview-viewport';
import { PermissionBar } from './preview/permission-bar';
import { usePreviewPermissions } from './preview/use-preview-permissions';
import { buildLogEntries, useRuntimeLogs } from './preview/use-preview-logs';
import { useKeepScroll } from './preview/use-keep-scroll';
import { usePreviewFrame } from './preview/use-preview-session';
import { usePreviewReload } from './preview/use-preview-reload';
import { splitRoute, storedRoute, usePreviewRoute } from './preview/use-preview-route';
import { usePreviewUpdates } from './preview/use-preview-updates';
import { usePreviewRun } from './preview/use-preview-run';
import { usePreviewCatchUp, useStarterVersion, useViewedVersion } from './preview/use-preview-catch-up';

export interface PreviewPanelProps {
  sprout: Sprout;
}

/**
 * The running app: the current version in a sandboxed iframe on the project's own preview origin,
 * with reload, open in a new tab, device widths, a build error overlay, runtime error count and
 * (showMachineLogs) the logs. One preview session per page: each new version (a run's event,
 * `currentVersionId` changing in the project's query cache) is handed to the iframe, which applies
 * it in place keeping the app's state, or reloads itself at the same address; `refreshPreview` and
 * the reload button start a new session.
 *
 * The route inside the app (path, query and hash) survives reloads, new sessions and a reload of
 * this page (usePreviewRoute), and the scroll position survives reloads (useKeepScroll).
 *
 * The status says only what is so: the reply under way drives it ("Building… writing 8 files",
 * "Checking…") until its version reaches the frame, and "Latest version" needs the frame's own word
 * that it shows the wanted version; otherwise "Preview out of date · Reload". After a network drop
 * the panel catches up by itself (./preview/use-preview-catch-up).
 */
export function PreviewPanel({ sprout }: PreviewPanelProps) {
  const versionId = sprout.currentVersionId;
  const flags = useFlags();
  const frameRef = useRef<HTMLIFrameElement>(null);
  const routeOf = useRef<() => string>(() => storedRoute(sprout.id));
  const frame = usePreviewFrame(sprout.id, !!versionId, routeOf);
  const origin = frame.session?.origin ?? null;
  const route = usePreviewRoute(sprout.id, origin, frameRef);
  useEffect(() => {
    routeOf.current = route;
  }, [route]);
  const calls = useBuildCalls();
  const build = useBuildStatus(sprout.id, versionId);
  const runtime = useRuntimeLogs(sprout.id, origin, frameRef, frame.generation);
  const restoreScroll = useKeepScroll(origin, frameRef);
  const updates = usePreviewUpdates(sprout.id, versionId, origin, frameRef, frame.reload);
  const { onFrameLoad } = frame;
  const { onLoad: onVersionLoad } = updates;
  const onLoad = useCallback(
    (src: string | null) => {
      onFrameLoad(src);
      restoreScroll();
      onVersionLoad();
    },
    [onFrameLoad, restoreScroll, onVersionLoad],
  );
  const online = useOnline();
  const { run, underWay } = usePreviewRun(sprout.id);
  const viewing = useViewedVersion(sprout.id, versionId, frame, updates, route);
  const starter = useStarterVersion(sprout.id, underWay);
  const [device, setDevice] = useState<Device>('desktop');
  const [dismissedVersion, setDismissedVersion] = useState<string | null>(null);
  const [logsOpen, setLogsOpen] = useState(true);
  const [logFilter, setLogFilter] = useState<LogFilter>('all');
  const refresh = usePreviewReload(sprout.id, versionId, frame, build.isError);
  usePreviewCatchUp(sprout.id, frame, updates);
  const permissions = usePreviewPermissions(sprout.id, frame.session?.origin ?? null, refresh);

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
  const status = previewStatus({
    online,
    notRunning: !frame.session && !!frame.error,
    run,
    everLoaded: frame.everLoaded,
    frameLoading: busy,
    wanted: updates.wanted,
    shown: updates.shown,
    waiting: updates.waiting,
    buildFailed: !!build.data && !build.data.ok && updates.wanted === versionId,
    viewing: viewing.version?.label ?? null,
  });
  // The starter is not the app being asked for: while the first reply builds, it stays covered.
  const onStarter = !!starter && !viewing.version && (updates.wanted === starter || (updates.shown === starter && updates.waiting));
  const cover = underWay && onStarter ? <BuildingCover label={runPreviewPhase(run)?.label ?? 'Starting…'} /> : null;
  const machineLogs = flags.showMachineLogs;

  return (
    <div data-testid="preview-panel" data-version-id={versionId} className="flex h-full min-h-0 flex-col bg-background">
      <PreviewToolbar
        status={status}
        busy={busy}
        onBackToLatest={viewing.version ? () => viewPreviewVersion(sprout.id, null) : undefined}
        device={device}
        onDeviceChange={setDevice}
        onReload={refresh}
        onOpen={() => void openPreviewInNewTab(() => calls.previewSession(sprout.id, splitRoute(route()).path))}
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

      <PermissionBar
        asked={permissions.asked}
        granted={permissions.granted}
        onAllow={permissions.grant}
        onDecline={permissions.decline}
        onRevoke={permissions.revoke}
      />

      {!frame.session && frame.error ? (
        <LoadError
          className="flex-1 px-6 py-10"
          icon={CloudOff}
          quiet
          testId="preview-error"
          retryTestId="preview-retry"
          title="The preview did not start"
          message={frame.retrying ? `${frame.error} Sprout tries again by itself.` : frame.error}
          onRetry={refresh}
          retrying={frame.requesting}
        />
      ) : (
        <PreviewViewport
          frameRef={frameRef}
          src={frame.session?.url ?? null}
          previousSrc={frame.previousSrc}
          title={`Preview of ${sprout.displayName}`}
          device={device}
          allow={permissions.allow}
          firstLoad={!frame.everLoaded}
          loading={busy}
          onLoad={onLoad}
          onRetry={refresh}
          overlay={showBuildError && !viewing.version ? <BuildErrorOverlay errors={buildErrors} onDismiss={() => setDismissedVersion(versionId)} /> : null}
          cover={cover}
          holdSlow={underWay}
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
