import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { migratedDataDir } from '@sprout/db/testing';
import { ApiClient, startProduct, TestDnsServer, type DnsZone, type RunningProduct } from '@sprout/testkit';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One product per worker, in worker order (VITEST_POOL_ID 1 uses the first). */
    products: { webUrl: string; apiUrl: string }[];
    /** An outside service apps' functions may call (allow-listed on every product): see startOutsideService. */
    outsideUrl: string;
    /** The test DNS server every shared product's domain checks ask (DNS_RESOLVER): `PUT {dnsUrl}/{name}` sets a name's records. */
    dnsUrl: string;
  }
}

/**
 * A stand-in for a third-party API an app's function calls with a key (a payment provider, a quote
 * service): `GET /quote` answers a quote to a request carrying an `x-api-key`; `GET /seen` lists
 * the keys it was sent, for a test to see that the key travelled server to server only. On loopback,
 * which functions may reach only because every product allow-lists it (FUNCTIONS_ALLOW_HOSTS).
 */
async function startOutsideService(): Promise<{ url: string; host: string; stop: () => Promise<void> }> {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/seen') return res.end(JSON.stringify(seen));
    const key = req.headers['x-api-key'];
    if (typeof key !== 'string' || !key) return res.writeHead(401).end(JSON.stringify({ error: 'no key' }));
    seen.push(key);
    res.end(JSON.stringify({ quote: 'Simplicity is prerequisite for reliability.' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: `http://${host}`, host, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * The DNS server the products' custom-domain checks ask, set by the tests over HTTP (they run in
 * other processes): `PUT /{name}` with the name's records as JSON (`{ TXT: [..], CNAME }`), `DELETE /{name}`.
 */
async function startTestDns(): Promise<{ url: string; resolver: string; stop: () => Promise<void> }> {
  const dns = await TestDnsServer.start();
  const server = http.createServer((req, res) => {
    const name = decodeURIComponent((req.url ?? '/').slice(1));
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (req.method === 'DELETE') dns.remove(name);
      else if (req.method === 'PUT') dns.set(name, JSON.parse(body) as DnsZone);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, resolver: dns.address, stop: async () => void (await Promise.all([dns.close(), new Promise((resolve) => server.close(resolve))])) };
}

/**
 * One product for each worker of the browser suite (starting Next and the API costs seconds): a
 * worker's files run one after another on its own product and database, so what a file changes for
 * everyone is never seen by a file running beside it on the other worker. What files share on one
 * product, and why that is safe in any order:
 * - a plan's feature flags: operators.e2e.test.ts turns one on and back off in a `finally`;
 * - the analytics dashboard's totals: operators.e2e.test.ts seeds a week two months back, which no
 *   other file writes to (the others send today's events);
 * - telemetry counts: telemetry.e2e.test.ts runs on a product of its own, as do the files that need
 *   other settings (`useProduct`);
 * - the staff account (staff@e2e.test): the first file registers it, later ones sign in;
 * - the install's first account, whose first run gets the one-time setup text: the suite's own.
 */
export default async function setup(project: TestProject) {
  // The workers Vitest runs the suite's files on: the project's own setting, else the run's.
  const workers = project.config.maxWorkers || project.globalConfig.maxWorkers || 1;
  const outside = await startOutsideService();
  const dns = await startTestDns();
  const started = await Promise.allSettled(
    Array.from({ length: workers }, () =>
      startProductWithOwner({
        FUNCTIONS_ALLOW_HOSTS: outside.host,
        DNS_RESOLVER: dns.resolver,
        // The git remotes and imports of git.e2e.test.ts are a git server the test starts on 127.0.0.1.
        GIT_REMOTE_ALLOW_LOOPBACK: 'on',
      }),
    ),
  );
  const products = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stopAll = async () => {
    await Promise.all(products.map((p: RunningProduct) => p.stop()));
    await outside.stop();
    await dns.stop();
  };
  const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  project.provide(
    'products',
    products.map((p) => ({ webUrl: p.webUrl, apiUrl: p.apiUrl })),
  );
  project.provide('outsideUrl', outside.url);
  project.provide('dnsUrl', dns.url);
  return stopAll;
}

/**
 * A product whose first account (the install's owner, who gets the one-time setup text on their
 * first run) is the suite's own: no test's account is that owner, whichever file a worker runs first.
 */
async function startProductWithOwner(env: Record<string, string>): Promise<RunningProduct> {
  // Its database copied from one migrated once for the machine (made here before both products start).
  const product = await startProduct(env, { dataFrom: await migratedDataDir() });
  try {
    await new ApiClient(product.apiUrl).register({ tag: 'install-owner' });
  } catch (err) {
    await product.stop();
    throw err;
  }
  return product;
}
