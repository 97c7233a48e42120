import { Suspense } from 'react';
import { AuthCard, SetNewPasswordForm } from '@/features/auth';

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
