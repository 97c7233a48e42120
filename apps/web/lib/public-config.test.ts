import { describe, expect, it } from 'vitest';
import { toPublicConfig } from './public-config';

describe('toPublicConfig', () => {
  it('copies the public settings and nothing else of the server config', () => {
    const server = {
      webUrl: 'http://localhost:3000',
      apiUrl: 'http://localhost:3001',
      usageUrl: 'http://localhost:3001/v1',
      supportEmail: 'help@sprout.test',
      appStoreUrl: 'a',
      playStoreUrl: 'p',
      docsUrl: 'd',
      blogUrl: 'b',
      loginEndpoint: '/api/login',
      logoutEndpoint: '/api/logout',
      sessionSecrets: ['secret'],
      stripeSecretKey: 'sk_test',
    };
    const config = toPublicConfig(server);
    expect(Object.keys(config).sort()).toEqual(
      [
        'apiUrl',
        'appStoreUrl',
        'blogUrl',
        'docsUrl',
        'loginEndpoint',
        'logoutEndpoint',
        'playStoreUrl',
        'redirectHosts',
        'supportEmail',
        'usageUrl',
        'webUrl',
      ].sort(),
    );
    expect(config.webUrl).toBe('http://localhost:3000');
    expect(JSON.stringify(config)).not.toContain('secret');
    expect(JSON.stringify(config)).not.toContain('sk_test');
  });
});
