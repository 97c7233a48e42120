import { AuthCard, RequestResetForm } from '@/features/auth';

export const metadata = { title: 'Reset your password' };

export default function ForgotPasswordPage() {
  return (
    <AuthCard title="Reset your password" subtitle="We will e-mail you a link to set a new one.">
      <RequestResetForm />
    </AuthCard>
  );
}
