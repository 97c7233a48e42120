import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from './create-db';
import { createManualVersion } from './operations/commit-version';
import { createSproutForUser } from './operations/create-sprout';
import { createUser } from './queries/users';
import { createVersion } from './queries/versions';
import { createTestDb } from './testing';
import { createPgListener } from './listener';
import { listenForVersions, type VersionNotices } from './version-notices';

let h: DbHandle;
let notices: VersionNotices;
const heard: string[] = [];
let waiting: { count: number; resolve: () => void } | null = null;

/** Resolves once `count` notices in all have been heard. */
const heardCount = (count: number) =>
  new Promise<void>((resolve) => {
    if (heard.length >= count) resolve();
    else waiting = { count, resolve };
  });

beforeAll(async () => {
  h = await createTestDb();
  notices = await listenForVersions(h, {
    version: (sproutId) => {
      heard.push(sproutId);
      if (waiting && heard.length >= waiting.count) waiting.resolve();
    },
    reconnect: () => undefined,
    error: (err) => {
      throw err;
    },
  });
});
afterAll(async () => {
  await notices?.close();
  await h?.close();
});

async function newSprout(name: string): Promise<string> {
  const owner = await createUser(h.db, { email: `notices-${name}-${Math.random()}@example.com`, passwordHash: 'x', displayName: name });
  const r = await createSproutForUser(h.db, { ownerId: owner.id, displayName: name, files: [{ path: 'client/src/App.tsx', content: 'v1' }] });
  if (!r.ok) throw new Error('limit');
  return r.sprout.id;
}

describe('version notices', () => {
  it('announces each committed version by its project, and never one rolled back', async () => {
    const kept = await newSprout('kept');
    const undone = await newSprout('undone');
    await heardCount(2);
    await expect(
      h.db.transaction(async (tx) => {
        await createVersion(tx, { sproutId: undone, files: [{ path: 'client/src/App.tsx', content: 'never' }], source: 'manual' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const edit = await createManualVersion(h.db, { sproutId: kept, files: [{ path: 'client/src/App.tsx', content: 'v2' }], source: 'manual', summary: 'Edit' });
    expect(edit.ok).toBe(true);
    await heardCount(3);
    // Notices arrive in commit order: the rolled-back version's would have come before the edit's.
    expect(heard).toEqual([kept, undone, kept]);
  });

  it('hears nothing once closed', async () => {
    const late: string[] = [];
    const other = await listenForVersions(h, { version: (id) => late.push(id), reconnect: () => undefined, error: () => undefined });
    await other.close();
    const sproutId = await newSprout('after');
    // The listener still open hears it: the closed one would have by then.
    await heardCount(4);
    expect(heard.at(-1)).toBe(sproutId);
    expect(late).toEqual([]);
  });

  // PostgreSQL only (the PostgreSQL pass of CI): PGlite has no listening connections.
  it.runIf(!!process.env.DATABASE_URL)('hears them on a listening connection the process already holds, until closed', async () => {
    const shared = createPgListener(h.listenUrl!);
    const base = heard.length;
    const onShared: string[] = [];
    let heardShared: (() => void) | null = null;
    const sharing = await listenForVersions(
      h,
      { version: (id) => (onShared.push(id), heardShared?.()), reconnect: () => undefined, error: () => undefined },
      shared,
    );
    try {
      const first = new Promise<void>((resolve) => (heardShared = resolve));
      const sproutId = await newSprout('shared');
      await first;
      await heardCount(base + 1);
      expect(onShared).toEqual([sproutId]);
      await sharing.close();
      const later = await newSprout('shared-after');
      await heardCount(base + 2);
      expect(heard.at(-1)).toBe(later);
      expect(onShared).toEqual([sproutId]);
    } finally {
      await shared.close();
    }
  });
});
