'use client';
import { useEffect, useRef, useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/client/toast';
import { AlertCircle, CopyPlus, Link2Off, Loader2, RotateCw } from 'lucide-react';
import { useApi } from '@/lib/client/app-context';
import { useAuth } from '@/lib/client/auth';
import { ApiError } from '@/lib/client/api';
import { queryKeys } from '@/lib/client/queries';
import type { Paywall, Sprout } from '@/lib/client/types';
import { AuthGate } from '@/components/auth-gate';
import { openPaywall } from '@/components/paywall';
import { SIGNED_IN_SERVER_CHECKED } from '@/components/projects/auth-policy';
import { ProjectAvatar } from '@/components/projects/project-avatar';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

export interface SharedProject {
  id: string;
  displayName: string;
  ownerDisplayName: string;
  isOwner: boolean;
}

export const INACTIVE_SHARE_LINK = 'This share link is not active.';
const PROJECT_PAYWALL: Paywall = { source: 'project_limit_reached', destination: 'upgradeProjects' };
/** sessionStorage: 'pending' while a remix runs, then the id of the copy; guards against double runs. */
export const remixKey = (id: string) => `sprout.remix.${id}`;

function readRemix(id: string): string | null {
  try {
    return sessionStorage.getItem(remixKey(id));
  } catch {
    return null;
  }
}
function writeRemix(id: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(remixKey(id));
    else sessionStorage.setItem(remixKey(id), value);
  } catch {
    // Storage blocked: the in-memory guard still prevents a double run on this page.
  }
}

function remixErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 402) return 'You have reached your plan’s project limit. Upgrade, or delete a project you no longer need, then try again.';
    if (err.status === 404) return INACTIVE_SHARE_LINK;
    return err.serverMessage ?? `${err.statusText} (${err.status})`;
  }
  return err instanceof Error ? err.message : 'Something went wrong. Please try again.';
}

function useRemix(id: string) {
  const api = useApi();
  const qc = useQueryClient();
  const router = useRouter();
  return useMutation({
    mutationFn: () => api.request<Sprout>('POST', `/magic/${encodeURIComponent(id)}/remix`),
    onSuccess: (copy) => {
      writeRemix(id, copy.id);
      qc.setQueryData<Sprout[]>(queryKeys.sprouts, (list) => (list ? [copy, ...list] : list));
      qc.setQueryData(queryKeys.sprout(copy.id), copy);
      void qc.invalidateQueries({ queryKey: queryKeys.usage });
      toast.success(`“${copy.displayName}” is yours — change anything you like.`);
      router.push(`/build/${encodeURIComponent(copy.id)}`);
    },
    onError: (err) => {
      writeRemix(id, null);
      if (err instanceof ApiError && err.status === 402) openPaywall((err.body.paywall as Paywall | undefined) ?? PROJECT_PAYWALL);
    },
  });
}

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <main className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center sm:py-16">
      <div className="w-full max-w-md rounded-xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8">{children}</div>
    </main>
  );
}

function IndeterminateBar() {
  return (
    <div className="h-1.5 overflow-hidden rounded-full bg-primary/15" aria-hidden="true">
      <style>{'@keyframes sprout-indeterminate{0%{transform:translateX(-100%)}100%{transform:translateX(300%)}}'}</style>
      <div className="h-full w-1/3 rounded-full bg-primary motion-safe:animate-[sprout-indeterminate_1.2s_ease-in-out_infinite]" />
    </div>
  );
}

function Inactive() {
  return (
    <Frame>
      <div data-testid="magic-inactive" className="flex flex-col items-center text-center">
        <span className="flex size-12 items-center justify-center rounded-2xl border bg-muted/60 text-muted-foreground">
          <Link2Off className="size-5" aria-hidden="true" />
        </span>
        <h1 className="mt-4 text-xl font-semibold tracking-tight">{INACTIVE_SHARE_LINK}</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          The owner may have turned sharing off, or the link is incomplete. Ask them to send it again.
        </p>
        <Button asChild className="mt-6">
          <Link href="/build">Go to your projects</Link>
        </Button>
      </div>
    </Frame>
  );
}

