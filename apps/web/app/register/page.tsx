import { Suspense } from 'react';
import { AuthCard } from '@/components/auth/auth-card';
import { SignInForm, SwitchModeLink } from '@/components/auth/sign-in-form';

export const metadata = { title: 'Create your account' };

export default function RegisterPage() {
  return (
    <AuthCard
      title="Create your account"
      subtitle="Describe an idea, get a working app."
      footer={
        <p>
          Already have an account?{' '}
          <Suspense fallback={null}>
            <SwitchModeLink to="login" />
          </Suspense>
        </p>
      }
    >
      <Suspense fallback={null}>
        <SignInForm mode="register" />
      </Suspense>
    </AuthCard>
  );
}
