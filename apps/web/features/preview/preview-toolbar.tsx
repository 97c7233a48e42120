'use client';
import type { ReactNode } from 'react';
import { ExternalLink, Loader2, RotateCw, SquareTerminal } from 'lucide-react';
import { Button } from '@/ui/button';
import { Tooltip } from '@/ui/tooltip';
import { cn } from '@/lib/cn';
import { DeviceSwitcher, type Device } from './device-switcher';
import { RuntimeErrorBadge } from './runtime-errors';
import type { PreviewStatusKind, PreviewStatusView } from './preview-status';
import type { LogEntry } from './use-preview-logs';

const DOT: Partial<Record<PreviewStatusKind, string>> = {
  ready: 'bg-primary',
  'build-failed': 'bg-destructive',
  stale: 'bg-warning',
  viewing: 'bg-warning',
  offline: 'bg-muted-foreground/50',
  'not-running': 'bg-muted-foreground/50',
};

export interface PreviewToolbarProps {
  status: PreviewStatusView;
  /** The frame itself is loading (the reload button spins). */
  busy: boolean;
  /** An earlier version is on view: go back to the current one. */
  onBackToLatest?: () => void;
  device: Device;
  onDeviceChange: (device: Device) => void;
  onReload: () => void;
  onOpen: () => void;
  canOpen: boolean;
  runtimeErrors: LogEntry[];
  /** Present when machine logs are on. */
  logs?: { open: boolean; toggle: () => void; showErrors: () => void };
  /** The element picker's button, first after reload. */
  select?: ReactNode;
}

const pillAction =
  'shrink-0 rounded-sm font-medium text-foreground underline underline-offset-2 outline-none hover:text-primary focus-visible:ring-[3px] focus-visible:ring-ring/50';

export function PreviewToolbar({
  status,
  busy,
  onBackToLatest,
  device,
  onDeviceChange,
  onReload,
  onOpen,
  canOpen,
  runtimeErrors,
  logs,
  select,
}: PreviewToolbarProps) {
  return (
    <div role="group" aria-label="Preview controls" className="flex h-11 shrink-0 items-center gap-1 border-b bg-background px-2">
      <Tooltip content="Reload preview">
        <Button variant="ghost" size="icon" className="size-8" aria-label="Reload preview" data-testid="preview-reload" onClick={onReload}>
          <RotateCw className={cn(busy && 'animate-spin motion-reduce:animate-none')} aria-hidden="true" />
        </Button>
      </Tooltip>
      {select}

      <div
        className="flex h-8 min-w-0 flex-1 items-center gap-2 rounded-md border bg-muted/40 px-2.5 text-xs text-muted-foreground"
        data-testid="preview-status"
        data-status={status.kind}
      >
        {status.busy ? (
          <Loader2 className="size-3 shrink-0 animate-spin text-primary" aria-hidden="true" />
        ) : (
          <span className={cn('size-2 shrink-0 rounded-full', DOT[status.kind] ?? 'bg-primary/60')} aria-hidden="true" />
        )}
        <span className="min-w-0 truncate" aria-live="polite" data-testid="preview-status-label">
          {status.label}
        </span>
        {status.kind === 'stale' ? (
          <>
            <span aria-hidden="true">·</span>
            <button type="button" className={pillAction} onClick={onReload} data-testid="preview-stale-reload">
              Reload
            </button>
          </>
        ) : null}
        {status.kind === 'viewing' && onBackToLatest ? (
          <>
            <span aria-hidden="true">·</span>
            <button type="button" className={pillAction} onClick={onBackToLatest} data-testid="preview-back-to-latest">
              Back to latest
            </button>
          </>
        ) : null}
      </div>

      <RuntimeErrorBadge errors={runtimeErrors} onShowLogs={logs?.showErrors} />

      {logs ? (
        <Tooltip content={logs.open ? 'Hide logs' : 'Show logs'}>
          <Button
            variant="ghost"
            size="icon"
            className={cn('size-8', logs.open && 'bg-accent text-accent-foreground')}
            aria-label="Logs"
            aria-pressed={logs.open}
            data-testid="preview-logs-toggle"
            onClick={logs.toggle}
          >
            <SquareTerminal aria-hidden="true" />
          </Button>
        </Tooltip>
      ) : null}

      <DeviceSwitcher value={device} onChange={onDeviceChange} />

      <Tooltip content="Open in a new tab">
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label="Open preview in a new tab"
          data-testid="preview-open"
          onClick={onOpen}
          disabled={!canOpen}
        >
          <ExternalLink aria-hidden="true" />
        </Button>
      </Tooltip>
    </div>
  );
}
