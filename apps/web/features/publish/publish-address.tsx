'use client';
import type { PublishAddress, Sprout } from '@sprout/core/contract';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Check, CircleAlert, Globe, LoaderCircle, Pencil } from 'lucide-react';
import { validateSlug } from '@sprout/core';
import { usePublishCalls } from './queries';
import { errorText } from '@/lib/api/error-text';
import { Button } from '@/ui/button';
import { cn } from '@/lib/cn';
import { MiddleText } from '@/ui/middle-text';
import { splitAddress } from '@/lib/middle-truncate';

/** What the address editor says about the typed address. */
type AddressStatus = 'same' | 'invalid' | 'checking' | 'available' | 'taken' | 'error';

const bare = (url: string) => url.replace(/^https?:\/\//, '');

/** The part of a public address after the slug: `.sites.localhost:3001`. */
function addressSuffix(address: Pick<PublishAddress, 'slug' | 'url'>): string {
  const host = bare(address.url);
  return host.startsWith(address.slug) ? host.slice(address.slug.length) : '';
}

/** A value that follows `value` once it has stopped changing for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The address a publish goes to: the project's own, or the one proposed from its name,
 * shown before publishing; the person may type another, which is checked as they type (the rules
 * here at once, whether it is free on the server a moment later).
 */
export function useAddressChoice(sprout: Sprout, open: boolean) {
  const calls = usePublishCalls();
  const proposal = useQuery({
    queryKey: ['publish-address', sprout.id, sprout.displayName, sprout.publicUrl],
    queryFn: () => calls.publishAddress(sprout.id),
    enabled: open,
    staleTime: 0,
  });
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const local = validateSlug(draft);
  const wanted = local.ok ? local.slug : null;
  const settled = useSettled(wanted, 300);
  const differs = editing && wanted !== null && wanted !== proposal.data?.slug;
  const check = useQuery({
    queryKey: ['publish-address', sprout.id, 'check', settled],
    queryFn: () => calls.publishAddress(sprout.id, settled!),
    enabled: open && differs && settled === wanted,
    staleTime: 5_000,
  });

  let status: AddressStatus = 'same';
  if (editing && !local.ok) status = 'invalid';
  else if (differs) {
    if (settled !== wanted || check.isFetching || !check.data) status = check.isError && settled === wanted ? 'error' : 'checking';
    else status = check.data.available ? 'available' : 'taken';
  }
  const message = status === 'invalid' && !local.ok ? local.message : status === 'taken' ? (check.data?.message ?? 'That address is taken.') : null;

  const current = proposal.data?.slug;
  const startEditing = useCallback(() => {
    setDraft(current ?? '');
    setEditing(true);
  }, [current]);
  const stopEditing = useCallback(() => {
    setEditing(false);
    setDraft('');
  }, []);

  // What to send: the typed address once it is free, else the one shown (so the app goes live where
  // the dialog said it would); nothing for an address the project already has.
  const slug = status === 'available' ? wanted! : proposal.data && !proposal.data.current ? proposal.data.slug : undefined;
  const moving = status === 'available' && !!sprout.publicUrl;
  return {
    proposal,
    editing,
    draft,
    setDraft,
    startEditing,
    stopEditing,
    status,
    message,
    slug,
    moving,
    blocked: editing && status !== 'same' && status !== 'available',
  };
}

export type AddressChoice = ReturnType<typeof useAddressChoice>;

function StatusLine({ choice }: { choice: AddressChoice }) {
  const { status, message } = choice;
  if (status === 'same') return null;
  const tone = status === 'available' ? 'text-primary' : status === 'checking' ? 'text-muted-foreground' : 'text-destructive';
  return (
    <p
      data-testid="publish-address-status"
      data-state={status}
      className={cn('flex items-center gap-1.5 text-xs', tone)}
      role={status === 'checking' ? undefined : 'status'}
    >
      {status === 'checking' ? <LoaderCircle className="size-3.5 animate-spin" aria-hidden="true" /> : null}
      {status === 'available' ? <Check className="size-3.5" aria-hidden="true" /> : null}
      {status === 'invalid' || status === 'taken' || status === 'error' ? <CircleAlert className="size-3.5" aria-hidden="true" /> : null}
      {status === 'checking'
        ? 'Checking…'
        : status === 'available'
          ? choice.moving
            ? 'Available. Your app moves there when you publish; the old address stops working.'
            : 'Available'
          : status === 'error'
            ? 'Could not check this address. It is checked again when you publish.'
            : message}
    </p>
  );
}

/** The address before publishing, with "Change" to type another. */
export function AddressField({ choice, disabled, label }: { choice: AddressChoice; disabled: boolean; label: string }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { proposal } = choice;
  useEffect(() => {
    if (choice.editing) input.current?.select();
  }, [choice.editing]);

  if (!proposal.data) {
    return (
      <p data-testid="publish-address-loading" className="flex items-center gap-2 text-sm text-muted-foreground" role={proposal.isError ? 'alert' : 'status'}>
        {proposal.isError ? (
          <>Could not load the address ({errorText(proposal.error, { status: 'short' })}). It is chosen from the name when you publish.</>
        ) : (
          <>
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> Finding an address for your app…
          </>
        )}
      </p>
    );
  }

  const suffix = addressSuffix(proposal.data);
  if (!choice.editing) {
    return (
      <div className="grid gap-1.5">
        <span className="text-xs font-medium text-muted-foreground">{label}</span>
        <div className="flex min-w-0 items-center gap-2">
          <span
            data-testid="publish-address"
            className="flex h-9 min-w-0 flex-1 items-center gap-2 rounded-md border bg-muted/40 px-3 font-mono text-sm"
            title={bare(proposal.data.url)}
          >
            <Globe className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
            <MiddleText head={splitAddress(proposal.data.url)[0]} tail={splitAddress(proposal.data.url)[1]} />
          </span>
          <Button variant="outline" size="sm" className="h-9 shrink-0" onClick={choice.startEditing} disabled={disabled} data-testid="publish-address-change">
            <Pencil aria-hidden="true" /> Change
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="grid gap-1.5">
      <label htmlFor={inputId} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      <div className="flex min-w-0 items-center gap-2">
        <div className="flex h-9 min-w-0 flex-1 items-center rounded-md border bg-background font-mono text-sm focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/50">
          <input
            id={inputId}
            ref={input}
            value={choice.draft}
            onChange={(e) => choice.setDraft(e.currentTarget.value)}
            onKeyDown={(e) => {
              // Esc ends the edit, not the whole dialog.
              if (e.key === 'Escape') {
                e.stopPropagation();
                choice.stopEditing();
              }
            }}
            disabled={disabled}
            maxLength={60}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            aria-invalid={choice.status === 'invalid' || choice.status === 'taken'}
            aria-describedby={`${inputId}-suffix`}
            data-testid="publish-address-input"
            className="h-full min-w-0 flex-1 bg-transparent pl-3 outline-none"
          />
          <span id={`${inputId}-suffix`} className="shrink-0 truncate pr-3 text-muted-foreground">
            {suffix}
          </span>
        </div>
        <Button variant="ghost" size="sm" className="h-9 shrink-0" onClick={choice.stopEditing} disabled={disabled} data-testid="publish-address-cancel">
          Cancel
        </Button>
      </div>
      <StatusLine choice={choice} />
    </div>
  );
}
