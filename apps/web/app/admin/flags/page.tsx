import { Suspense } from 'react';
import type { Metadata } from 'next';
import { AuthGate, PageLoader, SIGNED_IN_ONLY } from '@/features/auth';
import { FlagsView } from '@/features/admin';

export const metadata: Metadata = { title: 'Flags · Admin', robots: { index: false } };

/** Feature flags for everyone and per plan, over FLAG_DEFAULTS (staff only: see layout). */
export default function AdminFlagsPage() {
  return (
    <Suspense fallback={<PageLoader />}>
      <AuthGate policy={SIGNED_IN_ONLY}>
        <FlagsView />
      </AuthGate>
    </Suspense>
  );
}