function SharedCard({ id, shared }: { id: string; shared: SharedProject }) {
  const { status } = useAuth();
  const remix = useRemix(id);
  const started = useRef(false);
  // The copy made earlier in this tab (from sessionStorage), if any.
  const [earlierCopy, setEarlierCopy] = useState<string | null>(null);
  const [autoChecked, setAutoChecked] = useState(false);

  // Issue 3 §8: opening the link makes the copy — once, even across reloads and double effects.
  useEffect(() => {
    if (shared.isOwner || status !== 'signed-in' || started.current) return;
    started.current = true;
    const previous = readRemix(id);
    setAutoChecked(true);
    if (previous) {
      if (previous !== 'pending') setEarlierCopy(previous);
      return;
    }
    writeRemix(id, 'pending');
    remix.mutate();
  }, [id, shared.isOwner, status, remix]);

  const start = () => {
    writeRemix(id, 'pending');
    remix.mutate();
  };
  const working = remix.isPending || remix.isSuccess || (!shared.isOwner && !autoChecked);

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
            This is the share link of your own project. Anyone signed in who opens it gets their own copy to remix — your project stays
            exactly as it is. Turn the link on or off from <span className="font-medium text-foreground">Share</span> in the project.
          </p>
        ) : working ? (
          <div className="mt-5 grid gap-2" role="status" aria-live="polite" data-testid="remix-progress">
            <p className="flex items-center gap-2 text-sm">
              <Loader2 className="size-4 animate-spin text-primary" aria-hidden="true" />
              {remix.isSuccess ? 'Opening your copy…' : 'Making your own copy of this project…'}
            </p>
            <IndeterminateBar />
          </div>
        ) : remix.isError ? (
          <p role="alert" data-testid="remix-error" className="mt-5 flex items-start gap-2 rounded-lg bg-destructive/10 p-3 text-sm">
            <AlertCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
            {remixErrorMessage(remix.error)}
          </p>
        ) : earlierCopy ? (
          <p className="mt-5 text-sm text-muted-foreground">You already made a copy of this project. Open it, or make another one.</p>
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
          >
            {working ? <Loader2 className="animate-spin" aria-hidden="true" /> : remix.isError ? <RotateCw aria-hidden="true" /> : <CopyPlus aria-hidden="true" />}
            {working ? 'Remixing…' : remix.isError ? 'Try again' : shared.isOwner ? 'Make a copy' : earlierCopy ? 'Make another copy' : 'Remix'}
          </Button>
        </div>
      </div>
    </Frame>
  );
}

function MagicLink({ id, initialShared }: { id: string; initialShared?: SharedProject }) {
  const api = useApi();
  const { status } = useAuth();
  const shared = useQuery({
    queryKey: ['magic', id],
    queryFn: () => api.request<SharedProject>('GET', `/magic/${encodeURIComponent(id)}`),
    enabled: status === 'signed-in',
    initialData: initialShared,
  });

  if (shared.data) return <SharedCard id={id} shared={shared.data} />;
  if (shared.isError) {
    const err = shared.error;
    if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return <Inactive />;
    return (
      <Frame>
        <div role="alert" className="flex flex-col items-center text-center">
          <AlertCircle className="size-6 text-destructive" aria-hidden="true" />
          <h1 className="mt-3 text-lg font-semibold">This shared project did not load</h1>
          <p className="mt-1 text-sm text-muted-foreground">{remixErrorMessage(err)}</p>
          <Button variant="outline" className="mt-5" onClick={() => void shared.refetch()} disabled={shared.isFetching}>
            <RotateCw className={shared.isFetching ? 'animate-spin' : undefined} aria-hidden="true" /> Retry
          </Button>
        </div>
      </Frame>
    );
  }
  return (
    <Frame>
      <div aria-busy="true" aria-label="Opening shared project" className="grid gap-4">
        <Skeleton className="h-3 w-28" />
        <div className="flex items-center gap-3">
          <Skeleton className="size-12 rounded-lg" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-5 w-3/5" />
            <Skeleton className="h-4 w-2/5" />
          </div>
        </div>
        <Skeleton className="h-9 w-full" />
      </div>
    </Frame>
  );
}

/** /build/magic/{id}: a share link; a signed-in visitor gets their own copy and lands on it. */
export function MagicLinkView({ id, initialShared }: { id: string; initialShared?: SharedProject }) {
  return (
    <AuthGate policy={SIGNED_IN_SERVER_CHECKED}>
      <MagicLink id={id} initialShared={initialShared} />
    </AuthGate>
  );
}
