import { describe, expect, it } from 'vitest';
import { mayBeCustomDomain, ownHosts } from './own-hosts';

const own = ownHosts({
  sitesDomain: 'sites.example.net',
  previewDomain: 'preview.example.net:8443',
  apiUrl: 'https://api.sprout.dev',
  webUrl: 'https://sprout.dev',
  usageUrl: 'https://api.sprout.dev',
  corsOrigins: ['https://sprout.dev', 'https://admin.sprout.dev'],
  mainSiteHost: undefined,
  productHost: 'app.sprout.dev',
});

describe("Sprout's own hosts", () => {
  it('are listed without ports, once each', () => {
    expect(own.sort()).toEqual(['admin.sprout.dev', 'api.sprout.dev', 'app.sprout.dev', 'preview.example.net', 'sites.example.net', 'sprout.dev']);
  });
  it('are never looked up, nor IPs, single labels or private names; other names are', () => {
    for (const host of [
      undefined,
      '',
      'api.sprout.dev',
      'API.Sprout.dev:443',
      'sprout.dev.',
      'localhost',
      'localhost:3001',
      '127.0.0.1:3001',
      '[::1]:3001',
      'api',
      'api:3001',
      'x.localhost',
      'api.default.svc.cluster.local',
      'db.internal',
      'a b.com',
      `${'a'.repeat(300)}.com`,
    ])
      expect(mayBeCustomDomain(host, own), String(host)).toBeNull();
    expect(mayBeCustomDomain('Shop.Example.com:443', own)).toBe('shop.example.com');
    expect(mayBeCustomDomain('evil.sprout.dev', own)).toBe('evil.sprout.dev');
  });
});
