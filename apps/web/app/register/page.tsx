import { Suspense } from 'react';
import { AuthCard, SignInForm, SwitchModeLink, IdeaSaved, ideaOf } from '@/features/auth';

export const metadata = { title: 'Create your account' };

export default async function RegisterPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const idea = ideaOf(await searchParams);
  return (
    <AuthCard
      title="Create your account"
      subtitle={idea ? <IdeaSaved idea={idea} action="create an account to build it" /> : 'Describe an idea, get a working app.'}
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
