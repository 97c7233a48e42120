import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestDnsServer } from '@sprout/testkit';
import { type Session, useTestApp } from '../testing';
import { runDueDomainChecks } from './scheduled-checks';

const dns = await TestDnsServer.start();
afterAll(() => dns.close());
const STAFF = `domains-staff-${Date.now()}@example.com`;
const t = useTestApp(() => ({ DNS_RESOLVER: dns.address, STAFF_EMAILS: STAFF, SITES_CNAME_TARGET: 'sites.sprout.test' }));

let owner: Session;
let sproutId: string;
let siteHost: string;
const base = () => `/build/v1/sprouts/${sproutId}/domains`;
const page = (host: string, url = '/') => t.app.inject({ method: 'GET', url, headers: { host } });
/** Creates the records the API asked for, as the owner would at their DNS host. */
function createRecords(records: { type: string; name: string; value: string }[]) {
  for (const r of records) dns.set(r.name, r.type === 'TXT' ? { TXT: [r.value] } : r.type === 'CNAME' ? { CNAME: r.value } : { A: [r.value] });
}

beforeAll(async () => {
  owner = await t.register({ email: STAFF });
  sproutId = (await t.api('POST', '/v1/sprouts', { token: owner.idToken, body: { displayName: 'Domained' } })).json().id;
  const published = await t.api('POST', `/build/v1/sprouts/${sproutId}/publish`, { token: owner.idToken });
  expect(published.statusCode, JSON.stringify(t.logs.filter((l) => Number(l.level) >= 50).map((l) => l.err ?? l.msg)).slice(0, 3000)).toBe(200);
  siteHost = new URL(published.json().publicUrl).host;
});

