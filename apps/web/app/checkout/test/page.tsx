import { Suspense } from 'react';
import { redirect } from 'next/navigation';
import { encodeQueryValue, loginRedirectFor } from '@sprout/core';
import { getServerSession } from '@/lib/server/session';
import { AuthGate, PageLoader, SIGNED_IN_ONLY } from '@/features/auth';
import { TestCheckout } from '@/features/billing';

export const metadata = { title: 'Test checkout' };

/** Sprout's built-in checkout (test mode, no STRIPE_SECRET_KEY): POST /v1/billing/checkout sends people here. */
export default async function TestCheckoutPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const sessionId = typeof sp.session === 'string' ? sp.session : '';
  if (!(await getServerSession())) redirect(loginRedirectFor(`/checkout/test?session=${encodeQueryValue(sessionId)}`));
  return (
    <main className="flex flex-1 flex-col">
      <Suspense fallback={<PageLoader />}>
        <AuthGate policy={SIGNED_IN_ONLY}>
          <TestCheckout sessionId={sessionId} />
        </AuthGate>
      </Suspense>
    </main>
  );
}
