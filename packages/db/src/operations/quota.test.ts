import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../testing';
import type { DbHandle } from '../create-db';
import { createUser } from '../queries/users';
import { upsertSubscription } from '../queries/subscriptions';
import { refundMessage } from '../queries/usage';
import { getUsageStats, reserveMessage } from './quota';
import { createSproutForUser } from './create-sprout';

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  await h?.close();
});

const user = (tag: string) => createUser(h.db, { email: `${tag}-${Math.random()}@example.com`, passwordHash: 'x', displayName: tag });
const files = [{ path: 'client/src/App.tsx', content: 'export default () => null;\n' }];

describe('reserveMessage', () => {
  it('allows exactly the free daily allowance under 50 concurrent calls', async () => {
    const u = await user('daily');
    const now = new Date('2026-03-10T12:00:00Z');
    const results = await Promise.all(Array.from({ length: 50 }, () => reserveMessage(h.db, u.id, { now })));
    const ok = results.filter((r) => r.ok);
    expect(ok).toHaveLength(5);
    const refused = results.filter((r) => !r.ok);
    expect(refused.every((r) => !r.ok && r.limitType === 'daily')).toBe(true);
    const stats = await getUsageStats(h.db, u.id, now);
    expect(stats.dailyMessages).toEqual({ limit: 5, used: 5, available: 0 });
    expect(stats.monthlyMessages).toEqual({ limit: 30, used: 5, available: 25 });
  });

  it('enforces the monthly cap across days and succeeds for exactly the remaining number', async () => {
    const u = await user('monthly');
    // 27 messages spread over earlier days of the same UTC month.
    for (let d = 1; d <= 27; d++) {
      const r = await reserveMessage(h.db, u.id, { now: new Date(Date.UTC(2026, 4, Math.ceil(d / 5), 10)) });
      expect(r.ok).toBe(true);
    }
    const now = new Date('2026-05-20T08:00:00Z');
    const results = await Promise.all(Array.from({ length: 50 }, () => reserveMessage(h.db, u.id, { now })));
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.limitType === 'monthly')).toBe(true);
    // A new month starts from zero.
    const june = await reserveMessage(h.db, u.id, { now: new Date('2026-06-01T00:00:00Z') });
    expect(june.ok).toBe(true);
  });

  it('counts a refunded message no more', async () => {
    const u = await user('refund');
    const now = new Date('2026-07-04T09:00:00Z');
    const reserved = [];
    for (let i = 0; i < 5; i++) reserved.push(await reserveMessage(h.db, u.id, { now }));
    expect((await reserveMessage(h.db, u.id, { now })).ok).toBe(false);
    const first = reserved[0]!;
    if (!first.ok) throw new Error('expected a reservation');
    expect(await refundMessage(h.db, first.usageId)).toBe(true);
    expect(await refundMessage(h.db, first.usageId)).toBe(false);
    expect((await reserveMessage(h.db, u.id, { now })).ok).toBe(true);
  });

  it('has no daily cap on premium tiers, only the monthly allowance', async () => {
    const u = await user('premium');
    // Upgraded before the simulated day (an upgrade starts the allowance afresh from its own time).
    await upsertSubscription(h.db, u.id, { type: 'subscribed on web', tierType: 'tier-1' }, new Date('2026-08-01T00:00:00Z'));
    const now = new Date('2026-08-08T08:00:00Z');
    const results = await Promise.all(Array.from({ length: 50 }, () => reserveMessage(h.db, u.id, { now })));
    expect(results.every((r) => r.ok)).toBe(true);
    const stats = await getUsageStats(h.db, u.id, now);
    expect(stats.dailyMessages.limit).toBeNull();
    expect(stats.monthlyMessages).toEqual({ limit: 100, used: 50, available: 50 });
  });
});

describe('a fresh allowance after an upgrade from Free', () => {
  it('does not count the free messages already used against the new plan', async () => {
    const u = await user('upgrade');
    const morning = new Date('2026-06-10T09:00:00Z');
    for (let i = 0; i < 5; i++) expect((await reserveMessage(h.db, u.id, { now: morning })).ok).toBe(true);
    expect((await reserveMessage(h.db, u.id, { now: morning })).ok).toBe(false);

    const upgradedAt = new Date('2026-06-10T10:00:00Z');
    await upsertSubscription(h.db, u.id, { type: 'subscribed on web', tierType: 'tier-1' }, upgradedAt);
    const noon = new Date('2026-06-10T12:00:00Z');
    expect((await getUsageStats(h.db, u.id, noon)).monthlyMessages).toEqual({ limit: 100, used: 0, available: 100 });
    expect((await reserveMessage(h.db, u.id, { now: noon })).ok).toBe(true);
    expect((await getUsageStats(h.db, u.id, noon)).monthlyMessages).toEqual({ limit: 100, used: 1, available: 99 });

    // A paid-to-paid upgrade keeps counting: it was paid for as the difference.
    await upsertSubscription(h.db, u.id, { type: 'subscribed on web', tierType: 'tier-2' }, new Date('2026-06-11T10:00:00Z'));
    expect((await getUsageStats(h.db, u.id, new Date('2026-06-11T12:00:00Z'))).monthlyMessages).toEqual({ limit: 250, used: 1, available: 249 });
  });

  it('counts whole periods again once the upgrade is in an earlier month, and never starts afresh on a downgrade', async () => {
    const u = await user('later');
    await upsertSubscription(h.db, u.id, { type: 'subscribed on web', tierType: 'tier-1' }, new Date('2026-07-20T10:00:00Z'));
    const august = new Date('2026-08-02T10:00:00Z');
    expect((await reserveMessage(h.db, u.id, { now: new Date('2026-08-01T10:00:00Z') })).ok).toBe(true);
    expect((await getUsageStats(h.db, u.id, august)).monthlyMessages.used).toBe(1);
    await upsertSubscription(h.db, u.id, { type: 'free', tierType: 'free' }, august);
    expect((await getUsageStats(h.db, u.id, august)).monthlyMessages).toEqual({ limit: 30, used: 1, available: 29 });
  });
});

describe('createSproutForUser', () => {
  it('lets exactly the remaining number of 50 concurrent creates through at the project limit', async () => {
    const u = await user('projects');
    for (let i = 0; i < 2; i++) {
      expect((await createSproutForUser(h.db, { ownerId: u.id, displayName: `P${i}`, files })).ok).toBe(true);
    }
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => createSproutForUser(h.db, { ownerId: u.id, displayName: `C${i}`, files })));
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    const refused = results.find((r) => !r.ok);
    expect(refused).toMatchObject({ ok: false, reason: 'project_limit_reached' });
    expect((await getUsageStats(h.db, u.id)).projects).toEqual({ limit: 5, used: 5, available: 0 });
  });

  it('creates version 1 holding the files', async () => {
    const u = await user('v1');
    const r = await createSproutForUser(h.db, { ownerId: u.id, displayName: 'One', files });
    if (!r.ok) throw new Error('expected creation');
    expect(r.sprout.currentVersionId).toBeTruthy();
  });
});
