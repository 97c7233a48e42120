import { listSprouts, usage as usageRoute } from '@sprout/core/routes';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { loginRedirectFor } from '@sprout/core';
import { getServerSession, serverApi } from '@/lib/server/session';
import { actingAsSomeone } from '@/lib/server/acting-as';
import { ProjectsView } from '@/features/projects';

export const metadata: Metadata = { title: 'Projects' };

/** The build area, where sign-in lands by default: the user's projects, prefetched on the server. */
export default async function BuildPage() {
  const session = await getServerSession();
  if (!session) redirect(loginRedirectFor('/build'));
  // Staff acting as someone: the browser fills the page as that person, not with the staff member's own.
  if (await actingAsSomeone()) return <ProjectsView />;
  const [sprouts, usage] = await Promise.all([serverApi(listSprouts, {}, session), serverApi(usageRoute, {}, session)]);
  return <ProjectsView initialSprouts={sprouts ?? undefined} initialUsage={usage ?? undefined} />;
}
