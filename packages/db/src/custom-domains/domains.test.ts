import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../testing';
import type { DbHandle } from '../create-db';
import { createUser } from '../queries/users';
import { createSproutForUser } from '../operations/create-sprout';
import { sprouts } from '../schema';
import {
  claimCustomDomain,
  claimDomainsDueForCheck,
  countOwnerCustomDomains,
  findCustomDomainSite,
  getCustomDomain,
  listCustomDomains,
  markCustomDomainChecked,
  primaryDomainOfSlug,
  removeCustomDomain,
  setPrimaryCustomDomain,
} from './domains';

let h: DbHandle;
let ownerId: string;
let a: string;
let b: string;
const slugA = `shop-${Math.random().toString(36).slice(2, 8)}`;
beforeAll(async () => {
  h = await createTestDb();
  const owner = await createUser(h.db, { email: `domains-${Math.random()}@example.com`, passwordHash: 'x', displayName: 'o' });
  ownerId = owner.id;
  const make = async (displayName: string) => {
    const r = await createSproutForUser(h.db, { ownerId, displayName, files: [{ path: 'client/src/App.tsx', content: 'x' }] });
    if (!r.ok) throw new Error('limit');
    return r.sprout.id;
  };
  a = await make('Shop');
  b = await make('Other');
  await h.db
    .update(sprouts)
    .set({ slug: slugA, isDeploymentEnabled: true, publicUrl: `http://${slugA}.sites.localhost` })
    .where(eq(sprouts.id, a));
});
afterAll(async () => {
  await h?.close();
});

const rand = () => `${Math.random().toString(36).slice(2, 10)}.example.com`;
const at = new Date('2030-01-01T00:00:00Z');

