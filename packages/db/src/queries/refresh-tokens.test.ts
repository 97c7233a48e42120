import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../testing';
import type { DbHandle } from '../create-db';
import { createUser } from './users';
import { consumeRefreshToken, findRefreshToken, insertRefreshToken, revokeRefreshFamily } from './refresh-tokens';
import { hitRateLimit, resetRateLimit } from './rate-limits';
import { consumePasswordReset, insertPasswordReset } from './password-resets';

let h: DbHandle;
let userId: string;
beforeAll(async () => {
  h = await createTestDb();
  userId = (await createUser(h.db, { email: 'r@example.com', passwordHash: 'x', displayName: 'R' })).id;
});
afterAll(async () => {
  await h?.close();
});

const later = () => new Date(Date.now() + 60_000);

describe('refresh tokens', () => {
  it('lets exactly one of many concurrent uses win and reports the rest as reuse', async () => {
    await insertRefreshToken(h.db, { userId, familyId: 'fam1', tokenHash: 'h1', expiresAt: later() });
    const results = await Promise.all(Array.from({ length: 10 }, () => consumeRefreshToken(h.db, 'h1')));
    expect(results.filter((r) => r.status === 'ok')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'reused')).toHaveLength(9);
  });

  it('treats unknown and expired tokens as invalid, revoked ones as reuse', async () => {
    expect((await consumeRefreshToken(h.db, 'nope')).status).toBe('invalid');
    await insertRefreshToken(h.db, { userId, familyId: 'fam2', tokenHash: 'h2', expiresAt: new Date(Date.now() - 1) });
    expect((await consumeRefreshToken(h.db, 'h2')).status).toBe('invalid');
    await insertRefreshToken(h.db, { userId, familyId: 'fam3', tokenHash: 'h3', expiresAt: later() });
    await insertRefreshToken(h.db, { userId, familyId: 'fam3', tokenHash: 'h4', expiresAt: later() });
    await revokeRefreshFamily(h.db, 'fam3');
    expect((await consumeRefreshToken(h.db, 'h4')).status).toBe('reused');
    expect((await findRefreshToken(h.db, 'h3'))?.revokedAt).toBeInstanceOf(Date);
  });
});

describe('rate limits', () => {
  it('counts within a window and restarts after it', async () => {
    const t0 = new Date('2026-01-01T00:00:00Z');
    expect((await hitRateLimit(h.db, 'k', 1000, 1, t0)).count).toBe(1);
    expect((await hitRateLimit(h.db, 'k', 1000, 1, new Date(t0.getTime() + 500))).count).toBe(2);
    expect((await hitRateLimit(h.db, 'k', 1000, 0, new Date(t0.getTime() + 600))).count).toBe(2);
    expect((await hitRateLimit(h.db, 'k', 1000, 1, new Date(t0.getTime() + 1500))).count).toBe(1);
    await resetRateLimit(h.db, 'k');
    expect((await hitRateLimit(h.db, 'k', 1000, 0, t0)).count).toBe(0);
  });

  it('is exact under concurrency', async () => {
    const results = await Promise.all(Array.from({ length: 30 }, () => hitRateLimit(h.db, 'c', 60_000)));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });
});

describe('password reset tokens', () => {
  it('are single use and expire', async () => {
    await insertPasswordReset(h.db, { userId, tokenHash: 'p1', expiresAt: later() });
    const [a, b] = await Promise.all([consumePasswordReset(h.db, 'p1'), consumePasswordReset(h.db, 'p1')]);
    expect([a, b].filter((x) => x === userId)).toHaveLength(1);
    expect([a, b].filter((x) => x === null)).toHaveLength(1);
    await insertPasswordReset(h.db, { userId, tokenHash: 'p2', expiresAt: new Date(Date.now() - 1) });
    expect(await consumePasswordReset(h.db, 'p2')).toBeNull();
  });
});
