import { describe, expect, it } from 'vitest';
import * as table from './route-table';
import { BASE_PREFIX } from './address';
import { ROUTES } from './route-table';

describe('the route table', () => {
  it('names each address once', () => {
    const addresses = Object.values(ROUTES).map((r) => `${r.method} ${BASE_PREFIX[r.base]}${r.path}`);
    expect(new Set(addresses).size).toBe(addresses.length);
  });

  it('writes paths the API can register: a leading slash, no trailing one, parameters as whole segments', () => {
    for (const [name, r] of Object.entries(ROUTES)) {
      expect(r.path, name).toMatch(/^\/(?:[A-Za-z0-9._-]+|:[A-Za-z]+)(?:\/(?:[A-Za-z0-9._-]+|:[A-Za-z]+))*$/);
    }
  });

  it('gathers every route exported on its own, each under the name it is exported as', () => {
    const exported = Object.entries(table).filter(([, v]) => typeof v === 'object' && v !== null && 'path' in v && 'method' in v);
    expect(Object.keys(ROUTES).sort()).toEqual(exported.map(([name]) => name).sort());
    for (const [name, route] of exported) expect(ROUTES[name as keyof typeof ROUTES], name).toBe(route);
  });
});
