import { Suspense } from 'react';
import { redirect } from 'next/navigation';
import { loginRedirectFor } from '@sprout/core';
import { getServerSession } from '@/lib/server/session';
import { AuthGate, PageLoader, SIGNED_IN_ONLY } from '@/features/auth';
import { TestManage } from '@/features/billing';
import { PageHeading } from '@/ui/page-heading';

export const metadata = { title: 'Manage subscription' };

/** "Manage subscription" for test-mode subscriptions: the stand-in for Stripe's billing portal. */
export default async function TestManagePage() {
  if (!(await getServerSession())) redirect(loginRedirectFor('/checkout/test/manage'));
  return (
    <main className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:py-10">
      <PageHeading title="Manage subscription" description="Change your plan or cancel it." />
      <Suspense fallback={<PageLoader />}>
        <AuthGate policy={SIGNED_IN_ONLY}>
          <TestManage />
        </AuthGate>
      </Suspense>
    </main>
  );
}
