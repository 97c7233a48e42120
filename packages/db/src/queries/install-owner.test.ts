import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../testing';
import type { DbHandle } from '../create-db';
import { finishRun } from './runs';
import { createUser } from './users';
import { insertSprout } from './sprouts';
import { isInstallOwnersFirstRun } from './install-owner';
import { startMessageRun } from '../operations/start-run';

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  await h?.close();
});

describe('isInstallOwnersFirstRun', () => {
  it('is true for the first account of the install on its first run, and only then', async () => {
    const owner = await createUser(h.db, { email: 'first@example.com', passwordHash: 'x', displayName: 'First' });
    const later = await createUser(h.db, { email: 'later@example.com', passwordHash: 'x', displayName: 'Later' });
    const sprout = await insertSprout(h.db, { ownerId: owner.id, displayName: 'S' });
    const run = () => startMessageRun(h.db, { sproutId: sprout.id, userId: owner.id, text: 'hi', attachments: [], model: 'offline', baseVersionId: null });
    const first = await run();
    if (!first.ok) throw new Error('the first run did not start');
    expect(await isInstallOwnersFirstRun(h.db, owner.id)).toBe(true);
    expect(await isInstallOwnersFirstRun(h.db, later.id)).toBe(false);
    await finishRun(h.db, first.run.id, { status: 'succeeded', summary: null, tokensIn: 0, tokensOut: 0, fixRounds: 0 });
    expect((await run()).ok).toBe(true);
    expect(await isInstallOwnersFirstRun(h.db, owner.id)).toBe(false);
  });
});
