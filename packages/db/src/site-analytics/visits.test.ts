import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../testing';
import type { DbHandle } from '../create-db';
import { createUser } from '../queries/users';
import { createSproutForUser } from '../operations/create-sprout';
import { countSiteVisits, daySalt, recordSiteVisit, utcDay, type NewSiteVisit } from './visits';

let h: DbHandle;
let sproutId: string;
let otherId: string;
beforeAll(async () => {
  h = await createTestDb();
  const owner = await createUser(h.db, { email: `visits-${Math.random()}@example.com`, passwordHash: 'x', displayName: 'o' });
  const make = async (displayName: string) => {
    const r = await createSproutForUser(h.db, { ownerId: owner.id, displayName, files: [{ path: 'client/src/App.tsx', content: 'x' }] });
    if (!r.ok) throw new Error('limit');
    return r.sprout.id;
  };
  sproutId = await make('Shop');
  otherId = await make('Other');
});
afterAll(async () => {
  await h?.close();
});

const view = (visitor: string, path: string, o: Partial<NewSiteVisit> = {}): NewSiteVisit => ({
  sproutId,
  kind: 'pageview',
  path,
  visitor,
  device: 'desktop',
  entry: false,
  referrer: null,
  ...o,
});

describe("a published app's visits", () => {
  it('add up to page views, visitors, pages, referrers, devices, days and events, the app’s own only', async () => {
    const now = Date.now();
    const yesterday = new Date(now - 86_400_000);
    const longAgo = new Date(now - 10 * 86_400_000);
    await recordSiteVisit(h.db, view('a', '/', { entry: true, referrer: 'news.example', createdAt: yesterday }));
    await recordSiteVisit(h.db, view('a', '/shop', { createdAt: yesterday }));
    await recordSiteVisit(h.db, view('b', '/', { entry: true, device: 'mobile' }));
    await recordSiteVisit(h.db, view('c', '/', { entry: true, device: 'mobile' }));
    await recordSiteVisit(h.db, view('c', '/shop', { device: 'mobile' }));
    await recordSiteVisit(h.db, view('c', '/shop', { device: 'mobile' }));
    await recordSiteVisit(h.db, view('c', '/', { kind: 'event', name: 'add_to_cart', props: { sku: 'x1' }, device: 'mobile' }));
    await recordSiteVisit(h.db, view('z', '/old', { entry: true, createdAt: longAgo }));
    await recordSiteVisit(h.db, { ...view('a', '/elsewhere', { entry: true }), sproutId: otherId });

    const counts = await countSiteVisits(h.db, sproutId, new Date(now - 7 * 86_400_000));
    expect(counts).toEqual({
      pageViews: 6,
      visitors: 3,
      pages: [
        { path: '/shop', views: 3, visitors: 2 },
        { path: '/', views: 3, visitors: 3 },
      ].sort((x, y) => y.views - x.views || x.path.localeCompare(y.path)),
      referrers: [
        { referrer: null, visitors: 2 },
        { referrer: 'news.example', visitors: 1 },
      ],
      devices: [
        { device: 'mobile', visitors: 2 },
        { device: 'desktop', visitors: 1 },
      ],
      byDay: [
        { day: utcDay(yesterday), pageViews: 2, visitors: 1 },
        { day: utcDay(new Date(now)), pageViews: 4, visitors: 2 },
      ],
      events: [{ name: 'add_to_cart', count: 1, visitors: 1 }],
    });
    const none = await countSiteVisits(h.db, sproutId, new Date(now + 86_400_000));
    expect(none).toEqual({ pageViews: 0, visitors: 0, pages: [], referrers: [], devices: [], byDay: [], events: [] });
  });

  it('salts each day once for every caller, and forgets earlier days’ salts and visits past the kept days', async () => {
    const [first, again] = await Promise.all([daySalt(h.db, '2031-01-01', 90), daySalt(h.db, '2031-01-01', 90)]);
    expect(first).toHaveLength(32);
    expect(Buffer.from(again).equals(Buffer.from(first))).toBe(true);
    const next = await daySalt(h.db, '2031-01-02', 90);
    expect(Buffer.from(next).equals(Buffer.from(first))).toBe(false);
    // The day before is gone: asking for it makes a new salt, never the old one back.
    const remade = await daySalt(h.db, '2031-01-01', 90);
    expect(Buffer.from(remade).equals(Buffer.from(first))).toBe(false);
    // Visits older than the kept days went with the first salt of a later day.
    const all = await countSiteVisits(h.db, sproutId, new Date(0));
    expect(all.pages.map((p) => p.path)).not.toContain('/old');
    expect(all.pageViews).toBe(0);
  });
});
