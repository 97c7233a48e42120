import { Suspense } from 'react';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { CircleAlert } from 'lucide-react';
import { isPremiumTier, loginRedirectFor } from '@sprout/core';
import { getServerSession } from '@/lib/server/session';
import { AuthGate, PageLoader, SIGNED_IN_ONLY } from '@/features/auth';
import { CheckoutSummary, returnToParam } from '@/features/billing';
import { Button } from '@/ui/button';

export const metadata = { title: 'Checkout' };

type SearchParams = Record<string, string | string[] | undefined>;

function currentAddress(sp: SearchParams): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(sp)) {
    if (Array.isArray(value)) value.forEach((v) => query.append(key, v));
    else if (value !== undefined) query.append(key, value);
  }
  return query.size ? `/go-to-checkout?${query.toString()}` : '/go-to-checkout';
}

/** Checkout entry: a summary of the plan change, then the hand-over to the billing service. */
export default async function GoToCheckoutPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams;
  const session = await getServerSession();
  if (!session) redirect(loginRedirectFor(currentAddress(sp)));
  const tier = typeof sp.tier === 'string' ? sp.tier : null;
  const returnTo = returnToParam(sp.returnTo);

  return (
    <main className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center sm:py-16">
      <div className="w-full max-w-lg rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
        {isPremiumTier(tier) ? (
          <Suspense fallback={<PageLoader />}>
            <AuthGate policy={SIGNED_IN_ONLY}>
              <CheckoutSummary tier={tier} serverTier={session.user.tier} returnTo={returnTo} canceled={sp.canceled === '1'} />
            </AuthGate>
          </Suspense>
        ) : (
          <div className="text-center" role="alert" data-testid="checkout-invalid-tier">
            <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-2xl bg-destructive/10 text-destructive">
              <CircleAlert className="size-7" aria-hidden="true" />
            </div>
            <h1 className="text-xl font-semibold tracking-tight">{tier ? 'We do not know that plan' : 'No plan was chosen'}</h1>
            <p className="mt-1 text-sm text-muted-foreground">
              {tier
                ? 'The link you followed names a plan that does not exist. Pick one of our plans to continue.'
                : 'Pick one of our plans to continue to checkout.'}
            </p>
            <Button asChild className="mt-6">
              <Link href="/pricing">See plans</Link>
            </Button>
          </div>
        )}
      </div>
    </main>
  );
}
