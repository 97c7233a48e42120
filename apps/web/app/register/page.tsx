import { Suspense } from 'react';
import { AuthCard, SignInForm, SwitchModeLink, IdeaSaved, ideaOf, ProviderButtons } from '@/features/auth';
import { serverOidcProviders } from '@/lib/server/oidc-providers';

export const metadata = { title: 'Create your account' };

export default async function RegisterPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [search, providers] = await Promise.all([searchParams, serverOidcProviders()]);
  const idea = ideaOf(search);
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
        <ProviderButtons providers={providers} mode="register" />
        <SignInForm mode="register" />
      </Suspense>
    </AuthCard>
  );
}
