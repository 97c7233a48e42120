import { cache } from 'react';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { authRedirectFor } from '@sprout/core';
import { sharedProject } from '@sprout/core/routes';
import { getServerSession, serverApi } from '@/lib/server/session';
import { hasAccountCookie } from '@/lib/server/known-account';
import { MagicLinkView, type SharedProject } from '@/features/share';

type Params = Promise<{ id: string }>;

const loadShared = cache(async (id: string) => serverApi(sharedProject, { params: { id } }, await getServerSession()));

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const shared = await loadShared((await params).id);
  const title = !shared ? 'Shared project' : shared.isOwner ? `${shared.displayName} · Share link` : `Remix ${shared.displayName}`;
  return { title, robots: { index: false } };
}

/**
 * A share link (/build/magic/{id}); signed-in only: a signed-out visitor goes to sign-up (sign-in if
 * this browser has had an account), whose page shows the project, and comes back here afterwards.
 * Whether it copies at once is the browser's to know (features/share/remix).
 */
export default async function MagicLinkPage({ params }: { params: Params }) {
  const { id } = await params;
  const session = await getServerSession();
  if (!session) redirect(authRedirectFor((await hasAccountCookie()) ? 'login' : 'register', `/build/magic/${encodeURIComponent(id)}`));
  const shared = await loadShared(id);
  return <MagicLinkView key={id} id={id} initialShared={shared ?? undefined} />;
}
