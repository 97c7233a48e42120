'use client';
import type { CheckIssue } from '@sprout/core/contract';
import { AlertCircle, ImageOff, Loader2, RotateCcw } from 'lucide-react';
import { useScreenshot } from '@/lib/api/screenshots';
import { useRestoreAttempt, useRunAttempt } from '../attempt-queries';
import { errorText } from '@/lib/api/error-text';
import { Button } from '@/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/ui/dialog';
import { Skeletons } from '@/ui/skeleton';

const where = (i: CheckIssue) => (i.file ? `${i.file}${i.line ? `:${i.line}` : ''}` : null);

function Screenshot({ sproutId, shotId }: { sproutId: string; shotId: string | null }) {
  const shot = useScreenshot(sproutId, shotId);
  if (!shotId || shot.data === null)
    return (
      <p className="flex items-center gap-2 rounded-lg border border-dashed p-3 text-xs text-muted-foreground">
        <ImageOff className="size-4" aria-hidden="true" /> No picture: the attempt was not opened in a browser (it did not build, or the server cannot run one).
      </p>
    );
  if (!shot.data) return <Skeletons className="aspect-[16/10] w-full" label="Loading the picture" bars={['h-full w-full']} />;
  return <img src={shot.data} alt="What the attempt showed when it opened" className="w-full rounded-lg border" data-testid="attempt-screenshot" />;
}

/** A failed run's kept attempt: what was wrong, what it showed, what it changed; restoring it is a choice that costs a message. */
export function AttemptDialog({ runId, open, onOpenChange }: { runId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const attempt = useRunAttempt(runId, open);
  const data = attempt.data;
  const restore = useRestoreAttempt(runId, data?.sproutId ?? '', () => onOpenChange(false));

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="attempt-dialog" className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>The attempt that did not work</DialogTitle>
          <DialogDescription>
            Your app stayed on its last working version. This is what the reply tried{data?.summary ? `: ${data.summary}` : ''}.
          </DialogDescription>
        </DialogHeader>
        {attempt.isError ? (
          <p role="alert" className="flex items-center gap-2 text-sm text-destructive">
            <AlertCircle className="size-4" aria-hidden="true" /> Could not load the attempt: {errorText(attempt.error, { otherwise: 'network error' })}
          </p>
        ) : !data ? (
          <Skeletons label="Loading the attempt" bars={['h-4 w-2/3', 'h-24 w-full', 'h-4 w-1/2']} />
        ) : (
          <div className="grid min-w-0 gap-4">
            <section aria-label="What was wrong" className="grid gap-1.5">
              <h3 className="text-sm font-medium">What was wrong</h3>
              <ul className="grid gap-1 text-xs" data-testid="attempt-issues">
                {data.issues.map((i, n) => (
                  <li key={n} className="rounded-md bg-destructive/5 px-2.5 py-1.5 break-words">
                    {where(i) ? <span className="font-mono text-muted-foreground">{where(i)} · </span> : null}
                    {i.message}
                  </li>
                ))}
              </ul>
            </section>
            <section aria-label="What it showed" className="grid gap-1.5">
              <h3 className="text-sm font-medium">What it showed</h3>
              <Screenshot sproutId={data.sproutId} shotId={data.screenshotId} />
            </section>
            <section aria-label="What it changed" className="grid min-w-0 gap-1.5">
              <h3 className="text-sm font-medium">What it changed</h3>
              <ul className="min-w-0 divide-y rounded-lg border text-xs" data-testid="attempt-files">
                {data.files.map((f) => (
                  <li key={f.path} data-testid="diff-file" data-path={f.path} className="flex min-w-0 items-center gap-2 px-2.5 py-1.5">
                    <span className="min-w-0 flex-1 truncate font-mono" title={f.path}>
                      {f.path}
                    </span>
                    <span className="shrink-0 text-muted-foreground">{f.status === 'added' ? 'new' : f.status === 'removed' ? 'deleted' : 'changed'}</span>
                    <span className="shrink-0 text-emerald-700 dark:text-emerald-400">+{f.additions}</span>
                    <span className="shrink-0 text-destructive">−{f.deletions}</span>
                  </li>
                ))}
              </ul>
              <p className="text-xs text-muted-foreground">Its code is yours to read and edit once you restore it.</p>
            </section>
          </div>
        )}
        <DialogFooter className="items-center gap-2">
          <p className="text-xs text-muted-foreground sm:mr-auto">Restoring makes it your current version and uses one message.</p>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Close
          </Button>
          <Button data-testid="attempt-restore" disabled={!data || restore.isPending} onClick={() => restore.mutate()}>
            {restore.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <RotateCcw aria-hidden="true" />}
            Restore this attempt
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
