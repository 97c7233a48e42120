import { beforeAll, describe, expect, it } from 'vitest';
import { type Session, useTestApp } from '../testing';
import { VISITS_SCRIPT_PATH } from '../hosting/visits-script';

// TRUST_PROXY on: each "browser" below comes from an address of its own (X-Forwarded-For).
const t = useTestApp({ TRUST_PROXY: 'true' });
let owner: Session;
let sproutId: string;
let siteHost: string;
let siteOrigin: string;
beforeAll(async () => {
  owner = await t.register();
  sproutId = (await t.api('POST', '/v1/sprouts', { token: owner.idToken, body: { displayName: 'Visited' } })).json().id;
  siteOrigin = (await t.api('POST', `/build/v1/sprouts/${sproutId}/publish`, { token: owner.idToken })).json().publicUrl.replace(/\/$/, '');
  siteHost = new URL(siteOrigin).host;
});

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

const visit = (payload: unknown, o: { ip?: string; ua?: string; host?: string; origin?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/_sprout/v1/analytics/visit',
    headers: {
      host: o.host ?? siteHost,
      origin: o.origin ?? siteOrigin,
      'user-agent': o.ua ?? DESKTOP,
      'x-forwarded-for': o.ip ?? '203.0.113.1',
      'content-type': 'application/json',
      ...o.headers,
    },
    payload: JSON.stringify(payload),
  });

const report = async (days = 7) => {
  const res = await t.api('GET', `/build/v1/sprouts/${sproutId}/analytics?days=${days}`, { token: owner.idToken });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe("a published app's visitor analytics", () => {
  it('every published page loads the visits script, which its host serves under its CSP', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { host: siteHost } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(new RegExp(`<script src="${VISITS_SCRIPT_PATH}" defer></script></head>`));
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const script = await t.app.inject({ method: 'GET', url: VISITS_SCRIPT_PATH, headers: { host: siteHost } });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.body).toContain("'/_sprout/v1/analytics/visit'".replace(/'/g, '"'));
    expect(script.body).toContain('globalPrivacyControl');
  });

  it('counts page views, visitors by address and browser, referrers, devices and events, and no one who asked not to be tracked', async () => {
    const sends = [
      visit({ type: 'pageview', path: '/', entry: true, referrer: 'https://www.news.example/story?id=1' }),
      visit({ type: 'pageview', path: '/menu' }),
      visit({ type: 'pageview', path: '/', entry: true }, { ip: '198.51.100.7', ua: PHONE }),
      visit({ type: 'event', path: '/menu', name: 'order', props: { dish: 'soup', qty: 2 } }, { ip: '198.51.100.7', ua: PHONE }),
      // Not counted: Do Not Track, Global Privacy Control, a crawler.
      visit({ type: 'pageview', path: '/', entry: true }, { ip: '192.0.2.9', headers: { dnt: '1' } }),
      visit({ type: 'pageview', path: '/', entry: true }, { ip: '192.0.2.10', headers: { 'sec-gpc': '1' } }),
      visit({ type: 'pageview', path: '/', entry: true }, { ip: '192.0.2.11', ua: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }),
    ];
    for (const res of await Promise.all(sends)) {
      expect(res.statusCode, res.body).toBe(204);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const r = await report();
    expect(r).toMatchObject({
      days: 7,
      pageViews: 3,
      visitors: 2,
      pages: [
        { path: '/', views: 2, visitors: 2 },
        { path: '/menu', views: 1, visitors: 1 },
      ],
      // A tie: named sources first.
      referrers: [
        { source: 'news.example', visitors: 1 },
        { source: 'Direct', visitors: 1 },
      ],
      devices: expect.arrayContaining([
        { device: 'desktop', visitors: 1 },
        { device: 'mobile', visitors: 1 },
      ]),
      events: [{ name: 'order', count: 1, visitors: 1 }],
    });
    expect(r.byDay).toHaveLength(7);
    expect(r.byDay.at(-1)).toEqual({ day: new Date().toISOString().slice(0, 10), pageViews: 3, visitors: 2 });
    expect(r.byDay.slice(0, 6).every((d: { pageViews: number }) => d.pageViews === 0)).toBe(true);
    expect((await report(30)).byDay).toHaveLength(30);
  });

  it('refuses what is not a visit, and another origin; counts nothing from the preview', async () => {
    const before = (await report()).pageViews;
    expect((await visit({ type: 'pageview', path: 'https://evil.example/' })).statusCode).toBe(400);
    expect((await visit({ type: 'event', path: '/', name: '<script>' })).statusCode).toBe(400);
    expect((await visit({ type: 'pageview', path: `/${'a'.repeat(600)}` })).statusCode).toBe(400);
    const huge = await visit({ type: 'pageview', path: '/', referrer: 'x'.repeat(20_000) });
    expect([400, 413]).toContain(huge.statusCode);
    expect((await visit({ type: 'pageview', path: '/' }, { origin: 'https://evil.example' })).statusCode).toBe(403);
    const preview = await t.api('POST', `/build/v1/sprouts/${sproutId}/preview-session`, { token: owner.idToken });
    const previewOrigin = new URL(preview.json().url).origin;
    const fromPreview = await visit({ type: 'pageview', path: '/' }, { host: new URL(previewOrigin).host, origin: previewOrigin });
    expect(fromPreview.statusCode).toBe(204);
    expect((await report()).pageViews).toBe(before);
  });

  it('is the owner’s alone, and validates its range', async () => {
    const stranger = await t.register();
    expect((await t.api('GET', `/build/v1/sprouts/${sproutId}/analytics`, { token: stranger.idToken })).statusCode).toBe(404);
    expect((await t.api('GET', `/build/v1/sprouts/${sproutId}/analytics`)).statusCode).toBe(401);
    expect((await t.api('GET', `/build/v1/sprouts/${sproutId}/analytics?days=91`, { token: owner.idToken })).statusCode).toBe(400);
    expect((await t.api('GET', `/build/v1/sprouts/${sproutId}/analytics?days=abc`, { token: owner.idToken })).statusCode).toBe(400);
    expect((await t.api('GET', `/build/v1/sprouts/${sproutId}/analytics`, { token: owner.idToken })).json().days).toBe(7);
  });
});