describe('custom domains', () => {
  it('may be claimed by several apps until one proves it; then it is that app’s alone', async () => {
    const domain = rand();
    const first = await claimCustomDomain(h.db, { sproutId: a, domain, verifyToken: 't-a' });
    const second = await claimCustomDomain(h.db, { sproutId: b, domain, verifyToken: 't-b' });
    expect(first.ok && second.ok).toBe(true);
    // Claiming again keeps the first token.
    const again = await claimCustomDomain(h.db, { sproutId: a, domain, verifyToken: 'other' });
    expect(again.ok && again.row.verifyToken).toBe('t-a');
    expect(await findCustomDomainSite(h.db, domain)).toBeNull();

    const verified = await markCustomDomainChecked(h.db, { sproutId: a, domain, error: null, at });
    expect(verified.ok && verified.row?.verifiedAt?.toISOString()).toBe(at.toISOString());
    expect(await findCustomDomainSite(h.db, domain)).toEqual({ sproutId: a, slug: slugA });
    // B's records found later: A has it.
    expect(await markCustomDomainChecked(h.db, { sproutId: b, domain, error: null, at })).toEqual({ ok: false, reason: 'taken' });
    expect(await claimCustomDomain(h.db, { sproutId: b, domain: domain, verifyToken: 'x' })).toEqual({ ok: false, reason: 'taken' });
    // A later pass keeps the first verification time.
    const later = await markCustomDomainChecked(h.db, { sproutId: a, domain, error: null, at: new Date(at.getTime() + 1000) });
    expect(later.ok && later.row?.verifiedAt?.toISOString()).toBe(at.toISOString());

    // The records vanished: unverified, with the reason; B may now prove it.
    await markCustomDomainChecked(h.db, { sproutId: a, domain, error: 'No TXT record was found.', at });
    expect((await getCustomDomain(h.db, a, domain))?.lastError).toBe('No TXT record was found.');
    expect(await findCustomDomainSite(h.db, domain)).toBeNull();
    expect((await markCustomDomainChecked(h.db, { sproutId: b, domain, error: null, at })).ok).toBe(true);
    // B is not published: nothing is served there.
    expect(await findCustomDomainSite(h.db, domain)).toBeNull();
  });

  it('are listed per app, counted per owner, removed, and have one primary per app', async () => {
    const [d1, d2] = [rand(), rand()];
    const before = await countOwnerCustomDomains(h.db, ownerId);
    await claimCustomDomain(h.db, { sproutId: a, domain: d1, verifyToken: 't1' });
    await claimCustomDomain(h.db, { sproutId: a, domain: d2, verifyToken: 't2' });
    expect(await countOwnerCustomDomains(h.db, ownerId)).toBe(before + 2);
    expect((await listCustomDomains(h.db, a)).map((d) => d.domain)).toEqual(expect.arrayContaining([d1, d2]));
    expect((await listCustomDomains(h.db, b)).map((d) => d.domain)).not.toContain(d1);

    await markCustomDomainChecked(h.db, { sproutId: a, domain: d1, error: null, at });
    await markCustomDomainChecked(h.db, { sproutId: a, domain: d2, error: null, at });
    await setPrimaryCustomDomain(h.db, a, d1, true);
    expect(await primaryDomainOfSlug(h.db, slugA)).toBe(d1);
    await setPrimaryCustomDomain(h.db, a, d2, true);
    expect(await primaryDomainOfSlug(h.db, slugA)).toBe(d2);
    expect((await getCustomDomain(h.db, a, d1))?.isPrimary).toBe(false);
    expect(await setPrimaryCustomDomain(h.db, b, d2, true)).toBeNull();
    await setPrimaryCustomDomain(h.db, a, d2, false);
    expect(await primaryDomainOfSlug(h.db, slugA)).toBeNull();

    expect(await removeCustomDomain(h.db, a, d1)).toBe(true);
    expect(await removeCustomDomain(h.db, a, d1)).toBe(false);
    expect(await findCustomDomainSite(h.db, d1)).toBeNull();
    expect(await findCustomDomainSite(h.db, d2)).toEqual({ sproutId: a, slug: slugA });
    // Unpublishing stops serving at once.
    await h.db.update(sprouts).set({ isDeploymentEnabled: false }).where(eq(sprouts.id, a));
    expect(await findCustomDomainSite(h.db, d2)).toBeNull();
    await h.db.update(sprouts).set({ isDeploymentEnabled: true }).where(eq(sprouts.id, a));
    await removeCustomDomain(h.db, a, d2);
  });

  it('are claimed for scheduled checks once: pending ones often for a while, verified ones daily', async () => {
    const now = new Date(Date.now() + 365 * 86_400_000);
    const o = { pendingEveryMs: 600_000, pendingForMs: 3 * 86_400_000 + 365 * 86_400_000, verifiedEveryMs: 86_400_000 };
    const pending = rand();
    const verified = rand();
    await claimCustomDomain(h.db, { sproutId: a, domain: pending, verifyToken: 'p' });
    await claimCustomDomain(h.db, { sproutId: a, domain: verified, verifyToken: 'v' });
    await markCustomDomainChecked(h.db, { sproutId: a, domain: verified, error: null, at: new Date(now.getTime() - 3600_000) });
    const [first, second] = await Promise.all([claimDomainsDueForCheck(h.db, { now, ...o }), claimDomainsDueForCheck(h.db, { now, ...o })]);
    const mine = (rows: { domain: string }[]) => rows.map((r) => r.domain).filter((d) => d === pending || d === verified);
    expect([...mine(first), ...mine(second)]).toEqual([pending]);
    expect(mine(await claimDomainsDueForCheck(h.db, { now: new Date(now.getTime() + 60_000), ...o }))).toEqual([]);
    expect(mine(await claimDomainsDueForCheck(h.db, { now: new Date(now.getTime() + 700_000), ...o }))).toEqual([pending]);
    const nextDay = new Date(now.getTime() + 86_400_000);
    expect(mine(await claimDomainsDueForCheck(h.db, { now: nextDay, ...o })).sort()).toEqual([pending, verified].sort());
    // Past its days of pending checks, a domain is no longer checked.
    expect(mine(await claimDomainsDueForCheck(h.db, { now: nextDay, ...o, pendingForMs: 1000 }))).toEqual([]);
    await removeCustomDomain(h.db, a, pending);
    await removeCustomDomain(h.db, a, verified);
  });
});
