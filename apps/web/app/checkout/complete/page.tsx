import { Suspense } from 'react';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { isPremiumTier, loginRedirectFor, safeReturnPath, type TierChangeDirection } from '@sprout/core';
import { getServerSession } from '@/lib/server/session';
import { AuthGate, PageLoader, SIGNED_IN_ONLY } from '@/features/auth';
import { CheckoutComplete } from '@/features/billing';
import { Button } from '@/ui/button';

export const metadata = { title: 'Checkout complete' };

type SearchParams = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (typeof v === 'string' ? v : undefined);
const DIRECTIONS: readonly string[] = ['upgrade', 'downgrade', 'equal'];

/** Where checkout returns (Stripe's success URL, the test checkout, plan changes): confirm, then back to returnTo. */
export default async function CheckoutCompletePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams;
  if (!(await getServerSession())) {
    const query = new URLSearchParams(Object.entries(sp).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])));
    redirect(loginRedirectFor(`/checkout/complete?${query.toString()}`));
  }
  const tier = one(sp.tier);
  const change = one(sp.change);
  if (!isPremiumTier(tier)) {
    return (
      <main className="mx-auto w-full max-w-md px-4 py-16 text-center">
        <h1 className="text-xl font-semibold tracking-tight">Nothing to confirm</h1>
        <p className="mt-1 text-sm text-muted-foreground">This page finishes a checkout. Your plan is on the Billing page.</p>
        <Button asChild className="mt-6">
          <Link href="/settings/billing">Go to Billing</Link>
        </Button>
      </main>
    );
  }
  return (
    <main className="flex flex-1 flex-col">
      <Suspense fallback={<PageLoader />}>
        <AuthGate policy={SIGNED_IN_ONLY}>
          <CheckoutComplete
            tier={tier}
            from={one(sp.from) ?? 'free'}
            returnTo={safeReturnPath(one(sp.returnTo))}
            change={change && DIRECTIONS.includes(change) ? (change as TierChangeDirection) : undefined}
          />
        </AuthGate>
      </Suspense>
    </main>
  );
}
