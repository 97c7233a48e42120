import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { createTestDb } from '../testing';
import type { DbHandle } from '../create-db';
import { blobs } from '../schema';
import { createUser } from './users';
import { insertSprout } from './sprouts';
import { createVersion, getFileAges, getVersionFiles, listVersions } from './versions';

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  await h?.close();
});

describe('versions', () => {
  it('numbers versions, links parents and stores each distinct content once', async () => {
    const u = await createUser(h.db, { email: 'v@example.com', passwordHash: 'x', displayName: 'V' });
    const s = await insertSprout(h.db, { ownerId: u.id, displayName: 'S' });
    const same = 'shared content\n';
    const v1 = await h.db.transaction((tx) =>
      createVersion(tx, {
        sproutId: s.id,
        source: 'create',
        files: [
          { path: 'a.ts', content: same },
          { path: 'b.ts', content: same },
        ],
      }),
    );
    const v2 = await h.db.transaction((tx) =>
      createVersion(tx, {
        sproutId: s.id,
        source: 'run',
        summary: 'changed b',
        files: [
          { path: 'a.ts', content: same },
          { path: 'b.ts', content: 'new ✓ content\n' },
        ],
      }),
    );
    expect([v1.number, v2.number]).toEqual([1, 2]);
    expect(v2.parentId).toBe(v1.id);
    expect(await getVersionFiles(h.db, v1.id)).toEqual([
      { path: 'a.ts', content: same },
      { path: 'b.ts', content: same },
    ]);
    expect((await getVersionFiles(h.db, v2.id))[1]).toEqual({ path: 'b.ts', content: 'new ✓ content\n' });
    const [n] = await h.db.select({ n: count() }).from(blobs);
    expect(Number(n!.n)).toBe(2);
    expect((await listVersions(h.db, s.id)).map((v) => v.number)).toEqual([2, 1]);
  });

  it('never collides version numbers under concurrent writers', async () => {
    const u = await createUser(h.db, { email: 'c@example.com', passwordHash: 'x', displayName: 'C' });
    const s = await insertSprout(h.db, { ownerId: u.id, displayName: 'S' });
    const made = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        h.db.transaction((tx) => createVersion(tx, { sproutId: s.id, source: 'run', files: [{ path: 'x.ts', content: `${i}` }] })),
      ),
    );
    expect(made.map((v) => v.number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('tells how old each file is: the first version holding it with this content, within the project only', async () => {
    const u = await createUser(h.db, { email: 'ages@example.com', passwordHash: 'x', displayName: 'A' });
    const s = await insertSprout(h.db, { ownerId: u.id, displayName: 'S' });
    const other = await insertSprout(h.db, { ownerId: u.id, displayName: 'Other' });
    const version = (sproutId: string, files: Record<string, string>) =>
      h.db.transaction((tx) => createVersion(tx, { sproutId, source: 'run', files: Object.entries(files).map(([path, content]) => ({ path, content })) }));
    // The other project had b.ts's final content first: it does not count for this one.
    await version(other.id, { 'b.ts': 'b2' });
    await version(s.id, { 'a.ts': 'a', 'b.ts': 'b1' });
    await version(s.id, { 'a.ts': 'a', 'b.ts': 'b2', 'c.ts': 'c' });
    const v3 = await version(s.id, { 'a.ts': 'a', 'b.ts': 'b2', 'c.ts': 'c3', 'moved.ts': 'a' });
    const ages = await getFileAges(h.db, s.id, v3.id);
    expect(ages.version).toBe(3);
    expect(Object.fromEntries(ages.since)).toEqual({ 'a.ts': 1, 'b.ts': 2, 'c.ts': 3, 'moved.ts': 3 });
    expect(await getFileAges(h.db, other.id, v3.id)).toEqual({ version: 0, since: new Map() });
  });
});
