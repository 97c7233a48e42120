import { Suspense } from 'react';
import type { Metadata } from 'next';
import { AuthGate, PageLoader, SIGNED_IN_ONLY } from '@/features/auth';
import { AnalyticsView } from '@/features/admin';

export const metadata: Metadata = { title: 'Analytics · Admin', robots: { index: false } };

/** How Sprout is used, from its own analytics events and runs (staff only: see layout). */
export default function AdminAnalyticsPage() {
  return (
    <Suspense fallback={<PageLoader />}>
      <AuthGate policy={SIGNED_IN_ONLY}>
        <AnalyticsView />
      </AuthGate>
    </Suspense>
  );
}
