import { Suspense } from 'react';
import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { INTERNAL_STAFF_TIER, loginRedirectFor } from '@sprout/core';
import { getServerSession } from '@/lib/server/session';
import { AuthGate, PageLoader, SIGNED_IN_ONLY } from '@/components/auth-gate';
import { AdminView } from '@/components/admin/admin-view';
import { PageHeading } from '@/components/page-heading';

export const metadata: Metadata = { title: 'Admin', robots: { index: false } };

/**
 * Staff tools. Only internal staff see the page (others get a 404, so it reveals nothing); the API
 * enforces the same with auth 'staff' on every call, so the check here is for the page, not the data.
 */
export default async function AdminPage() {
  const session = await getServerSession();
  if (!session) redirect(loginRedirectFor('/admin'));
  if (session.user.tier !== INTERNAL_STAFF_TIER) notFound();
  return (
    <main className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-8 sm:py-10" data-testid="admin-page">
      <PageHeading title="Admin" description="Look up people, see their plan and usage, and give partner or staff plans." />
      <Suspense fallback={<PageLoader />}>
        <AuthGate policy={SIGNED_IN_ONLY}>
          <AdminView />
        </AuthGate>
      </Suspense>
    </main>
  );
}
