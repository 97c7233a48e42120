import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { installedChromiums } from '@sprout/testkit/browser';
import { ConfigError, EnvSchema, loadConfig, registrableDomain } from './config';

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
      APP_DOMAIN_ISOLATION: 'unchecked',
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
    [{ FUNCTIONS_URL: 'http://functions.internal:3300' }, /FUNCTIONS_TOKEN: A functions runtime of its own/],
    [{ SPROUT_ROLE: 'functions' }, /FUNCTIONS_TOKEN: A functions runtime of its own/],
    [{ SPROUT_ROLE: 'functions', FUNCTIONS_TOKEN: 'short' }, /FUNCTIONS_TOKEN: Use at least 32 characters/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('refuses, in production, app domains that share a registrable domain with the web app or the API', () => {
    const prod = {
      NODE_ENV: 'production',
      WEB_URL: 'https://sprout.dev',
      API_URL: 'https://api.sprout.dev',
      BILLING_TEST_MODE: 'false',
      APP_DOMAIN_ISOLATION: 'unchecked',
    };
    expect(() => loadConfig({ ...prod, PREVIEW_DOMAIN: 'preview.sprout.dev', SITES_DOMAIN: 'sprout-sites.app' })).toThrow(
      /PREVIEW_DOMAIN \(preview.sprout.dev\) shares its registrable domain with https:\/\/sprout.dev/,
    );
    expect(() => loadConfig({ ...prod, PREVIEW_DOMAIN: 'sprout-preview.app', SITES_DOMAIN: 'apps.sprout.dev' })).toThrow(/SITES_DOMAIN/);
    expect(loadConfig({ ...prod, PREVIEW_DOMAIN: 'sprout-preview.app', SITES_DOMAIN: 'sprout-sites.app' }).sitesDomain).toBe('sprout-sites.app');
    // Development keeps *.localhost beside localhost.
    expect(loadConfig({}).previewDomain).toBe('preview.localhost:3001');
  });

  it('refuses an https install whose app domains are not public suffixes, unless told it is a staging install', () => {
    const hosted = { NODE_ENV: 'production', WEB_URL: 'https://sprout.dev', API_URL: 'https://api.sprout.dev', BILLING_TEST_MODE: 'false' };
    expect(() => loadConfig({ ...hosted, PREVIEW_DOMAIN: 'sprout-preview.app', SITES_DOMAIN: 'github.io' })).toThrow(
      /PREVIEW_DOMAIN \(sprout-preview.app\) is not on the Public Suffix List/,
    );
    expect(loadConfig({ ...hosted, PREVIEW_DOMAIN: 'vercel.app', SITES_DOMAIN: 'github.io' }).sitesDomain).toBe('github.io');
    expect(
      loadConfig({ ...hosted, PREVIEW_DOMAIN: 'p.example.com', SITES_DOMAIN: 's.example.com', APP_DOMAIN_ISOLATION: 'unchecked' }).appDomainIsolation,
    ).toBe('unchecked');
  });

  it('tells the registrable domain of a host without the Public Suffix List, for common cases', () => {
    expect(registrableDomain('a.b.sprout.dev')).toBe('sprout.dev');
    expect(registrableDomain('apps.sprout.co.uk')).toBe('sprout.co.uk');
    expect(registrableDomain('sprout.io')).toBe('sprout.io');
    expect(registrableDomain('Preview.Sprout.DEV.')).toBe('sprout.dev');
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

  it('documents every variable the API reads', async () => {
    const { readFileSync } = await import('node:fs');
    const text = readFileSync(new URL('../../../.env.example', import.meta.url), 'utf8');
    const written = new Set([...text.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
    expect(Object.keys(EnvSchema.shape).filter((name) => !written.has(name))).toEqual([]);
  });
});

describe('CHROMIUM_PATH', () => {
  it('is the one given, else the first of Debian’s Chromium builds installed here', () => {
    expect(loadConfig({ CHROMIUM_PATH: '/opt/chromium/chrome' }).renderCheck.chromiumPath).toBe('/opt/chromium/chrome');
    const installed = installedChromiums()[0];
    expect(installed).toBeDefined();
    expect(loadConfig({}).renderCheck.chromiumPath).toBe(installed);
    expect(loadConfig({ CHROMIUM_PATH: '' }).renderCheck.chromiumPath).toBe(installed);
  });
});

describe('TRUST_PROXY', () => {
  it('is off, a hop count (true is one hop) or the proxies’ addresses; never every hop', () => {
    const trust = (v: string) => loadConfig({ TRUST_PROXY: v }).trustProxy;
    expect(trust('false')).toBe(false);
    expect(trust('')).toBe(false);
    expect(trust('true')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.2, 10.1.0.0/16,::1,loopback')).toEqual(['10.0.0.2', '10.1.0.0/16', '::1', 'loopback']);
    for (const bad of ['yes', '0.5', '11', '10.0.0.0/33', 'proxy.example.com', '*'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: use false, a hop count/);
  });
});

describe('FLAG_DEFAULTS', () => {
  it('sets the flags everyone starts with; a model must be one on offer and is kept by its label', () => {
    const models = 'Local=openai-compatible:http://127.0.0.1:9/v1#m';
    expect(loadConfig({}).flagDefaults).toEqual({});
    expect(loadConfig({ FLAG_DEFAULTS: 'enableDiffView=true, showMachineLogs=false' }).flagDefaults).toEqual({ enableDiffView: true, showMachineLogs: false });
    expect(loadConfig({ SPROUT_MODELS: models, FLAG_DEFAULTS: 'aiModelOverride=openai-compatible:http://127.0.0.1:9/v1#m' }).flagDefaults).toEqual({
      aiModelOverride: 'Local',
    });
    expect(() => loadConfig({ FLAG_DEFAULTS: 'enableDiffView=yes' })).toThrow(/FLAG_DEFAULTS: enableDiffView must be true or false/);
    expect(() => loadConfig({ FLAG_DEFAULTS: 'enableDifView=true' })).toThrow(/FLAG_DEFAULTS: "enableDifView" is not a flag/);
    expect(() => loadConfig({ SPROUT_MODELS: models, FLAG_DEFAULTS: 'aiModelOverride=openai:gpt-4.1' })).toThrow(
      /FLAG_DEFAULTS: aiModelOverride: "openai:gpt-4.1" is not one of the models on offer \(offline, Local\)/,
    );
    expect(() => loadConfig({ FLAG_DEFAULTS: 'aiModelOverride=Local' })).toThrow(ConfigError);
  });
});

describe('the database and shared limits', () => {
  it('has a pool of 10, LISTEN on the pool URL and no Redis by default; takes each when given, and refuses wrong ones', () => {
    expect(loadConfig({})).toMatchObject({ databasePoolSize: 10, databaseListenUrl: undefined, redisUrl: undefined });
    const given = loadConfig({
      DATABASE_URL: 'postgres://app@pgbouncer:6432/sprout',
      DATABASE_LISTEN_URL: 'postgres://app@db:5432/sprout',
      DATABASE_POOL_SIZE: '25',
      REDIS_URL: 'redis://cache:6379',
    });
    expect(given).toMatchObject({
      databaseUrl: 'postgres://app@pgbouncer:6432/sprout',
      databaseListenUrl: 'postgres://app@db:5432/sprout',
      databasePoolSize: 25,
      redisUrl: 'redis://cache:6379',
    });
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ REDIS_URL: 'http://cache:6379' })).toThrow(/REDIS_URL/);
  });
});

describe('roles', () => {
  it('does everything by default; takes api, run-worker or check-worker only with a PostgreSQL the processes share', () => {
    expect(loadConfig({})).toMatchObject({ role: 'all', runWorkerConcurrency: 50, shutdownDrainSeconds: 120 });
    const worker = loadConfig({ SPROUT_ROLE: ' Run-Worker ', DATABASE_URL: 'postgres://app@db:5432/sprout', RUN_WORKER_CONCURRENCY: '8' });
    expect(worker).toMatchObject({ role: 'run-worker', runWorkerConcurrency: 8 });
    expect(() => loadConfig({ SPROUT_ROLE: 'api' })).toThrow(
      'SPROUT_ROLE: Roles other than all share a PostgreSQL with the other processes: set DATABASE_URL.',
    );
    expect(loadConfig({ SPROUT_ROLE: 'check-worker', DATABASE_URL: 'postgres://db/sprout' }).role).toBe('check-worker');
    expect(() => loadConfig({ SPROUT_ROLE: 'check-worker' })).toThrow(/SPROUT_ROLE: Roles other than all/);
    expect(() => loadConfig({ SPROUT_ROLE: 'mail-worker', DATABASE_URL: 'postgres://db/sprout' })).toThrow(/SPROUT_ROLE/);
    expect(() => loadConfig({ RUN_WORKER_CONCURRENCY: '0' })).toThrow(/RUN_WORKER_CONCURRENCY/);
  });
});
