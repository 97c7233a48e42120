'use client';
import { ExternalLink, Loader2, RotateCw, SquareTerminal } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';
import { DeviceSwitcher, type Device } from './device-switcher';
import { RuntimeErrorBadge } from './runtime-errors';
import type { LogEntry } from './use-preview-logs';

export type PreviewStatus = 'starting' | 'loading' | 'ready' | 'build-failed' | 'offline';

const STATUS: Record<PreviewStatus, { label: string; dot: string }> = {
  starting: { label: 'Starting…', dot: 'bg-muted-foreground/50' },
  loading: { label: 'Updating…', dot: 'bg-primary/60' },
  ready: { label: 'Latest version', dot: 'bg-primary' },
  'build-failed': { label: 'Build failed', dot: 'bg-destructive' },
  offline: { label: 'Not running', dot: 'bg-muted-foreground/50' },
};

export interface PreviewToolbarProps {
  status: PreviewStatus;
  busy: boolean;
  device: Device;
  onDeviceChange: (device: Device) => void;
  onReload: () => void;
  onOpen: () => void;
  canOpen: boolean;
  runtimeErrors: LogEntry[];
  /** Present when machine logs are on. */
  logs?: { open: boolean; toggle: () => void; showErrors: () => void };
}

export function PreviewToolbar({ status, busy, device, onDeviceChange, onReload, onOpen, canOpen, runtimeErrors, logs }: PreviewToolbarProps) {
  const s = STATUS[status];
  return (
    <div role="group" aria-label="Preview controls" className="flex h-11 shrink-0 items-center gap-1 border-b bg-background px-2">
      <Tooltip content="Reload preview">
        <Button variant="ghost" size="icon" className="size-8" aria-label="Reload preview" data-testid="preview-reload" onClick={onReload}>
          <RotateCw className={cn(busy && 'animate-spin motion-reduce:animate-none')} aria-hidden="true" />
        </Button>
      </Tooltip>

      <div
        className="flex h-8 min-w-0 flex-1 items-center gap-2 rounded-md border bg-muted/40 px-2.5 text-xs text-muted-foreground"
        data-testid="preview-status"
        data-status={status}
      >
        {busy ? (
          <Loader2 className="size-3 shrink-0 animate-spin text-primary" aria-hidden="true" />
        ) : (
          <span className={cn('size-2 shrink-0 rounded-full', s.dot)} aria-hidden="true" />
        )}
        <span className="truncate" aria-live="polite">
          {s.label}
        </span>
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
