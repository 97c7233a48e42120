// Custom domains as an attacker would try them: taking a domain another app proved, proving one
// without its TXT record, reaching the API or another app through a Host header Sprout does not
// know, and getting a certificate for a name that is not a verified domain of a published app. A DNS
// server in the test answers as each domain's real DNS would.
import { count, max } from 'drizzle-orm';
import { customDomains } from '@sprout/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, useTestApp } from '@sprout/api/testing';
import { TestDnsServer } from '@sprout/testkit';
import { Tally } from '@sprout/testkit/vitest';

const takeover = new Tally('custom domains: no app takes a domain it did not prove');
const hosts = new Tally('custom domains: Host headers reach only the app a verified domain names');
const ask = new Tally("custom domains: Caddy's ask says yes to verified, published domains only");

const dns = await TestDnsServer.start();
afterAll(() => dns.close());
const OWNER = `victim-${Date.now()}@example.com`;
const ATTACKER = `attacker-${Date.now()}@example.com`;
const t = useTestApp(() => ({ DNS_RESOLVER: dns.address, STAFF_EMAILS: `${OWNER},${ATTACKER}` }));

type Domain = { records: { type: string; name: string; value: string }[] };
let victim: Session;
let attacker: Session;
let victimApp: string;
let attackerApp: string;
let victimHost: string;
const domains = (s: Session, id: string) => ({
  add: (domain: string) => t.api('POST', `/build/v1/sprouts/${id}/domains`, { token: s.idToken, body: { domain } }),
  verify: (domain: string) => t.api('POST', `/build/v1/sprouts/${id}/domains/${domain}/verify`, { token: s.idToken }),
});
const published = async (s: Session, name: string) => {
  const id = (await t.api('POST', '/v1/sprouts', { token: s.idToken, body: { displayName: name } })).json().id;
  const res = await t.api('POST', `/build/v1/sprouts/${id}/publish`, { token: s.idToken });
  return { id, host: new URL(res.json().publicUrl).host };
};
const publishRecords = (d: Domain) => {
  for (const r of d.records) dns.set(r.name, r.type === 'TXT' ? { TXT: [r.value] } : { CNAME: r.value });
};
const page = (host: string, url = '/', headers: Record<string, string> = {}) => t.app.inject({ url, headers: { host, ...headers } });
const asked = async (domain: string) => (await t.app.inject({ url: `/v1/hosting/tls-ask?domain=${encodeURIComponent(domain)}` })).statusCode;

beforeAll(async () => {
  victim = await t.register({ email: OWNER });
  attacker = await t.register({ email: ATTACKER });
  const v = await published(victim, 'Victim shop');
  victimApp = v.id;
  victimHost = v.host;
  attackerApp = (await published(attacker, 'Attacker')).id;
  const d = (await domains(victim, victimApp).add('shop.victim.example')).json();
  publishRecords(d);
  expect((await domains(victim, victimApp).verify('shop.victim.example')).json().status).toBe('verified');
});

