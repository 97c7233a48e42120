import { cache } from 'react';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { loginRedirectFor } from '@sprout/core';
import { sharedProject } from '@sprout/core/routes';
import { getServerSession, serverApi } from '@/lib/server/session';
import { MagicLinkView, type SharedProject } from '@/features/share';

type Params = Promise<{ id: string }>;

const loadShared = cache(async (id: string) => serverApi(sharedProject, { params: { id } }, await getServerSession()));

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const shared = await loadShared((await params).id);
  const title = !shared ? 'Shared project' : shared.isOwner ? `${shared.displayName} · Share link` : `Remix ${shared.displayName}`;
  return { title, robots: { index: false } };
}

/** A share link (/build/magic/{id}); signed-in only. Whether it copies at once is the browser's to know (features/share/remix). */
export default async function MagicLinkPage({ params }: { params: Params }) {
  const { id } = await params;
  const session = await getServerSession();
  if (!session) redirect(loginRedirectFor(`/build/magic/${encodeURIComponent(id)}`));
  const shared = await loadShared(id);
  return <MagicLinkView key={id} id={id} initialShared={shared ?? undefined} />;
}
