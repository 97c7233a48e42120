import { Suspense } from 'react';
import Link from 'next/link';
import { AuthCard, SignInForm, SwitchModeLink, IdeaSaved, ideaOf, ProviderButtons } from '@/features/auth';
import { serverOidcProviders } from '@/lib/server/oidc-providers';
import { loadRemixCard } from '@/lib/server/remix-card';
import { RemixCard } from '@/features/share';

export const metadata = { title: 'Sign in' };

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [search, providers] = await Promise.all([searchParams, serverOidcProviders()]);
  const idea = ideaOf(search);
  // On the way to a share link: say what the person is about to remix (a prompt, when both came, wins as after signing in).
  const remix = idea ? null : await loadRemixCard(search);
  return (
    <AuthCard
      title="Welcome back"
      subtitle={
        idea ? <IdeaSaved idea={idea} action="sign in to build it" /> : remix ? <RemixCard card={remix} action="Sign in" /> : 'Sign in to keep building.'
      }
      footer={
        <>
          <p>
            New to Sprout?{' '}
            <Suspense fallback={null}>
              <SwitchModeLink to="register" />
            </Suspense>
          </p>
          <p className="mt-2 text-xs">
            <Link href="/terms" className="underline-offset-4 hover:underline">
              Terms
            </Link>{' '}
            ·{' '}
            <Link href="/privacy" className="underline-offset-4 hover:underline">
              Privacy
            </Link>
          </p>
        </>
      }
    >
      <Suspense fallback={null}>
        <ProviderButtons providers={providers} mode="login" />
        <SignInForm mode="login" />
      </Suspense>
    </AuthCard>
  );
}
