'use client';
import { ShieldQuestion } from 'lucide-react';
import { describePermissions, type PreviewPermission } from '@sprout/core';
import { Button } from '@/ui/button';

export interface PermissionBarProps {
  asked: PreviewPermission[];
  granted: PreviewPermission[];
  onAllow: () => void;
  onDecline: () => void;
  onRevoke: () => void;
}

/**
 * Asks the person before the preview may use their camera, microphone, location or clipboard; once
 * something is allowed, says so and offers to take it back.
 */
export function PermissionBar({ asked, granted, onAllow, onDecline, onRevoke }: PermissionBarProps) {
  if (asked.length) {
    return (
      <div
        role="alertdialog"
        aria-labelledby="preview-permission-text"
        data-testid="preview-permission"
        className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
      >
        <ShieldQuestion className="size-4 shrink-0" aria-hidden="true" />
        <p id="preview-permission-text" className="min-w-0 flex-1">
          This app wants to use {describePermissions(asked)}. Allow it in the preview?
        </p>
        <div className="flex gap-2">
          <Button size="sm" variant="outline" onClick={onDecline} data-testid="preview-permission-decline">
            Not now
          </Button>
          <Button size="sm" onClick={onAllow} data-testid="preview-permission-allow">
            Allow
          </Button>
        </div>
      </div>
    );
  }
  if (!granted.length) return null;
  return (
    <div data-testid="preview-permission-granted" className="flex items-center gap-2 border-b px-3 py-1 text-xs text-muted-foreground">
      <span className="min-w-0 flex-1 truncate">The preview may use {describePermissions(granted)}.</span>
      <Button size="sm" variant="ghost" className="h-6 px-2 text-xs" onClick={onRevoke} data-testid="preview-permission-revoke">
        Revoke
      </Button>
    </div>
  );
}
