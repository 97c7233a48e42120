import { cache } from 'react';
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { loginRedirectFor } from '@sprout/core';
import { getServerSession, serverApi } from '@/lib/server/session';
import { MagicLinkView, type SharedProject } from '@/components/project/magic-link-view';

type Params = Promise<{ id: string }>;

const loadShared = cache(async (id: string) => serverApi<SharedProject>(`/v1/magic/${encodeURIComponent(id)}`, await getServerSession()));

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const shared = await loadShared((await params).id);
  const title = !shared ? 'Shared project' : shared.isOwner ? `${shared.displayName} · Share link` : `Remix ${shared.displayName}`;
  return { title, robots: { index: false } };
}

/** A share link (SPEC §2 /build/magic/{id}); signed-in only. */
export default async function MagicLinkPage({ params }: { params: Params }) {
  const { id } = await params;
  const session = await getServerSession();
  if (!session) redirect(loginRedirectFor(`/build/magic/${encodeURIComponent(id)}`));
  const shared = await loadShared(id);
  // The browser says where the navigation came from: only Sprout's own pages remix without asking.
  const fromSprout = (await headers()).get('sec-fetch-site') === 'same-origin';
  return <MagicLinkView key={id} id={id} initialShared={shared ?? undefined} fromSprout={fromSprout} />;
}
