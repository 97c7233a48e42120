import { Suspense } from 'react';
import { AuthCard } from '@/components/auth/auth-card';
import { SetNewPasswordForm } from '@/components/auth/password-reset-forms';

export const metadata = { title: 'Set a new password' };

export default function ResetPasswordPage() {
  return (
    <AuthCard title="Set a new password">
      <Suspense fallback={null}>
        <SetNewPasswordForm />
      </Suspense>
    </AuthCard>
  );
}
