'use client';
import type { ListedVersion } from '@sprout/core/contract';
import { useEffect, useId, useState } from 'react';
import { buttonVariants } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { versionNameInline } from '@/lib/version-label';
import { restoreDataChoice } from './restore-data-choice';

export interface RestoreDialogProps {
  version: ListedVersion;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRestore: (withData: boolean) => void;
}

/** "Restore version N?": a new version with its files, and the test data it had when the person checks it (restoreDataChoice). */
export function RestoreDialog({ version, open, onOpenChange, onRestore }: RestoreDialogProps) {
  const { enabled, suggested, hint } = restoreDataChoice(version);
  const [withData, setWithData] = useState(suggested);
  // Each opening starts from the suggestion, not from the last choice.
  useEffect(() => {
    if (open) setWithData(suggested);
  }, [open, suggested]);
  const name = versionNameInline(version.number);
  const hintId = useId();

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      testId="version-restore-dialog"
      title={<>Restore {name}?</>}
      description={
        <>Sprout saves a new version with the files of {name} and shows it in the preview. The current version stays in the history, so nothing is lost.</>
      }
      confirmLabel={<>Restore {name}</>}
      confirmClassName={buttonVariants({ variant: 'default' })}
      confirmTestId="version-restore-confirm"
      onConfirm={() => onRestore(enabled && withData)}
    >
      <div className="text-sm" data-testid="version-restore-data">
        <label className={enabled ? 'flex items-center gap-2' : 'flex items-center gap-2 text-muted-foreground'}>
          <input
            type="checkbox"
            className="size-4 shrink-0 accent-primary disabled:opacity-50"
            checked={enabled && withData}
            disabled={!enabled}
            onChange={(e) => setWithData(e.currentTarget.checked)}
            aria-describedby={hintId}
          />
          Bring back test data
        </label>
        <p id={hintId} className="mt-0.5 pl-6 text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
    </ConfirmDialog>
  );
}
