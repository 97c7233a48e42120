import { isPublished, monthStart, planLabel } from '@sprout/core';
import type { AdminPerson, PeopleList } from '@sprout/core/contract';
import { getUserById, listPersonProjects, searchPeople } from '@sprout/db';
import { notFound } from '../errors';
import { describeUser } from '../billing/staff';
import type { Services } from '../services';
import { personFlags } from './staff-flags';

/** GET /v1/admin/people — people whose email or name contains `q`, newest first, with plan, projects and this month's messages. */
export async function findPeople(s: Services, q: string, limit: number, now = new Date()): Promise<PeopleList> {
  const rows = await searchPeople(s.db, { q, limit, monthStart: monthStart(now) });
  return { people: rows.map((r) => ({ ...r, planLabel: planLabel(r.tier), createdAt: r.createdAt.toISOString() })) };
}

/** GET /v1/admin/users/:id — plan, usage and history, every project (deleted ones marked) and flags. */
export async function personDetail(s: Services, id: string, now = new Date()): Promise<AdminPerson> {
  const user = await getUserById(s.db, id);
  if (!user) throw notFound('User not found.');
  const [described, projects, flags] = await Promise.all([describeUser(s, user, now), listPersonProjects(s.db, id), personFlags(s, id)]);
  return {
    ...described,
    projects: projects.map((p) => ({
      id: p.id,
      displayName: p.displayName,
      published: isPublished(p),
      publicUrl: p.publicUrl,
      versions: p.versions,
      createdAt: p.createdAt.toISOString(),
      updatedAt: p.updatedAt.toISOString(),
      deletedAt: p.deletedAt?.toISOString() ?? null,
    })),
    flags,
  };
}
