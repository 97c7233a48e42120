import { Suspense } from 'react';
import { AuthCard, SignInForm, SwitchModeLink, IdeaSaved, ideaOf, ProviderButtons } from '@/features/auth';
import { serverOidcProviders } from '@/lib/server/oidc-providers';
import { loadRemixCard } from '@/lib/server/remix-card';
import { RemixCard } from '@/features/share';

export const metadata = { title: 'Create your account' };

export default async function RegisterPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [search, providers] = await Promise.all([searchParams, serverOidcProviders()]);
  const idea = ideaOf(search);
  // On the way to a share link: say what the person is about to remix (a prompt, when both came, wins as after signing in).
  const remix = idea ? null : await loadRemixCard(search);
  return (
    <AuthCard
      title="Create your account"
      subtitle={
        idea ? (
          <IdeaSaved idea={idea} action="create an account to build it" />
        ) : remix ? (
          <RemixCard card={remix} action="Sign up" />
        ) : (
          'Describe an idea, get a working app.'
        )
      }
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