describe("a published app's custom domains", () => {
  it('are added with the records to create, verified through DNS, then served with their backend; removed, served no more', async () => {
    const domain = 'shop.example.com';
    const added = await t.api('POST', base(), { token: owner.idToken, body: { domain: ' Shop.Example.com. ' } });
    expect(added.statusCode, added.body).toBe(200);
    const d = added.json();
    expect(d).toMatchObject({ domain, status: 'pending', primary: false, lastCheckedAt: null, lastError: null });
    expect(d.records[0]).toEqual({ type: 'CNAME', name: domain, value: 'sites.sprout.test' });
    expect(d.records[1]).toMatchObject({ type: 'TXT', name: `_sprout.${domain}` });
    expect(d.records[1].value).toMatch(/^sprout-verify=[0-9a-f]{32}$/);

    // Not verified: nothing is served there, no certificate, and no API either.
    expect((await page(domain)).statusCode).toBe(404);
    expect((await page(domain)).body).toContain('There is no app at this address.');
    expect((await page(domain, '/v1/me')).body).toContain('There is no app at this address.');
    expect((await t.app.inject({ url: `/v1/hosting/tls-ask?domain=${domain}` })).statusCode).toBe(404);

    const missing = await t.api('POST', `${base()}/${domain}/verify`, { token: owner.idToken });
    expect(missing.json()).toMatchObject({ status: 'pending', lastError: `No TXT record _sprout.${domain} was found.` });
    dns.set(`_sprout.${domain}`, { TXT: [d.records[1].value] });
    dns.set(domain, { CNAME: 'elsewhere.example.net' });
    const wrongCname = await t.api('POST', `${base()}/${domain}/verify`, { token: owner.idToken });
    expect(wrongCname.json().lastError).toBe(`The CNAME record of ${domain} points to elsewhere.example.net, not sites.sprout.test.`);
    createRecords(d.records);
    const verified = await t.api('POST', `${base()}/${domain}/verify`, { token: owner.idToken });
    expect(verified.json()).toMatchObject({ status: 'verified', lastError: null });
    expect(verified.json().lastCheckedAt).toEqual(expect.any(String));

    expect((await t.app.inject({ url: `/v1/hosting/tls-ask?domain=${domain}` })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/v1/hosting/tls-ask?domain=${domain.toUpperCase()}.` })).statusCode).toBe(200);
    const onDomain = await page(`${domain}`);
    const onSlug = await page(siteHost);
    expect(onDomain.statusCode).toBe(200);
    expect(onDomain.body).toBe(onSlug.body);
    expect(String(onDomain.headers['set-cookie'] ?? '')).not.toContain(siteHost.split(':')[0]);
    // The app's backend answers on its domain as on its slug address, to its own origin only.
    const visit = (host: string, origin: string) =>
      t.app.inject({
        method: 'POST',
        url: '/_sprout/v1/analytics/visit',
        headers: { host, origin, 'content-type': 'application/json' },
        payload: JSON.stringify({ type: 'pageview', path: '/' }),
      });
    expect((await visit(domain, `http://${domain}`)).statusCode).toBe(204);
    expect((await visit(domain, `http://${siteHost}`)).statusCode).toBe(403);
    const backend = (host: string) => t.app.inject({ url: '/_sprout/v1/collections/notes', headers: { host, origin: `http://${host}` } });
    const [fromDomain, fromSlug] = [await backend(domain), await backend(siteHost)];
    expect(fromDomain.statusCode).toBe(fromSlug.statusCode);
    expect(fromDomain.body).not.toContain('There is no app backend at this address.');

    // The domain may have served another app before: its visitors' browsers clear that storage once (a cookie says it was done).
    expect(onDomain.headers['clear-site-data']).toBe('"storage"');
    const marker = String([onDomain.headers['set-cookie']].flat().find((c) => String(c).startsWith('sprout_site='))).split(';')[0]!;
    expect(marker).toBe(`sprout_site=${sproutId}`);
    expect((await t.app.inject({ url: '/', headers: { host: domain, cookie: marker } })).headers['clear-site-data']).toBeUndefined();

    const list = await t.api('GET', base(), { token: owner.idToken });
    expect(list.json().domains.map((x: { domain: string }) => x.domain)).toEqual([domain]);

    expect((await t.api('DELETE', `${base()}/${domain}`, { token: owner.idToken })).statusCode).toBe(204);
    expect((await page(domain)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/v1/hosting/tls-ask?domain=${domain}` })).statusCode).toBe(404);
    expect((await t.api('DELETE', `${base()}/${domain}`, { token: owner.idToken })).statusCode).toBe(404);
  });

  it('a primary domain gets the slug address’s pages (301), while files and the backend answer on both', async () => {
    const domain = 'www.primary-example.com';
    const d = (await t.api('POST', base(), { token: owner.idToken, body: { domain } })).json();
    const early = await t.api('PATCH', `${base()}/${domain}`, { token: owner.idToken, body: { primary: true } });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('domain_not_verified');
    createRecords(d.records);
    await t.api('POST', `${base()}/${domain}/verify`, { token: owner.idToken });
    const made = await t.api('PATCH', `${base()}/${domain}`, { token: owner.idToken, body: { primary: true } });
    expect(made.json()).toMatchObject({ primary: true, status: 'verified' });

    const moved = await page(siteHost, '/menu?x=1');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`http://${domain}/menu?x=1`);
    expect((await page(siteHost, '/favicon.ico')).statusCode).not.toBe(301);
    const onDomain = await page(domain, '/menu');
    expect(onDomain.statusCode).toBe(200);
    // Search engines are told to keep the primary domain: the canonical link and the sitemap name it.
    expect(onDomain.body).toContain(`<link rel="canonical" href="http://${domain}/menu"`);
    expect((await page(domain, '/sitemap.xml')).body).toContain(`<loc>http://${domain}/</loc>`);
    const visit = await t.app.inject({
      method: 'POST',
      url: '/_sprout/v1/analytics/visit',
      headers: { host: siteHost, origin: `http://${siteHost}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ type: 'pageview', path: '/' }),
    });
    expect(visit.statusCode).toBe(204);

    // The records vanish: the daily check unverifies it (the reason kept), and the slug address serves pages again.
    dns.remove(`_sprout.${domain}`);
    expect(await runDueDomainChecks({ db: t.db.db, config: t.app.services.config, log: t.app.log }, new Date(Date.now() + 25 * 3600_000))).toBeGreaterThan(0);
    const after = (await t.api('GET', base(), { token: owner.idToken })).json().domains.find((x: { domain: string }) => x.domain === domain);
    expect(after).toMatchObject({ status: 'pending', lastError: `No TXT record _sprout.${domain} was found.` });
    expect((await page(siteHost, '/menu')).statusCode).toBe(200);
    expect((await page(domain)).statusCode).toBe(404);
    await t.api('DELETE', `${base()}/${domain}`, { token: owner.idToken });
  });

  it('refuses bad names, unpublished apps, the free plan (paywall), strangers, and a domain another app verified', async () => {
    const bad = await t.api('POST', base(), { token: owner.idToken, body: { domain: `evil.${siteHost.split(':')[0]}` } });
    expect(bad.statusCode).toBe(422);
    // (sites.localhost is also a private name; the rules' own tests cover each reason.)
    expect(bad.json().code).toBe('invalid_domain');
    expect((await t.api('POST', base(), { token: owner.idToken, body: { domain: 'https://shop.example.com/x' } })).json().message).toContain('without http://');
    expect((await t.api('POST', base(), { token: owner.idToken, body: { domain: ['x'] } })).statusCode).toBe(400);
    expect((await t.api('POST', base(), { token: owner.idToken, body: { domain: 'x'.repeat(5000) } })).statusCode).toBe(400);

    const stranger = await t.register();
    for (const [method, url] of [
      ['GET', base()],
      ['POST', base()],
      ['POST', `${base()}/a.example.com/verify`],
      ['PATCH', `${base()}/a.example.com`],
      ['DELETE', `${base()}/a.example.com`],
    ] as const) {
      const res = await t.api(method, url, {
        token: stranger.idToken,
        body: method === 'PATCH' ? { primary: true } : method === 'POST' ? { domain: 'a.example.com' } : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await t.api('GET', base())).statusCode).toBe(401);

    // A free account has no custom domains: the paywall.
    const theirs = (await t.api('POST', '/v1/sprouts', { token: stranger.idToken, body: { displayName: 'Free' } })).json().id;
    const unpublished = await t.api('POST', `/build/v1/sprouts/${theirs}/domains`, { token: stranger.idToken, body: { domain: 'free.example.com' } });
    expect(unpublished.json().code).toBe('not_published');
    await t.api('POST', `/build/v1/sprouts/${theirs}/publish`, { token: stranger.idToken });
    const paywalled = await t.api('POST', `/build/v1/sprouts/${theirs}/domains`, { token: stranger.idToken, body: { domain: 'free.example.com' } });
    expect(paywalled.statusCode).toBe(402);
    expect(paywalled.json()).toMatchObject({
      code: 'custom_domain_limit_reached',
      paywall: { source: 'custom_domain_limit_reached', destination: 'upgradeDomains' },
    });

    // Verified by this owner's app: another app (another staff project) cannot claim or prove it.
    const domain = 'claimed.example.com';
    const d = (await t.api('POST', base(), { token: owner.idToken, body: { domain } })).json();
    const other = (await t.api('POST', '/v1/sprouts', { token: owner.idToken, body: { displayName: 'Second' } })).json().id;
    await t.api('POST', `/build/v1/sprouts/${other}/publish`, { token: owner.idToken });
    const second = await t.api('POST', `/build/v1/sprouts/${other}/domains`, { token: owner.idToken, body: { domain } });
    expect(second.statusCode).toBe(200);
    createRecords(d.records);
    expect((await t.api('POST', `${base()}/${domain}/verify`, { token: owner.idToken })).json().status).toBe('verified');
    // Its own token is not there: still pending, with the reason.
    const notProven = await t.api('POST', `/build/v1/sprouts/${other}/domains/${domain}/verify`, { token: owner.idToken });
    expect(notProven.json()).toMatchObject({ status: 'pending', lastError: expect.stringContaining('does not contain') });
    // Both tokens there (the domain's owner let both try): the app verified first keeps it.
    dns.set(`_sprout.${domain}`, { TXT: [d.records[1].value, second.json().records[1].value] });
    const proven = await t.api('POST', `/build/v1/sprouts/${other}/domains/${domain}/verify`, { token: owner.idToken });
    expect(proven.statusCode).toBe(409);
    expect(proven.json().message).toBe('This domain is connected to another app.');
    const again = await t.api('POST', `/build/v1/sprouts/${other}/domains`, { token: owner.idToken, body: { domain: 'other.example.com' } });
    expect(again.statusCode).toBe(200);
    const claim = await t.api('POST', `/build/v1/sprouts/${other}/domains`, { token: owner.idToken, body: { domain: 'CLAIMED.example.com' } });
    // Already claimed by this app before it was verified elsewhere: kept as it is, pending.
    expect(claim.json().status).toBe('pending');
  });

  it('the TLS ask answers 404 for anything but a verified domain, and never writes', async () => {
    for (const q of ['', '?domain=', '?domain=localhost', `?domain=${siteHost}`, '?domain=127.0.0.1', '?domain=nope.example.com', `?domain=${'a'.repeat(299)}`])
      expect((await t.app.inject({ url: `/v1/hosting/tls-ask${q}` })).statusCode, q).toBe(404);
    expect((await t.app.inject({ url: `/v1/hosting/tls-ask?domain=${'a'.repeat(400)}` })).statusCode).toBe(400);
  });
});
