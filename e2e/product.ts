import { inject } from 'vitest';
import type { Sprout } from '@sprout/core/contract';
import { migratedDataDir } from '@sprout/db/testing';
import { ApiClient, startProduct, type RunningProduct, type TestAccount } from '@sprout/testkit';
import { useFixture } from '@sprout/testkit/vitest';

// The browser suite's product over HTTP: the test kit bound to the suite's shared product
// (e2e/global-setup.ts, one per worker), or to a test file's own. Browser-only helpers are in ./browser.
export { uniqueEmail, type TestAccount } from '@sprout/testkit';

/** A product of the test file's own (other settings than the suite's): started before its tests, stopped after them. */
export const useProduct = (env: Record<string, string> | (() => Record<string, string>)): RunningProduct =>
  useFixture(
    'the product',
    async () => startProduct(typeof env === 'function' ? env() : env, { dataFrom: await migratedDataDir() }),
    (p) => p.stop(),
  );

/**
 * The suite's product this file runs on: global-setup.ts starts one per worker, and the files a
 * worker runs (one at a time) share it, so two files running at once never share one.
 */
function sharedProduct(): { webUrl: string; apiUrl: string } {
  const products = inject('products');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return products[(worker - 1) % products.length]!;
}

/** The outside service every shared product lets apps' functions call (global-setup.ts). */
export const outsideUrl = () => inject('outsideUrl');

/** Sets a name's records on the DNS server the shared products' domain checks ask (global-setup.ts). */
export async function setDnsRecords(name: string, zone: { TXT?: string[]; CNAME?: string; A?: string[] }): Promise<void> {
  const res = await fetch(`${inject('dnsUrl')}/${encodeURIComponent(name)}`, { method: 'PUT', body: JSON.stringify(zone) });
  if (res.status !== 204) throw new Error(`the test DNS server refused ${name}: ${res.status}`);
}
export const webUrl = () => sharedProduct().webUrl;
export const apiUrl = () => sharedProduct().apiUrl;
export const api = () => new ApiClient(apiUrl());

/** Registers through the real API (fast path for tests that are not about registration). */
export function registerViaApi(tag = 'user', email?: string): Promise<TestAccount> {
  return api().register({ tag, email, displayName: `E2E ${tag}` });
}

export async function apiCall<T>(method: string, path: string, token: string, body?: unknown): Promise<{ status: number; json: T }> {
  return api().call<T>(method, path, { token, body });
}

/** A fresh ID token (and its roles/tier claims) after a server-side change to the account. */
export const refreshAccount = (account: TestAccount): Promise<TestAccount> => api().refresh(account);

let staff: Promise<TestAccount> | undefined;
/** The suite's internal-staff account (the product is started with STAFF_EMAILS=staff@e2e.test). */
export function staffAccount(): Promise<TestAccount> {
  // Every test file runs in its own module graph: the second one finds the account registered.
  staff ??= registerViaApi('staff', 'staff@e2e.test').catch((err: Error) =>
    err.message.startsWith('register failed: 409') ? api().login('staff@e2e.test') : Promise.reject(err),
  );
  return staff;
}

/** A project as its owner's API answers for it now (the status tells a deleted one). */
export const getSprout = (account: TestAccount, id: string) => apiCall<Sprout>('GET', `/v1/sprouts/${id}`, account.idToken);

/** Creates projects through the real API (one after another, so their order is well defined). */
export async function createSproutsViaApi(account: TestAccount, names: string[]): Promise<Sprout[]> {
  const out: Sprout[] = [];
  for (const displayName of names) out.push(await api().createSprout(account.idToken, { displayName }));
  return out;
}
