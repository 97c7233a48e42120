import { Suspense } from 'react';
import { redirect } from 'next/navigation';
import { loginRedirectFor } from '@sprout/core';
import { getServerSession } from '@/lib/server/session';
import { AuthGate, PageLoader, SIGNED_IN_ONLY } from '@/features/auth';
import { InitProject } from '@/features/projects';

export const metadata = { title: 'New project' };

type SearchParams = Record<string, string | string[] | undefined>;

/** The address as requested, so signing in comes straight back here with the same prompt. */
function currentAddress(path: string, sp: SearchParams): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(sp)) {
    if (Array.isArray(value)) value.forEach((v) => query.append(key, v));
    else if (value !== undefined) query.append(key, value);
  }
  return query.size ? `${path}?${query.toString()}` : path;
}

/** /init-project?prompt= starts a project from a prompt (or an empty one) and opens it; asks first unless this tab's prompt box sent it. */
export default async function InitProjectPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams;
  const session = await getServerSession();
  if (!session) redirect(loginRedirectFor(currentAddress('/init-project', sp)));
  const prompt = typeof sp.prompt === 'string' ? sp.prompt : Array.isArray(sp.prompt) ? (sp.prompt[0] ?? '') : '';
  return (
    <Suspense fallback={<PageLoader />}>
      <AuthGate policy={SIGNED_IN_ONLY}>
        <InitProject prompt={prompt} />
      </AuthGate>
    </Suspense>
  );
}
