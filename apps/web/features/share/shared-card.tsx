'use client';
import type { SharedProject } from '@sprout/core/contract';
import Link from 'next/link';
import { AlertCircle, CopyPlus, Loader2, RotateCw } from 'lucide-react';
import { ProjectAvatar } from '@/features/projects';
import { Button } from '@/ui/button';
import { IndeterminateBar } from '@/ui/indeterminate-bar';
import { Frame } from './magic-frame';
import { remixErrorMessage, useAutoRemix } from './remix';

/**
 * A share link that works: whose project it is, and the visitor's own copy — made at once when this
 * tab's Remix button started it, else after "Remix this project?" is answered (or again on request).
 */
export function SharedCard({ id, shared }: { id: string; shared: SharedProject }) {
  const { remix, start, earlierCopy, asking, working } = useAutoRemix(id, shared.isOwner);

  return (
    <Frame>
      <div data-testid="magic-shared" data-owner={shared.isOwner ? 'true' : 'false'}>
        <p className="text-xs font-medium tracking-wide text-primary uppercase">{shared.isOwner ? 'Your share link' : 'Shared with you'}</p>
        <div className="mt-3 flex items-center gap-3">
          <ProjectAvatar name={shared.displayName} seed={shared.id} className="size-12 text-lg" />
          <div className="min-w-0">
            <h1 className="truncate text-xl font-semibold tracking-tight" data-testid="magic-project-name">
              {shared.displayName}
            </h1>
            <p className="truncate text-sm text-muted-foreground">by {shared.isOwner ? 'you' : shared.ownerDisplayName}</p>
          </div>
        </div>

        {shared.isOwner ? (
          <p className="mt-5 text-sm text-muted-foreground">
            This is the share link of your own project. Anyone signed in who opens it gets their own copy to remix — your project stays exactly as it is. Turn
            the link on or off from <span className="font-medium text-foreground">Share</span> in the project.
          </p>
        ) : working ? (
          <div className="mt-5 grid gap-2" role="status" aria-live="polite" data-testid="remix-progress">
            <p className="flex items-center gap-2 text-sm">
              <Loader2 className="size-4 animate-spin text-primary" aria-hidden="true" />
              {remix.isSuccess ? 'Opening your copy…' : remix.isPending ? 'Making your own copy of this project…' : 'Opening the shared project…'}
            </p>
            <IndeterminateBar trackClassName="h-1.5 rounded-full" />
          </div>
        ) : remix.isError ? (
          <p role="alert" data-testid="remix-error" className="mt-5 flex items-start gap-2 rounded-lg bg-destructive/10 p-3 text-sm">
            <AlertCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
            {remixErrorMessage(remix.error)}
          </p>
        ) : earlierCopy ? (
          <p className="mt-5 text-sm text-muted-foreground">You already made a copy of this project. Open it, or make another one.</p>
        ) : asking ? (
          <div className="mt-5 grid gap-1" data-testid="remix-confirm">
            <h2 className="text-base font-semibold">Remix this project?</h2>
            <p className="text-sm text-muted-foreground">
              A link brought you here. Remixing adds a copy of this project to your projects, for you to change however you like. Nothing is copied until you
              say so.
            </p>
          </div>
        ) : (
          <p className="mt-5 text-sm text-muted-foreground">Make your own copy of this project to change it however you like.</p>
        )}

        <div className="mt-6 flex flex-col gap-2 sm:flex-row-reverse">
          {shared.isOwner ? (
            <Button asChild data-testid="magic-open-own">
              <Link href={`/build/${encodeURIComponent(shared.id)}`}>Open your project</Link>
            </Button>
          ) : earlierCopy && !working ? (
            <Button asChild data-testid="magic-open-copy">
              <Link href={`/build/${encodeURIComponent(earlierCopy)}`}>Open your copy</Link>
            </Button>
          ) : null}
          <Button
            variant={shared.isOwner || (earlierCopy && !working) ? 'outline' : 'default'}
            data-testid="remix-button"
            disabled={working}
            onClick={start}
            autoFocus={asking}
          >
            {working ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : remix.isError ? (
              <RotateCw aria-hidden="true" />
            ) : (
              <CopyPlus aria-hidden="true" />
            )}
            {remix.isPending || remix.isSuccess
              ? 'Remixing…'
              : working
                ? 'Remix'
                : remix.isError
                  ? 'Try again'
                  : shared.isOwner
                    ? 'Make a copy'
                    : earlierCopy
                      ? 'Make another copy'
                      : 'Remix'}
          </Button>
          {asking && !working ? (
            <Button asChild variant="outline" data-testid="remix-cancel">
              <Link href="/build">Cancel</Link>
            </Button>
          ) : null}
        </div>
      </div>
    </Frame>
  );
}
