import { Suspense } from 'react';
import { AuthCard } from '@/features/auth';
import { VerifyEmailView } from '@/features/account';

export const metadata = { title: 'Verify your email address' };

/** Where mailed links lead: `/verify-email?token=…` (verification, or a move to a new address). */
export default function VerifyEmailPage() {
  return (
    <AuthCard title="Your email address">
      <Suspense fallback={null}>
        <VerifyEmailView />
      </Suspense>
    </AuthCard>
  );
}
