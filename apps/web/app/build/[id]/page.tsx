import type { Sprout } from '@sprout/core/contract';
import { cache } from 'react';
import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { loginRedirectFor } from '@sprout/core';
import { serverConfig } from '@/lib/server/config';
import { getServerSession } from '@/lib/server/session';
import { actingAsSomeone } from '@/lib/server/acting-as';
import { ProjectWorkspace } from '@/components/project/project-workspace';

type Params = Promise<{ id: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;
type Loaded = { kind: 'found'; sprout: Sprout } | { kind: 'missing' } | { kind: 'unknown' };

/**
 * The project as the signed-in user's API sees it. Unlike serverApi() this tells "does not exist"
 * (404, or an id that cannot exist: 400) from "could not ask" (no valid token, API down): only the
 * first is a not-found page; otherwise the browser loads the project itself.
 */
const loadProject = cache(async (id: string): Promise<Loaded> => {
  const session = await getServerSession();
  // Staff acting as someone: the project is theirs, not the staff member's; the browser loads it.
  if (!session?.idToken || (await actingAsSomeone())) return { kind: 'unknown' };
  try {
    const res = await fetch(`${serverConfig().apiInternalUrl}/v1/sprouts/${encodeURIComponent(id)}`, {
      headers: { authorization: `Bearer ${session.idToken}` },
      cache: 'no-store',
      signal: AbortSignal.timeout(5_000),
    });
    if (res.status === 404 || res.status === 400) return { kind: 'missing' };
    if (!res.ok) return { kind: 'unknown' };
    return { kind: 'found', sprout: (await res.json()) as Sprout };
  } catch (err) {
    console.error(`server API call /v1/sprouts/${id} failed:`, (err as Error).message);
    return { kind: 'unknown' };
  }
});

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { id } = await params;
  const loaded = await loadProject(id);
  if (loaded.kind === 'found') return { title: loaded.sprout.displayName };
  if (loaded.kind === 'missing') return { title: 'Project not found' };
  return { title: 'Project' };
}

function currentPath(id: string, search: Record<string, string | string[] | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) query.append(key, v);
  }
  const qs = query.toString();
  return `/build/${encodeURIComponent(id)}${qs ? `?${qs}` : ''}`;
}

/** /build/{id}: the project workspace, prefetched on the server. */
export default async function ProjectPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { id } = await params;
  const session = await getServerSession();
  // Keep the whole address (a `prompt` included) so sign-in comes back here.
  if (!session) redirect(loginRedirectFor(currentPath(id, await searchParams)));
  const loaded = await loadProject(id);
  if (loaded.kind === 'missing') notFound();
  return <ProjectWorkspace key={id} id={id} initialSprout={loaded.kind === 'found' ? loaded.sprout : undefined} />;
}