describe('custom domains, attacked', () => {
  it('a verified domain cannot be claimed, proven or changed by another account; a pending one cannot be proven without its TXT record', async () => {
    const a = domains(attacker, attackerApp);
    for (const name of ['shop.victim.example', 'SHOP.victim.example.', ' shop.victim.example'])
      takeover.check((await a.add(name)).statusCode === 409, `another account claimed a verified domain as ${JSON.stringify(name)}`);
    for (const [method, url, body] of [
      ['POST', `/build/v1/sprouts/${victimApp}/domains/shop.victim.example/verify`, undefined],
      ['PATCH', `/build/v1/sprouts/${victimApp}/domains/shop.victim.example`, { primary: true }],
      ['DELETE', `/build/v1/sprouts/${victimApp}/domains/shop.victim.example`, undefined],
      ['POST', `/build/v1/sprouts/${victimApp}/domains`, { domain: 'evil.example' }],
      ['GET', `/build/v1/sprouts/${victimApp}/domains`, undefined],
    ] as const) {
      const res = await t.api(method, url, { token: attacker.idToken, body });
      takeover.check(res.statusCode === 404, `another account's ${method} ${url} answered ${res.statusCode}`);
    }

    // A domain the victim added but has not proven yet: the attacker claims it too and points its
    // CNAME at Sprout (they do not control its TXT record, which holds the victim's token).
    const pending = (await domains(victim, victimApp).add('new.victim.example')).json();
    const mine = (await a.add('new.victim.example')).json();
    expect(mine.records[1].value).not.toBe(pending.records[1].value);
    publishRecords(pending);
    const tried = await a.verify('new.victim.example');
    takeover.check(tried.json().status === 'pending', `an app proved a domain with another app's TXT record: ${tried.body}`);
    takeover.check((await domains(victim, victimApp).verify('new.victim.example')).json().status === 'verified', 'the owner could not prove their domain');
    // A TXT record that merely contains the token inside a longer value proves nothing.
    dns.set('_sprout.new.victim.example', { TXT: [`x${mine.records[1].value}x`] });
    takeover.check((await a.verify('new.victim.example')).json().status !== 'verified', 'a token inside a longer TXT value proved the domain');

    // Sprout's own names are no one's to claim.
    for (const name of [victimHost.split(':')[0], `x.${victimHost}`, 'localhost', '127.0.0.1', 'sites.localhost', '*.victim.example'])
      takeover.check((await a.add(name!)).statusCode === 422, `${name} was accepted as a custom domain`);
    takeover.assertClean();
  });

  it('unknown, unverified or tricky Host headers never reach the API or another app', async () => {
    expect((await page('shop.victim.example')).statusCode).toBe(200);
    for (const host of ['shop.victim.example:8443', 'SHOP.VICTIM.EXAMPLE', 'shop.victim.example.'])
      hosts.check((await page(host)).statusCode === 200, `${host} did not serve the verified domain's app`);
    // The API itself, with a valid token, on hosts that are no verified domain: the "no app here" page.
    for (const host of ['unknown.example', 'new2.victim.example', 'evil.shop.victim.example', 'shop.victim.example.evil.example']) {
      const res = await t.app.inject({ url: '/v1/me', headers: { host, authorization: `Bearer ${victim.idToken}` } });
      hosts.check(
        res.statusCode === 404 && res.body.includes('There is no app at this address.') && !res.body.includes(OWNER),
        `${host} reached the API: ${res.statusCode}`,
      );
      hosts.check((await page(host)).statusCode === 404, `${host} served an app`);
    }
    // Another origin cannot use the app's backend on the domain; a forwarded host cannot make the API an app or the reverse.
    const visit = (host: string, origin: string) =>
      t.app.inject({
        method: 'POST',
        url: '/_sprout/v1/analytics/visit',
        headers: { host, origin, 'content-type': 'application/json' },
        payload: JSON.stringify({ type: 'pageview', path: '/' }),
      });
    hosts.check((await visit('shop.victim.example', 'http://evil.example')).statusCode === 403, 'another origin used the backend on a custom domain');
    hosts.check((await visit('shop.victim.example', `http://${victimHost}`)).statusCode === 403, "the slug origin's pages used the domain's backend");
    const forwarded = await t.app.inject({
      url: '/v1/me',
      headers: { host: 'localhost', 'x-forwarded-host': 'shop.victim.example', authorization: `Bearer ${victim.idToken}` },
    });
    hosts.check(forwarded.statusCode === 200, `X-Forwarded-Host turned an API request into an app's: ${forwarded.statusCode}`);
    // Writes on a custom domain are refused as on any app host.
    hosts.check(
      (await t.app.inject({ method: 'POST', url: '/', headers: { host: 'shop.victim.example' } })).statusCode === 405,
      'a POST to a page of the domain was taken',
    );
    hosts.assertClean();
  });

  it("Caddy's ask: yes only for a verified domain of a published app; no for everything else, and it writes nothing", async () => {
    const state = async () => (await t.db.db.select({ n: count(), at: max(customDomains.lastCheckedAt) }).from(customDomains))[0]!;
    const before = await state();
    ask.check((await asked('shop.victim.example')) === 200, 'a verified domain was refused');
    for (const name of [
      'unknown.example',
      victimHost.split(':')[0]!,
      'localhost',
      '127.0.0.1',
      '',
      ' ',
      'a'.repeat(250),
      'shop.victim.example/x',
      '../etc/passwd',
      '<script>',
    ])
      ask.check((await asked(name)) === 404, `the ask said yes to ${JSON.stringify(name)}`);
    const claimed = (await domains(attacker, attackerApp).add('claimed-only.example')).json();
    expect(claimed.status).toBe('pending');
    ask.check((await asked('claimed-only.example')) === 404, 'the ask said yes to a claimed, unproven domain');
    // The one claim above is the only change: the asks wrote nothing.
    const after = await state();
    expect(Number(after.n)).toBe(Number(before.n) + 1);
    expect(after.at?.getTime()).toBe(before.at?.getTime());
    // Unpublished: no certificate and nothing served, at once.
    await t.api('DELETE', `/build/v1/sprouts/${victimApp}/publish`, { token: victim.idToken });
    ask.check((await asked('shop.victim.example')) === 404, "the ask said yes for an unpublished app's domain");
    ask.check((await page('shop.victim.example')).statusCode === 404, "an unpublished app's domain still served it");
    ask.assertClean();
  });
});
