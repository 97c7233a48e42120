'use client';
import type { Sprout } from '@sprout/core/contract';
import { useEffect, useRef, useState } from 'react';
import { AlertCircle, ExternalLink, Globe, GlobeLock, Loader2, Rocket } from 'lucide-react';
import { usePublishSprout, useUnpublishSprout } from './queries';
import { ApiError } from '@/lib/api/client';
import { hasStatus } from '@/lib/api/error-text';
import { Button } from '@/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/ui/dialog';
import { MiddleText } from '@/ui/middle-text';
import { splitAddress } from '@/lib/middle-truncate';
import { CopyButton } from '@/ui/copy-button';
import { publishErrorMessage } from './publish-errors';
import { AddressField, useAddressChoice, type AddressChoice } from './publish-address';
import { PublishLimitNotice, usePublishLimit } from './publish-limit';
import { LiveSecretsNotice } from '@/features/functions';
import { CustomDomainsSection } from '@/features/domains';
import { PublishSettingsButton } from '@/features/site-settings';
import { FixFindings } from './fix-findings';
import { SecurityCheck } from './security-check';
import { useSecurityCheck } from './security-check-state';

function PublicAddress({ url, onChange, disabled }: { url: string; onChange: () => void; disabled: boolean }) {
  const [addressHead, addressTail] = splitAddress(url);
  return (
    <div className="grid gap-2">
      <span className="flex items-center gap-2 text-xs font-medium text-muted-foreground">
        <span className="relative flex size-2" aria-hidden="true">
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-primary opacity-60 motion-reduce:animate-none" />
          <span className="relative inline-flex size-2 rounded-full bg-primary" />
        </span>
        Live at
        <button
          type="button"
          onClick={onChange}
          disabled={disabled}
          data-testid="publish-address-change"
          className="ml-auto rounded-sm font-medium text-foreground underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          Change address
        </button>
      </span>
      <div className="flex min-w-0 items-center gap-2">
        <a
          href={url}
          target="_blank"
          rel="noreferrer"
          data-testid="public-url"
          className="flex h-9 min-w-0 flex-1 items-center gap-2 rounded-md border bg-muted/40 px-3 font-mono text-sm outline-none hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <MiddleText head={addressHead} tail={addressTail} title={url} />
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
        <CopyButton text={url} label="Copy public address" testId="copy-public-url" />
        <Button variant="outline" size="icon" className="shrink-0" asChild>
          <a href={url} target="_blank" rel="noreferrer" aria-label="Open the app in a new tab" data-testid="open-public-url">
            <ExternalLink />
          </a>
        </Button>
      </div>
    </div>
  );
}

