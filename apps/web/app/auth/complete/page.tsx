import { Suspense } from 'react';
import { AuthCard, CompleteSignIn } from '@/features/auth';

export const metadata = { title: 'Signing in', referrer: 'no-referrer' };

/** Where a sign-in with a provider lands: `/auth/complete?code=…` (a one-use code, traded for the session). */
export default function CompleteSignInPage() {
  return (
    <AuthCard title="Signing you in">
      <Suspense fallback={null}>
        <CompleteSignIn />
      </Suspense>
    </AuthCard>
  );
}
