// Caddy's on-demand TLS in front of the API, for real: Caddy (Debian's package) asks the API's
// tls-ask endpoint before it issues a certificate from its internal CA for a name, then proxies to
// the API, which serves the app of the verified domain. A DNS server in the test answers the checks.
import { existsSync } from 'node:fs';
import https from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CADDY, type RunningCaddy, startCaddy, TestDnsServer } from '@sprout/testkit';
import { type Session, useTestApp } from '../testing';

/** Caddy ends the handshake with an alert when it has no certificate to offer (never a refused connection). */
const TLS_REFUSED = /alert|ssl|tls/i;
const dns = await TestDnsServer.start();
const STAFF = `caddy-staff-${Date.now()}@example.com`;
const t = useTestApp(() => ({ DNS_RESOLVER: dns.address, STAFF_EMAILS: STAFF }));

let caddy: RunningCaddy | undefined;
let httpsPort: number;
let rootCa: Buffer;
let owner: Session;
let sproutId: string;
let slugPage: string;

/** An HTTPS GET to Caddy on 127.0.0.1 as a browser of `domain` would make it (SNI and Host), trusting Caddy's own root only. */
function get(domain: string, pathname = '/'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      { host: '127.0.0.1', port: httpsPort, path: pathname, servername: domain, headers: { host: domain }, ca: rootCa, agent: false },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          body += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function verifiedDomain(domain: string): Promise<void> {
  const added = (await t.api('POST', `/build/v1/sprouts/${sproutId}/domains`, { token: owner.idToken, body: { domain } })).json();
  for (const r of added.records) dns.set(r.name, r.type === 'TXT' ? { TXT: [r.value] } : { CNAME: r.value });
  const verified = await t.api('POST', `/build/v1/sprouts/${sproutId}/domains/${domain}/verify`, { token: owner.idToken });
  expect(verified.json().status, verified.body).toBe('verified');
}

beforeAll(async () => {
  expect(existsSync(CADDY), 'Caddy is installed (apt-get install -y caddy; .ci/run does it)').toBe(true);
  const api = new URL(await t.listen());
  owner = await t.register({ email: STAFF });
  sproutId = (await t.api('POST', '/v1/sprouts', { token: owner.idToken, body: { displayName: 'Behind Caddy' } })).json().id;
  const published = (await t.api('POST', `/build/v1/sprouts/${sproutId}/publish`, { token: owner.idToken })).json();
  slugPage = (await t.app.inject({ url: '/', headers: { host: new URL(published.publicUrl).host } })).body;

  caddy = await startCaddy({ upstream: api.host, askUrl: `http://${api.host}/v1/hosting/tls-ask` });
  httpsPort = caddy.httpsPort;
  rootCa = caddy.rootCa;
}, 120_000);

afterAll(async () => {
  await caddy?.stop();
  await dns.close();
});

describe('custom domains behind Caddy’s on-demand TLS', () => {
  it('a verified domain gets a certificate and the app’s page; an unverified one no certificate', async () => {
    await verifiedDomain('tls.example.com');
    const res = await get('tls.example.com');
    expect(res.status).toBe(200);
    expect(res.body).toBe(slugPage);

    // Claimed but never proven: Caddy asks, the API says no, the handshake fails.
    await t.api('POST', `/build/v1/sprouts/${sproutId}/domains`, { token: owner.idToken, body: { domain: 'unproven.example.com' } });
    await expect(get('unproven.example.com')).rejects.toThrow(TLS_REFUSED);
    await expect(get('never-added.example.com')).rejects.toThrow(TLS_REFUSED);
  });

  it('removing a domain stops serving at once, and no certificate is issued for it afterwards', async () => {
    expect((await t.api('DELETE', `/build/v1/sprouts/${sproutId}/domains/tls.example.com`, { token: owner.idToken })).statusCode).toBe(204);
    // Caddy keeps the certificate it has, but the API no longer serves the app there.
    const after = await get('tls.example.com');
    expect(after.status).toBe(404);
    expect(after.body).toContain('There is no app at this address.');

    await verifiedDomain('gone.example.com');
    await t.api('DELETE', `/build/v1/sprouts/${sproutId}/domains/gone.example.com`, { token: owner.idToken });
    await expect(get('gone.example.com')).rejects.toThrow(TLS_REFUSED);
  });
});