/** "Take your app offline?" in place of the footer: unpublishing is one click away, never one slip away. */
function UnpublishConfirm({ url, pending, onKeep, onConfirm }: { url: string; pending: boolean; onKeep: () => void; onConfirm: () => void }) {
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  return (
    <div
      role="alertdialog"
      aria-labelledby="unpublish-title"
      aria-describedby="unpublish-body"
      data-testid="unpublish-confirm"
      className="grid gap-3 rounded-lg border border-destructive/30 bg-destructive/5 p-3"
    >
      <p id="unpublish-title" className="text-sm font-medium">
        Take your app offline?
      </p>
      <p id="unpublish-body" className="text-xs text-muted-foreground">
        Visitors of <span className="font-mono break-all">{url.replace(/^https?:\/\//, '')}</span> see that nothing is published there until you publish again.
        The address and your app&rsquo;s data are kept.
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button ref={keep} variant="outline" size="sm" disabled={pending} onClick={onKeep} data-testid="unpublish-keep">
          Keep it live
        </Button>
        <Button variant="destructive" size="sm" disabled={pending} onClick={onConfirm} data-testid="confirm-unpublish">
          {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <GlobeLock aria-hidden="true" />}
          {pending ? 'Unpublishing…' : 'Unpublish'}
        </Button>
      </div>
    </div>
  );
}

function publishLabel(live: boolean, everPublished: boolean, address: AddressChoice, riskAccepted: boolean): string {
  if (riskAccepted) return 'Publish anyway';
  if (address.moving) return 'Publish at the new address';
  return live ? 'Publish latest version' : everPublished ? 'Publish again' : 'Publish';
}

/** Publish state, the address (shown and changeable before publishing), the public URL once live, republish and unpublish (confirmed). */
export function PublishDialog({ sprout, open, onOpenChange }: { sprout: Sprout; open: boolean; onOpenChange: (open: boolean) => void }) {
  const publish = usePublishSprout(sprout, () => onOpenChange(false));
  const unpublish = useUnpublishSprout(sprout);
  const address = useAddressChoice(sprout, open);
  const limit = usePublishLimit(sprout, open);
  const busy = publish.isPending || unpublish.isPending;
  const live = sprout.published && !!sprout.publicUrl;
  const cancelled = publish.isError && publish.error instanceof ApiError && publish.error.code === 'aborted';
  const security = useSecurityCheck(sprout, open, publish.error);
  const failed = publish.isError && !cancelled && !security.refused && !hasStatus(publish.error, 402) ? publishErrorMessage(publish.error) : null;
  const [copyTestData, setCopyTestData] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const unpublishButton = useRef<HTMLButtonElement>(null);

  // The answer is the project unpublished: the confirmation has done its job.
  useEffect(() => {
    if (!live) setConfirming(false);
  }, [live]);
  // Published at a new address: the editor has done its job.
  const { stopEditing } = address;
  const publishedAt = sprout.publicUrl;
  useEffect(() => stopEditing(), [publishedAt, stopEditing]);

  // Esc, the close button and "Hide" always close, even while publishing: the publish goes on (it
  // ends within the request's time limit, at once if the network goes) and its toast says how it ended.
  function close(next: boolean) {
    if (!next) {
      if (!busy) publish.reset();
      address.stopEditing();
      security.reset();
      setConfirming(false);
    }
    onOpenChange(next);
  }

  const showAddressField = !publish.isPending && (!live || address.editing);
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent data-testid="publish-dialog" data-state-published={live ? 'true' : 'false'} aria-busy={busy}>
        <DialogHeader>
          <div className="mb-1 flex size-10 items-center justify-center rounded-full bg-primary/15 text-primary">
            {live ? <Globe className="size-5" aria-hidden="true" /> : <Rocket className="size-5" aria-hidden="true" />}
          </div>
          <DialogTitle>{live ? 'Your app is live' : sprout.publicUrl ? 'Your app is offline' : 'Publish your app'}</DialogTitle>
          <DialogDescription>
            {live
              ? 'Anyone with the link can use it. Publish again to put your latest version online.'
              : sprout.publicUrl
                ? 'Publish again to put the current version back online.'
                : 'Put the current version of this project on a public web address anyone can open — no sign-in needed.'}
          </DialogDescription>
        </DialogHeader>

        {publish.isPending ? (
          <div role="status" data-testid="publish-progress" className="flex items-center gap-3 rounded-lg border bg-muted/40 px-3 py-3 text-sm">
            <Loader2 className="size-4 shrink-0 animate-spin text-primary" aria-hidden="true" />
            <div className="grid gap-0.5">
              <span className="font-medium">{live ? 'Updating your app…' : 'Publishing your app…'}</span>
              <span className="text-xs text-muted-foreground">
                Building an optimised version. This usually takes a few seconds; you can close this and keep working.
              </span>
            </div>
            <Button variant="ghost" size="sm" className="ml-auto h-8 shrink-0" onClick={publish.cancel} data-testid="publish-cancel">
              Cancel
            </Button>
          </div>
        ) : live && sprout.publicUrl && !address.editing ? (
          <PublicAddress url={sprout.publicUrl} onChange={address.startEditing} disabled={busy || confirming} />
        ) : null}

        {live && !publish.isPending && !confirming && !address.editing ? <CustomDomainsSection sproutId={sprout.id} enabled={open} /> : null}

        {!publish.isPending && !confirming && !address.editing ? (
          <PublishSettingsButton sproutId={sprout.id} appName={sprout.displayName} disabled={busy} />
        ) : null}

        {showAddressField ? <AddressField choice={address} disabled={busy} label={live ? 'New address' : 'Your app’s address'} /> : null}

        {!publish.isPending && !confirming ? (
          <label className="flex items-start gap-2 text-sm" data-testid="publish-copy-test-data">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-primary"
              checked={copyTestData}
              disabled={busy}
              onChange={(e) => setCopyTestData(e.currentTarget.checked)}
            />
            <span>
              Start the live app with a copy of the preview&rsquo;s test data
              <span className="block text-xs text-muted-foreground">
                {sprout.publicUrl ? 'Replaces the data your live app has now.' : 'Otherwise the live app starts with no data.'}
              </span>
            </span>
          </label>
        ) : null}

        {!publish.isPending && !confirming ? <LiveSecretsNotice sprout={sprout} enabled={open} onOpen={() => close(false)} /> : null}

        {limit.blocked && !publish.isPending ? <PublishLimitNotice limit={limit} /> : null}

        {!publish.isPending && !confirming ? (
          <SecurityCheck check={security} disabled={busy} fix={<FixFindings sprout={sprout} disabled={busy} onStarted={() => close(false)} />} />
        ) : null}

        {cancelled && !publish.isPending ? (
          <p role="status" data-testid="publish-cancelled" className="rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">
            Stopped waiting. If Sprout had already started publishing, your app may still go live in a moment.
          </p>
        ) : null}

        {failed && !publish.isPending ? (
          <p role="alert" data-testid="publish-error" className="flex gap-2 rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
            <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span className="break-words">{failed}</span>
          </p>
        ) : null}

        {confirming && sprout.publicUrl ? (
          <UnpublishConfirm
            url={sprout.publicUrl}
            pending={unpublish.isPending}
            onKeep={() => {
              setConfirming(false);
              requestAnimationFrame(() => unpublishButton.current?.focus());
            }}
            onConfirm={() => unpublish.mutate()}
          />
        ) : (
          <DialogFooter>
            {live ? (
              <Button ref={unpublishButton} variant="outline" data-testid="publish-unpublish" disabled={busy} onClick={() => setConfirming(true)}>
                <GlobeLock aria-hidden="true" /> Unpublish
              </Button>
            ) : (
              <Button variant="outline" onClick={() => close(false)} data-testid="publish-not-now">
                {busy ? 'Hide' : 'Not now'}
              </Button>
            )}
            <Button
              data-testid="publish-confirm"
              disabled={busy || address.blocked || security.blocked}
              onClick={() =>
                publish.mutate({
                  copyTestData,
                  ...(address.slug ? { slug: address.slug } : {}),
                  ...(security.acknowledge.length ? { acknowledge: security.acknowledge } : {}),
                })
              }
            >
              {publish.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Rocket aria-hidden="true" />}
              {publish.isPending ? 'Publishing…' : publishLabel(live, !!sprout.publicUrl, address, security.accepted)}
            </Button>
          </DialogFooter>
        )}
      </DialogContent>
    </Dialog>
  );
}
