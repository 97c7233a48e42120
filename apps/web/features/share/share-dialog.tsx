'use client';
import type { Sprout } from '@sprout/core/contract';
import { useId } from 'react';
import { Globe, Link2 } from 'lucide-react';
import { useAppServices } from '@/lib/api/services';
import { useShareSprout } from './queries';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/ui/dialog';
import { Switch } from '@/ui/switch';
import { Label } from '@/ui/label';
import { CopyButton } from '@/ui/copy-button';
import { magicLinkFor } from './magic-link';

/** Turns the remix link (/build/magic/{id}) on or off and offers it for copying; says it is not the live app. */
export function ShareDialog({ sprout, open, onOpenChange }: { sprout: Sprout; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { config } = useAppServices();
  const share = useShareSprout(sprout);
  const switchId = useId();
  const enabled = share.isPending ? !!share.variables : sprout.shareEnabled;
  const link = magicLinkFor(config.webUrl, sprout.id);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="share-dialog">
        <DialogHeader>
          <div className="mb-1 flex size-10 items-center justify-center rounded-full bg-primary/15 text-primary">
            <Link2 className="size-5" aria-hidden="true" />
          </div>
          <DialogTitle>Share a remixable copy</DialogTitle>
          <DialogDescription>
            Anyone signed in to Sprout who opens the link gets their own copy of this project to change and build on. Your project never changes.
          </DialogDescription>
        </DialogHeader>

        <p data-testid="share-not-live" className="flex items-start gap-2 rounded-lg bg-muted/60 px-3 py-2 text-xs text-muted-foreground">
          <Globe className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          <span>
            This is not your live app.{' '}
            {sprout.published && sprout.publicUrl ? (
              <>
                People use that at{' '}
                <a href={sprout.publicUrl} target="_blank" rel="noreferrer" className="font-mono break-all text-foreground underline underline-offset-4">
                  {sprout.publicUrl.replace(/^https?:\/\//, '')}
                </a>
                .
              </>
            ) : (
              'To let people use your app, publish it.'
            )}
          </span>
        </p>

        <div className="flex items-center justify-between gap-4 rounded-lg border p-3">
          <div className="grid gap-0.5">
            <Label htmlFor={switchId}>Remix link</Label>
            <p className="text-xs text-muted-foreground">{enabled ? 'On — the link works.' : 'Off — the link shows as not active.'}</p>
          </div>
          <Switch id={switchId} data-testid="share-toggle" checked={enabled} disabled={share.isPending} onCheckedChange={(checked) => share.mutate(checked)} />
        </div>

        {sprout.shareEnabled ? (
          <div className="flex min-w-0 items-center gap-2">
            <input
              readOnly
              value={link}
              aria-label="Remix link"
              data-testid="share-link"
              onFocus={(e) => e.currentTarget.select()}
              className="h-9 min-w-0 flex-1 rounded-md border bg-muted/40 px-3 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            />
            <CopyButton text={link} label="Copy share link" testId="copy-share-link" />
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
