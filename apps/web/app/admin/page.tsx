import { Suspense } from 'react';
import { AuthGate, PageLoader, SIGNED_IN_ONLY } from '@/features/auth';
import { PeopleView } from '@/features/admin';

/** People: search by email or name, then one person's plan, usage, projects and flags (staff only: see layout). */
export default function AdminPeoplePage() {
  return (
    <Suspense fallback={<PageLoader />}>
      <AuthGate policy={SIGNED_IN_ONLY}>
        <PeopleView />
      </AuthGate>
    </Suspense>
  );
}
