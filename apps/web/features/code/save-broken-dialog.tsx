'use client';
import type { FileCheck } from '@sprout/core/contract';
import { buttonVariants } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { problemText } from './draft-problems';
import type { Draft } from './use-save-file';

/**
 * Before saving an edit the checks found problems in: a version that does not build shows its
 * error instead of the app, so the person chooses. Keeping on editing is the default.
 */
export function SaveBrokenDialog({
  pending,
  onKeepEditing,
  onSaveAnyway,
}: {
  pending: { path: string; draft: Draft; check: FileCheck } | null;
  onKeepEditing: () => void;
  onSaveAnyway: () => void;
}) {
  const first = pending?.check.errors[0];
  const builds = pending?.check.builds ?? true;
  return (
    <ConfirmDialog
      open={!!pending}
      onOpenChange={(open) => !open && onKeepEditing()}
      testId="code-save-broken"
      confirmTestId="code-save-anyway"
      title={builds ? 'Save with problems?' : 'Save a version that does not build?'}
      description={
        <>
          {builds
            ? 'The checks Sprout runs on every version found problems in this edit.'
            : 'The preview will show this error instead of your app until it is fixed.'}{' '}
          {first ? <span className="mt-2 block font-mono text-xs break-words">{problemText(first, pending!.path)}</span> : null}
          <span className="mt-2 block">You can go back to any earlier version from History.</span>
        </>
      }
      cancelLabel="Keep editing"
      confirmLabel="Save anyway"
      onConfirm={onSaveAnyway}
      confirmClassName={buttonVariants({ variant: 'default' })}
    />
  );
}
