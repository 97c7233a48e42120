import type { ReactNode } from 'react';
import Link from 'next/link';
import { Link2Off } from 'lucide-react';
import { Button } from '@/ui/button';
import { Skeleton, Skeletons } from '@/ui/skeleton';
import { INACTIVE_SHARE_LINK } from './remix';

/** The card in the middle of the page that every state of a share link shows in. */
export function Frame({ children }: { children: ReactNode }) {
  return (
    <main className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center sm:py-16">
      <div className="w-full max-w-md rounded-xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8">{children}</div>
    </main>
  );
}

/** The link is off, or was never one. */
export function Inactive() {
  return (
    <Frame>
      <div data-testid="magic-inactive" className="flex flex-col items-center text-center">
        <span className="flex size-12 items-center justify-center rounded-2xl border bg-muted/60 text-muted-foreground">
          <Link2Off className="size-5" aria-hidden="true" />
        </span>
        <h1 className="mt-4 text-xl font-semibold tracking-tight">{INACTIVE_SHARE_LINK}</h1>
        <p className="mt-2 text-sm text-muted-foreground">The owner may have turned sharing off, or the link is incomplete. Ask them to send it again.</p>
        <Button asChild className="mt-6">
          <Link href="/build">Go to your projects</Link>
        </Button>
      </div>
    </Frame>
  );
}

export function SharedSkeleton() {
  return (
    <Frame>
      <Skeletons label="Opening shared project" className="gap-4" bars={['h-3 w-28']}>
        <div className="flex items-center gap-3">
          <Skeleton className="size-12 rounded-lg" />
          <Skeletons className="flex-1" bars={['h-5 w-3/5', 'h-4 w-2/5']} />
        </div>
        <Skeleton className="h-9 w-full" />
      </Skeletons>
    </Frame>
  );
}
