import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GateFinding } from '@sprout/core/contract';
import { createTestDb } from '../testing';
import type { DbHandle } from '../create-db';
import { createUser } from '../queries/users';
import { createSproutForUser } from '../operations/create-sprout';
import { publishReportsOf, savePublishReport } from './reports';

let h: DbHandle;
let sproutId: string;
let versionId: string;
beforeAll(async () => {
  h = await createTestDb();
  const owner = await createUser(h.db, { email: `gate-${Math.random()}@example.com`, passwordHash: 'x', displayName: 'o' });
  const r = await createSproutForUser(h.db, { ownerId: owner.id, displayName: 'Gate', files: [{ path: 'client/src/App.tsx', content: 'x' }] });
  if (!r.ok) throw new Error('limit');
  sproutId = r.sprout.id;
  versionId = r.sprout.currentVersionId!;
});
afterAll(async () => {
  await h?.close();
});

const key: GateFinding = { severity: 'critical', rule: 'secret-in-client', file: 'client/src/config.ts', line: 2, message: 'A key' };

describe("a version's security report", () => {
  it('keeps the latest findings and every rule the owner accepted, the newest reason winning', async () => {
    await savePublishReport(h.db, { sproutId, versionId, findings: [key], now: new Date('2026-12-01T10:00:00Z') });
    expect(await publishReportsOf(h.db, sproutId, [versionId])).toMatchObject([{ versionId, findings: [key], acknowledged: [] }]);
    await savePublishReport(h.db, {
      sproutId,
      versionId,
      findings: [key],
      acknowledged: [{ rule: 'secret-in-client', reason: 'a test key only' }],
      now: new Date('2026-12-01T11:00:00Z'),
    });
    await savePublishReport(h.db, { sproutId, versionId, findings: [], now: new Date('2026-12-01T12:00:00Z') });
    const [report] = await publishReportsOf(h.db, sproutId, [versionId]);
    expect(report).toMatchObject({ findings: [], acknowledged: [{ rule: 'secret-in-client', reason: 'a test key only', at: '2026-12-01T11:00:00.000Z' }] });
    expect(report!.checkedAt.toISOString()).toBe('2026-12-01T12:00:00.000Z');
    await savePublishReport(h.db, { sproutId, versionId, findings: [key], acknowledged: [{ rule: 'secret-in-client', reason: 'rotated, still a test key' }] });
    expect((await publishReportsOf(h.db, sproutId, [versionId]))[0]!.acknowledged).toEqual([expect.objectContaining({ reason: 'rotated, still a test key' })]);
  });

  it("are read for the project's own versions only", async () => {
    expect(await publishReportsOf(h.db, 'another-project', [versionId])).toEqual([]);
    expect(await publishReportsOf(h.db, sproutId, [])).toEqual([]);
  });
});
