import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { loginRedirectFor } from '@sprout/core';
import { getServerSession } from '@/lib/server/session';
import { loadProject } from '@/lib/server/project';
import { ProjectWorkspace } from '@/features/workspace';

type Params = Promise<{ id: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

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
