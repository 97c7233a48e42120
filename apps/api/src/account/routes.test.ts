import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { reserveMessage, schema, setFlagOverride, upsertSubscription } from '@sprout/db';
import { FLAG_DEFAULTS } from '@sprout/core';
import { useTestApp } from '../testing';

const t = useTestApp();

describe('GET /usage', () => {
  it('reports free limits and counts reserved messages', async () => {
    const s = await t.register();
    const empty = (await t.api('GET', '/usage', { token: s.idToken })).json();
    expect(empty).toEqual({
      tier: 'free',
      projects: { limit: 5, used: 0, available: 5 },
      dailyMessages: { limit: 5, used: 0, available: 5 },
      monthlyMessages: { limit: 30, used: 0, available: 30 },
    });
    await reserveMessage(t.db.db, s.user.id);
    await reserveMessage(t.db.db, s.user.id);
    const after = (await t.api('GET', '/usage', { token: s.idToken })).json();
    expect(after.dailyMessages).toEqual({ limit: 5, used: 2, available: 3 });
  });

  it('reports unlimited quotas as null for internal staff', async () => {
    const s = await t.register();
    await upsertSubscription(t.db.db, s.user.id, { type: 'internal', tierType: 'sprout-tier-internal-staff' });
    const usage = (await t.api('GET', '/usage', { token: s.idToken })).json();
    expect(usage.tier).toBe('sprout-tier-internal-staff');
    expect(usage.projects).toEqual({ limit: null, used: 0, available: null });
    expect(usage.monthlyMessages.limit).toBeNull();
  });
});

describe('GET /v1/flags', () => {
  it('returns the defaults merged with the user’s valid overrides', async () => {
    const s = await t.register();
    expect((await t.api('GET', '/v1/flags', { token: s.idToken })).json()).toEqual(FLAG_DEFAULTS);
    await setFlagOverride(t.db.db, s.user.id, 'enableDiffView', true);
    await setFlagOverride(t.db.db, s.user.id, 'aiModelOverride', 'offline');
    await setFlagOverride(t.db.db, s.user.id, 'showMachineLogs', 'not a boolean');
    await setFlagOverride(t.db.db, s.user.id, 'unknownFlag', true);
    expect((await t.api('GET', '/v1/flags', { token: s.idToken })).json()).toEqual({
      ...FLAG_DEFAULTS,
      enableDiffView: true,
      aiModelOverride: 'offline',
    });
    // A model the operator does not offer (any more) is not passed on.
    await setFlagOverride(t.db.db, s.user.id, 'aiModelOverride', 'openai:gpt-4.1');
    expect((await t.api('GET', '/v1/flags', { token: s.idToken })).json().aiModelOverride).toBeNull();
  });
});

describe('POST /v1/user/visits', () => {
  it('records a visit for the user', async () => {
    const s = await t.register();
    const res = await t.api('POST', '/v1/user/visits', { token: s.idToken, body: { appName: 'web' }, headers: { 'user-agent': 'test-agent' } });
    expect(res.statusCode).toBe(204);
    const [row] = await t.db.db.select({ n: count() }).from(schema.visits).where(eq(schema.visits.userId, s.user.id));
    expect(Number(row!.n)).toBe(1);
  });
});
