import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../testing';
import type { DbHandle } from '../create-db';
import { createUser } from '../queries/users';
import { createVersion } from '../queries/versions';
import { createSproutForUser } from '../operations/create-sprout';
import { publishDeployment } from '../operations/publish';
import { getSproutForOwner } from '../queries/sprouts';
import { rulesVersionId } from './rules-version';
import { newId } from '../ids';

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  await h?.close();
});

describe('rulesVersionId', () => {
  it('is the current version for test data, and the published one for live data', async () => {
    const u = await createUser(h.db, { email: `r-${Math.random()}@example.com`, passwordHash: 'x', displayName: 'r' });
    const created = await createSproutForUser(h.db, { ownerId: u.id, displayName: 'S', files: [{ path: 'client/src/App.tsx', content: 'x' }] });
    if (!created.ok) throw new Error('limit');
    const first = created.sprout.currentVersionId!;
    // Never published: both datasets follow the current version.
    expect(await rulesVersionId(h.db, created.sprout, 'live')).toBe(first);

    const published = await publishDeployment(h.db, {
      ownerId: u.id,
      sproutId: created.sprout.id,
      versionId: first,
      publicUrl: 'http://s.sites.localhost',
      deploymentId: newId(),
      files: [],
    });
    if (!published.ok) throw new Error(published.reason);
    const second = await createVersion(h.db, {
      sproutId: created.sprout.id,
      files: [{ path: 'client/src/App.tsx', content: 'y' }],
      source: 'manual',
      summary: 'edit',
    });
    const sprout = (await getSproutForOwner(h.db, created.sprout.id, u.id))!;
    expect(await rulesVersionId(h.db, sprout, 'test')).toBe(second.id);
    expect(await rulesVersionId(h.db, sprout, 'live')).toBe(first);
  });
});
