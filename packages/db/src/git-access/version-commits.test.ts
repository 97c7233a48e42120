import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../create-db';
import { createSproutForUser } from '../operations/create-sprout';
import { createUser } from '../queries/users';
import { getVersionFiles } from '../queries/versions';
import { createTestDb } from '../testing';
import { createPushedVersions, recordVersionCommit, versionsWithCommits } from './version-commits';

let h: DbHandle;
let sproutId: string;
beforeAll(async () => {
  h = await createTestDb();
  const owner = await createUser(h.db, { email: `commits-${Math.random()}@example.com`, passwordHash: 'x', displayName: 'o' });
  const r = await createSproutForUser(h.db, { ownerId: owner.id, displayName: 'Repo', files: [{ path: 'client/src/App.tsx', content: 'v1' }] });
  if (!r.ok) throw new Error('limit');
  sproutId = r.sprout.id;
});
afterAll(async () => {
  await h?.close();
});

const bytes = (s: string) => new TextEncoder().encode(s);

describe('version commits', () => {
  it('keeps the first commit recorded for a version', async () => {
    const [first] = await versionsWithCommits(h.db, sproutId);
    expect(first!.commit).toBeNull();
    const kept = await recordVersionCommit(h.db, first!.version.id, { commitId: 'a'.repeat(40), raw: bytes('one') });
    expect(kept.commitId).toBe('a'.repeat(40));
    const second = await recordVersionCommit(h.db, first!.version.id, { commitId: 'b'.repeat(40), raw: bytes('two') });
    expect(second.commitId).toBe('a'.repeat(40));
    expect(Buffer.from(second.raw).toString()).toBe('one');
  });

  it('makes one version per pushed commit, all or none, only on the expected version', async () => {
    const [base] = await versionsWithCommits(h.db, sproutId);
    const commit = (n: number) => ({
      commitId: String(n).repeat(40),
      raw: bytes(`c${n}`),
      summary: `Commit ${n}`,
      files: [{ path: 'client/src/App.tsx', content: `v${n}` }],
    });
    const stale = await createPushedVersions(h.db, { sproutId, expectedCurrentId: 'elsewhere', commits: [commit(2)] });
    expect(stale).toEqual({ ok: false, reason: 'version_conflict' });
    const made = await createPushedVersions(h.db, { sproutId, expectedCurrentId: base!.version.id, commits: [commit(2), commit(3)] });
    if (!made.ok) throw new Error(made.reason);
    expect(made.versions.map((v) => [v.number, v.source, v.summary])).toEqual([
      [2, 'git', 'Commit 2'],
      [3, 'git', 'Commit 3'],
    ]);
    expect(await getVersionFiles(h.db, made.versions[1]!.id)).toEqual([{ path: 'client/src/App.tsx', content: 'v3' }]);
    const all = await versionsWithCommits(h.db, sproutId);
    expect(all.map((v) => v.commit?.commitId ?? null)).toEqual(['a'.repeat(40), '2'.repeat(40), '3'.repeat(40)]);
    expect(await createPushedVersions(h.db, { sproutId: 'nosuch', expectedCurrentId: null, commits: [] })).toEqual({ ok: false, reason: 'not_found' });
  });
});
