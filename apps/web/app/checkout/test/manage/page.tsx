import { Suspense } from 'react';
import { redirect } from 'next/navigation';
import { loginRedirectFor } from '@sprout/core';
import { getServerSession } from '@/lib/server/session';
import { AuthGate, PageLoader, SIGNED_IN_ONLY } from '@/components/auth-gate';
import { TestManage } from '@/components/billing/test-manage';

export const metadata = { title: 'Manage subscription' };

/** "Manage subscription" for test-mode subscriptions: the stand-in for Stripe's billing portal. */
export default async function TestManagePage() {
  if (!(await getServerSession())) redirect(loginRedirectFor('/checkout/test/manage'));
  return (
    <main className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:py-10">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Manage subscription</h1>
        <p className="mt-1 text-sm text-muted-foreground">Change your plan or cancel it.</p>
      </div>
      <Suspense fallback={<PageLoader />}>
        <AuthGate policy={SIGNED_IN_ONLY}>
          <TestManage />
        </AuthGate>
      </Suspense>
    </main>
  );
}
