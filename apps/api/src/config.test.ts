import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('app hosting configuration', () => {
  it('defaults previews and published apps to *.localhost on the API port', () => {
    const c = loadConfig({ API_PORT: '4000', DATA_DIR: '/tmp/sprout-data', PREVIEW_DOMAIN: '', SITES_DOMAIN: '', PREVIEW_CACHE_DIR: '' });
    expect(c).toMatchObject({
      previewDomain: 'preview.localhost:4000',
      sitesDomain: 'sites.localhost:4000',
      appProtocol: 'http',
      webOrigin: 'http://localhost:3000',
      previewCacheDir: path.resolve('/tmp/sprout-data/cache'),
    });
  });

  it('takes explicit domains, lower-cased, and https from API_URL', () => {
    const c = loadConfig({
      PREVIEW_DOMAIN: 'Preview.Sprout-Apps.dev',
      SITES_DOMAIN: 'sprout.app',
      API_URL: 'https://api.sprout.dev',
      PREVIEW_CACHE_DIR: '/var/cache/sprout',
    });
    expect(c).toMatchObject({
      previewDomain: 'preview.sprout-apps.dev',
      sitesDomain: 'sprout.app',
      appProtocol: 'https',
      previewCacheDir: '/var/cache/sprout',
    });
  });

  it.each([
    [{ PREVIEW_DOMAIN: 'http://preview.localhost' }, /PREVIEW_DOMAIN: Expected a domain/],
    [{ SITES_DOMAIN: 'sites.localhost/x' }, /SITES_DOMAIN: Expected a domain/],
    [{ PREVIEW_DOMAIN: 'apps.localhost', SITES_DOMAIN: 'apps.localhost' }, /must differ/],
    [{ PREVIEW_DOMAIN: 'localhost:3001' }, /must not be the web app's or the API's own host/],
    [{ SITES_DOMAIN: 'localhost:3000' }, /must not be the web app's or the API's own host/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('.env.example', () => {
  it('is a valid configuration as written (empty values mean defaults)', async () => {
    const { readFileSync } = await import('node:fs');
    const text = readFileSync(new URL('../../../.env.example', import.meta.url), 'utf8');
    const env = Object.fromEntries(
      text
        .split('\n')
        .filter((l) => /^[A-Z_][A-Z0-9_]*=/.test(l))
        .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    );
    expect(Object.keys(env).length).toBeGreaterThan(20);
    const c = loadConfig(env);
    expect(c.port).toBe(3001);
    expect(c.webUrl).toBe('http://localhost:3000');
    expect(c.databaseUrl).toBeUndefined();
  });
});
