'use client';
import type { Sprout } from '@sprout/core/contract';
import { useCallback, useMemo, useRef, useState } from 'react';
import { AppWindow, CloudOff } from 'lucide-react';
import { useBuildStatus, usePreviewSessionRequest } from '@/lib/client/build-queries';
import { useFlags } from '@/lib/client/flags';
import { LoadError } from '@/components/load-error';
import { PanelEmptyState } from './panel-empty-state';
import { BuildErrorOverlay } from './preview/build-error-overlay';
import type { Device } from './preview/device-switcher';
import { LogsPanel, type LogFilter } from './preview/logs-panel';
import { openPreviewInNewTab } from './preview/open-in-new-tab';
import { PreviewToolbar, type PreviewStatus } from './preview/preview-toolbar';
import { PreviewViewport } from './preview/preview-viewport';
import { PermissionBar } from './preview/permission-bar';
import { usePreviewPermissions } from './preview/use-preview-permissions';
import { buildLogEntries, useRuntimeLogs } from './preview/use-preview-logs';
import { useKeepScroll } from './preview/use-keep-scroll';
import { usePreviewFrame } from './preview/use-preview-session';
import { usePreviewReload } from './preview/use-preview-reload';

export interface PreviewPanelProps {
  sprout: Sprout;
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
  const refresh = usePreviewReload(sprout.id, versionId, frame, build.isError);
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
  const status: PreviewStatus =
    !frame.session && frame.error ? 'offline' : !frame.everLoaded ? 'starting' : busy ? 'loading' : build.data && !build.data.ok ? 'build-failed' : 'ready';
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
          message={frame.error}
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
