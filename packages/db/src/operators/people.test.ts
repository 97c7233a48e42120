import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../testing';
import type { DbHandle } from '../create-db';
import { createUser } from '../queries/users';
import { upsertSubscription } from '../queries/subscriptions';
import { insertMessageUsage } from '../queries/usage';
import { sprouts, versions } from '../schema';
import { listPersonProjects, searchPeople } from './people';

let h: DbHandle;
const ids: Record<string, string> = {};
const monthStart = new Date(Date.UTC(2026, 10, 1));

beforeAll(async () => {
  h = await createTestDb();
  const people = [
    ['ann@shop.test', 'Ann Archer'],
    ['bob_100%@shop.test', 'Bob'],
    ['cy@other.test', 'Cy Shopper'],
  ];
  for (const [email, name] of people) ids[name!] = (await createUser(h.db, { email: email!, passwordHash: 'x', displayName: name! })).id;
  await upsertSubscription(h.db, ids.Bob!, { type: 'internal', tierType: 'sprout-tier-external-partner' });
  await h.db.insert(sprouts).values([
    { id: 'a1', ownerId: ids['Ann Archer']!, displayName: 'Kanban', isDeploymentEnabled: true, publicUrl: 'http://kanban.sites.localhost' },
    { id: 'a2', ownerId: ids['Ann Archer']!, displayName: 'Old', deletedAt: new Date() },
    { id: 'b1', ownerId: ids.Bob!, displayName: 'Shop' },
  ]);
  await h.db.insert(versions).values([
    { id: 'v1', sproutId: 'a1', number: 1, source: 'template' },
    { id: 'v2', sproutId: 'a1', number: 2, source: 'run' },
  ]);
  await insertMessageUsage(h.db, { userId: ids['Ann Archer']!, createdAt: new Date(Date.UTC(2026, 10, 3)) });
  await insertMessageUsage(h.db, { userId: ids['Ann Archer']!, createdAt: new Date(Date.UTC(2026, 9, 30)) });
});
afterAll(async () => {
  await h?.close();
});

describe('searchPeople', () => {
  it('finds people by part of their email or name, any case, with plan, live projects and messages this month', async () => {
    const found = await searchPeople(h.db, { q: 'SHOP', limit: 10, monthStart });
    expect(found.map((p) => p.displayName).sort()).toEqual(['Ann Archer', 'Bob', 'Cy Shopper']);
    const ann = found.find((p) => p.displayName === 'Ann Archer');
    expect(ann).toMatchObject({ email: 'ann@shop.test', tier: 'free', projects: 1, monthlyMessages: 1 });
    expect(found.find((p) => p.displayName === 'Bob')).toMatchObject({ tier: 'sprout-tier-external-partner', projects: 1, monthlyMessages: 0 });
  });

  it('treats % and _ as letters, and lists the newest accounts for an empty search', async () => {
    expect((await searchPeople(h.db, { q: '100%', limit: 10, monthStart })).map((p) => p.displayName)).toEqual(['Bob']);
    expect(await searchPeople(h.db, { q: '%', limit: 10, monthStart })).toHaveLength(1);
    expect(await searchPeople(h.db, { q: 'n_', limit: 10, monthStart })).toHaveLength(0);
    const newest = await searchPeople(h.db, { q: '  ', limit: 2, monthStart });
    expect(newest).toHaveLength(2);
    expect(newest[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(newest[1]!.createdAt.getTime());
  });
});

describe('listPersonProjects', () => {
  it('lists a person’s projects, deleted ones marked, with their number of versions', async () => {
    const projects = await listPersonProjects(h.db, ids['Ann Archer']!);
    expect(projects.map((p) => [p.id, p.versions, p.isDeploymentEnabled, p.deletedAt !== null]).sort()).toEqual([
      ['a1', 2, true, false],
      ['a2', 0, false, true],
    ]);
    expect(await listPersonProjects(h.db, ids['Cy Shopper']!)).toEqual([]);
  });
});
