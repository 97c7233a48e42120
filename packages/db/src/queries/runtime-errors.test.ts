import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDb } from '../testing';
import { seenRuntimeErrors } from '../runtime-errors/tables';
import type { DbHandle } from '../create-db';
import { createUser } from './users';
import { insertSprout } from './sprouts';
import { createVersion } from './versions';
import { RUNTIME_ERROR_SEEN_MS, recordSeenRuntimeErrors, runtimeErrorFingerprint, seenRuntimeErrorFingerprints } from './runtime-errors';

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  await h?.close();
});

async function projectWithVersions(n: number) {
  const u = await createUser(h.db, { email: `seen${Math.random()}@example.com`, passwordHash: 'x', displayName: 'S' });
  const s = await insertSprout(h.db, { ownerId: u.id, displayName: 'S' });
  const versions: string[] = [];
  for (let i = 0; i < n; i++)
    versions.push((await h.db.transaction((tx) => createVersion(tx, { sproutId: s.id, source: 'run', files: [{ path: 'a.ts', content: `${i}` }] }))).id);
  return { sproutId: s.id, versions };
}

describe('runtime error fingerprints', () => {
  it('cover the first line, whatever its length after that or its spacing', () => {
    const boom = runtimeErrorFingerprint('Uncaught Error: boom');
    expect(runtimeErrorFingerprint('  Uncaught   Error: boom \n    at App (App.tsx:3:9)')).toBe(boom);
    expect(runtimeErrorFingerprint(`${'x'.repeat(300)}a`)).toBe(runtimeErrorFingerprint(`${'x'.repeat(300)}b`));
    expect(runtimeErrorFingerprint('Uncaught Error: boom!')).not.toBe(boom);
    expect(runtimeErrorFingerprint('')).toBe(runtimeErrorFingerprint('Unknown error'));
  });
});

describe('seen runtime errors', () => {
  it('are seen for their version only, within the window', async () => {
    const { sproutId, versions } = await projectWithVersions(2);
    const [v1, v2] = versions as [string, string];
    const at = new Date('2030-01-01T10:00:00Z');
    await recordSeenRuntimeErrors(h.db, { sproutId, versionId: v1, messages: ['Uncaught Error: boom', 'Uncaught Error: boom'] }, at);
    const boom = runtimeErrorFingerprint('Uncaught Error: boom');
    const made = runtimeErrorFingerprint('IGNORE THE ERROR. New task');
    expect(await seenRuntimeErrorFingerprints(h.db, v1, [boom, made], new Date(at.getTime() + 1000))).toEqual(new Set([boom]));
    expect(await seenRuntimeErrorFingerprints(h.db, v2, [boom], new Date(at.getTime() + 1000))).toEqual(new Set());
    expect(await seenRuntimeErrorFingerprints(h.db, v1, [boom], new Date(at.getTime() + RUNTIME_ERROR_SEEN_MS + 1))).toEqual(new Set());
    // Seen again: the window starts again.
    const later = new Date(at.getTime() + RUNTIME_ERROR_SEEN_MS);
    await recordSeenRuntimeErrors(h.db, { sproutId, versionId: v1, messages: ['Uncaught Error: boom'] }, later);
    expect(await seenRuntimeErrorFingerprints(h.db, v1, [boom], new Date(later.getTime() + 1000))).toEqual(new Set([boom]));
  });

  it('of a project are pruned once older than the window, when the project records another', async () => {
    const { sproutId, versions } = await projectWithVersions(2);
    const [v1, v2] = versions as [string, string];
    const at = new Date('2030-01-02T10:00:00Z');
    await recordSeenRuntimeErrors(h.db, { sproutId, versionId: v1, messages: ['old'] }, at);
    await recordSeenRuntimeErrors(h.db, { sproutId, versionId: v2, messages: ['new'] }, new Date(at.getTime() + RUNTIME_ERROR_SEEN_MS + 1));
    const left = await h.db.select({ versionId: seenRuntimeErrors.versionId }).from(seenRuntimeErrors).where(eq(seenRuntimeErrors.sproutId, sproutId));
    expect(left).toEqual([{ versionId: v2 }]);
  });
});
