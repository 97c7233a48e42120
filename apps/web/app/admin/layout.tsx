import type { ReactNode } from 'react';
import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { INTERNAL_STAFF_TIER, loginRedirectFor } from '@sprout/core';
import { getServerSession } from '@/lib/server/session';
import { AdminNav } from '@/features/admin';
import { PageHeading } from '@/ui/page-heading';
import { QueryProvider } from '@/lib/api/query-provider';

export const metadata: Metadata = { title: 'Admin', robots: { index: false } };

/**
 * Staff tools: people, feature flags and analytics. Only internal staff see these pages (others get
 * a 404, so they reveal nothing); the API enforces the same with auth 'staff' on every call, so the
 * check here is for the pages, not the data.
 */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const session = await getServerSession();
  if (!session) redirect(loginRedirectFor('/admin'));
  if (session.user.tier !== INTERNAL_STAFF_TIER) notFound();
  return (
    <main className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-8 sm:py-10" data-testid="admin-page">
      <div className="grid gap-6">
        <PageHeading title="Admin" description="People and their plans, feature flags and models, and how Sprout is used." />
        <AdminNav />
      </div>
      <QueryProvider>{children}</QueryProvider>
    </main>
  );
}
