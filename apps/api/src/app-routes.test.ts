import { beforeAll, describe, expect, it } from 'vitest';
import { BASE_PREFIX, COMMON_ERRORS, ENDPOINTS, SIGNED_IN_ERRORS, statusesOf, type ErrorCode } from '@sprout/core/contract';
import { ONLY_UNDER_V1, OUTSIDE_CONTRACT, outsideContract } from './outside-contract';
import { useTestApp } from './testing';

// The app's route table against the route contract: every endpoint is served where the web client
// calls it, and nothing is served that is neither an endpoint nor on the written list of exceptions.

const t = useTestApp();
const endpoints = Object.values(ENDPOINTS);

/** Every address an endpoint is served at: its base's prefix, and the `/v1/preview` variant of an `api` endpoint. */
function addressesOf(e: (typeof endpoints)[number]): string[] {
  const at = [BASE_PREFIX[e.base] + e.path];
  if (e.base === 'api' && !ONLY_UNDER_V1.includes(e.name)) at.push(`/v1/preview${e.path}`);
  return at;
}

const key = (method: string, url: string) => `${method} ${url}`;

describe('the routes the app serves', () => {
  let served: Map<string, { auth: string }>;
  beforeAll(() => {
    served = new Map(t.app.routeTable.map((r) => [key(r.method, r.url), r]));
  });

  it('include every endpoint of the contract, at each of its addresses', () => {
    const missing = endpoints.flatMap((e) => addressesOf(e).map((url) => key(e.method, url))).filter((k) => !served.has(k));
    expect(missing).toEqual([]);
  });

  it('are each an endpoint of the contract or an exception written down with its reason, and nothing else', () => {
    const contract = new Set(endpoints.flatMap((e) => addressesOf(e).map((url) => key(e.method, url))));
    const unexplained = t.app.routeTable
      // Fastify answers HEAD for every GET by itself.
      .filter((r) => !(r.method === 'HEAD' && served.has(key('GET', r.url))))
      .filter((r) => !contract.has(key(r.method, r.url)) && !outsideContract(r.method, r.url))
      .map((r) => key(r.method, r.url));
    expect(unexplained).toEqual([]);
  });

  it('serve no endpoint twice, and the one-address endpoints only under /v1', () => {
    const keys = t.app.routeTable.map((r) => key(r.method, r.url));
    expect(keys.length).toBe(new Set(keys).size);
    for (const name of ONLY_UNDER_V1) expect(served.has(key(ENDPOINTS[name].method, `/v1/preview${ENDPOINTS[name].path}`)), name).toBe(false);
  });

  it('list as exceptions only routes the app serves, each with its reason', () => {
    for (const r of OUTSIDE_CONTRACT) {
      expect(r.why.length, JSON.stringify(r)).toBeGreaterThan(20);
      const matched = t.app.routeTable.some((s) => ('under' in r ? s.url.startsWith(r.under) : s.method === r.method && s.url === r.url));
      expect(matched, JSON.stringify(r)).toBe(true);
    }
  });

  it('keep the API host to the contract: nothing outside it under /v1, /build/v1 or /usage but the OpenAPI document', () => {
    const underApi = t.app.routeTable.filter((r) => /^\/(v1|build\/v1|usage)(\/|$)/.test(r.url) && r.method !== 'HEAD');
    const outside = underApi.filter((r) => outsideContract(r.method, r.url)).map((r) => key(r.method, r.url));
    expect(outside).toEqual(['GET /v1/openapi.json']);
  });
});

describe('the OpenAPI document', () => {
  let doc: { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
  beforeAll(async () => {
    doc = (await t.api('GET', '/v1/openapi.json')).json();
  });

  it('lists each endpoint at each address with its success status and the status of every error it may answer', () => {
    for (const e of endpoints) {
      for (const url of addressesOf(e)) {
        const route = t.app.routeTable.find((r) => r.method === e.method && r.url === url);
        const signedIn = route?.auth !== 'public';
        const codes: ErrorCode[] = [...COMMON_ERRORS, ...(signedIn ? SIGNED_IN_ERRORS : []), ...e.errors];
        const expected = new Set([e.reply.status, ...codes.flatMap((c) => statusesOf(c))].map(String));
        const operation = doc.paths[url.replace(/:(\w+)/g, '{$1}')]?.[e.method.toLowerCase()];
        expect(operation, `${e.method} ${url}`).toBeDefined();
        expect(new Set(Object.keys(operation!.responses)), `${e.method} ${url}`).toEqual(expected);
      }
    }
  });
});
