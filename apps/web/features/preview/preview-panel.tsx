'use client';
import type { Sprout } from '@sprout/core/contract';
import { useCallback, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AppWindow, CloudOff } from 'lucide-react';
import { useFlags } from '@/lib/api/flags';
import { LoadError } from '@/ui/load-error';
import { PanelEmptyState } from '@/ui/panel-empty-state';
import { BuildErrorOverlay } from './build-error-overlay';
import { BuildingCover, PlanReadyCover } from './building-cover';
import type { Device } from './device-switcher';
import { LogsPanel, type LogFilter } from './logs-panel';
import { openPreviewInNewTab } from './open-in-new-tab';
import { PermissionBar } from './permission-bar';
import { busy, onStarter, previousSrc, statusOf, underWay } from './preview-view';
import { PreviewToolbar } from './preview-toolbar';
import { PreviewViewport } from './preview-viewport';
import { previewKeys, useBuildStatus, usePreviewCalls } from './queries';
import { splitRoute } from './route';
import { buildLogEntries, useRuntimeLogs } from './use-preview-logs';
import { usePreviewPermissions } from './use-preview-permissions';
import { usePreviewState, usePreviewStore } from './use-preview-store';
import { useStarterVersion } from './use-starter-version';
import { EditElementPanel, SelectElementButton, useElementPicker } from '@/features/visual-edit';

export interface PreviewPanelProps {
  sprout: Sprout;
}

/**
 * The running app: the current version in a sandboxed iframe on the project's own preview origin,
 * with reload, open in a new tab, device widths, a build error overlay, runtime error count and
 * (showMachineLogs) the logs. What it shows is the project's preview store (./preview-store): one
 * preview session per page, each new version handed to the iframe (which applies it in place
 * keeping the app's state, or reloads itself at the same address), the app's route and scroll
 * position kept across reloads and new sessions, and a catch-up after a network drop. This panel
 * only shows the store's state.
 *
 * The status says only what is so: the reply under way drives it ("Building… writing 8 files",
 * "Checking…") until its version reaches the frame, and "Latest version" needs the frame's own word
 * that it shows the wanted version; otherwise "Preview out of date · Reload".
 */
export function PreviewPanel({ sprout }: PreviewPanelProps) {
  const versionId = sprout.currentVersionId;
  const flags = useFlags();
  const store = usePreviewStore(sprout);
  const state = usePreviewState(store);
  const origin = state.session?.origin ?? null;
  const calls = usePreviewCalls();
  const qc = useQueryClient();
  const build = useBuildStatus(sprout.id, versionId);
  const runtime = useRuntimeLogs(origin, store.frame, state.generation);
  const picker = useElementPicker(sprout, store.frame, origin);
  const onFrameLoad = picker.onFrameLoad;
  const onLoad = useCallback(
    (src: string | null) => {
      store.frameLoaded(src);
      onFrameLoad();
    },
    [store, onFrameLoad],
  );
  const reply = underWay(state);
  const starter = useStarterVersion(sprout.id, reply || !!state.reply.planReady);
  const [device, setDevice] = useState<Device>('desktop');
  const [dismissedVersion, setDismissedVersion] = useState<string | null>(null);
  const [logsOpen, setLogsOpen] = useState(true);
  const [logFilter, setLogFilter] = useState<LogFilter>('all');
  const buildQueryFailed = build.isError;
  // A new session; a failed build is not cached by the API (it may not be the code's fault): ask again.
  const refresh = useCallback(() => {
    store.reload();
    if (buildQueryFailed) void qc.invalidateQueries({ queryKey: previewKeys.build(sprout.id, versionId) });
  }, [store, buildQueryFailed, qc, sprout.id, versionId]);
  const permissions = usePreviewPermissions(sprout.id, origin, refresh);

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

  const loading = busy(state);
  const status = statusOf(state, !!build.data && !build.data.ok && state.wanted === versionId);
  const onTheStarter = onStarter(state, starter);
  const cover =
    reply && onTheStarter ? (
      <BuildingCover label={state.reply.phase?.label ?? 'Starting…'} planning={state.reply.phase?.kind === 'planning'} />
    ) : state.reply.planReady && onTheStarter ? (
      <PlanReadyCover />
    ) : null;
  const machineLogs = flags.showMachineLogs;

  return (
    <div data-testid="preview-panel" data-version-id={versionId} className="flex h-full min-h-0 flex-col bg-background">
      <PreviewToolbar
        status={status}
        busy={loading}
        onBackToLatest={state.viewing ? () => store.view(null) : undefined}
        device={device}
        onDeviceChange={setDevice}
        onReload={refresh}
        onOpen={() => void openPreviewInNewTab(() => calls.previewSession(sprout.id, splitRoute(store.currentRoute()).path))}
        canOpen={!!state.session || !state.error}
        runtimeErrors={runtime.errors}
        select={
          <SelectElementButton
            picking={picker.state.picking}
            disabled={!state.session || !!state.viewing}
            onToggle={() => picker.selection.setPicking(!picker.state.picking)}
          />
        }
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

      {!state.session && state.error ? (
        <LoadError
          className="flex-1 px-6 py-10"
          icon={CloudOff}
          quiet
          testId="preview-error"
          retryTestId="preview-retry"
          title="The preview did not start"
          message={state.retrying ? `${state.error} Sprout tries again by itself.` : state.error}
          onRetry={refresh}
          retrying={state.requesting}
        />
      ) : (
        <PreviewViewport
          frameRef={store.frame}
          src={state.session?.url ?? null}
          previousSrc={previousSrc(state)}
          title={`Preview of ${sprout.displayName}`}
          device={device}
          allow={permissions.allow}
          firstLoad={state.loadedSrc === null}
          loading={loading}
          onLoad={onLoad}
          onRetry={refresh}
          overlay={
            showBuildError && versionId && !state.viewing ? (
              <BuildErrorOverlay errors={buildErrors} sprout={sprout} versionId={versionId} onDismiss={() => setDismissedVersion(versionId)} />
            ) : null
          }
          aside={
            picker.state.selected && !state.viewing ? (
              <EditElementPanel
                sproutId={sprout.id}
                versionId={versionId}
                selected={picker.state.selected}
                allItems={picker.state.allItems}
                selection={picker.selection}
                session={picker.session}
              />
            ) : null
          }
          cover={cover}
          holdSlow={reply}
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
