import { describe, expect, it } from 'vitest';
import nextConfig from '../next.config';
import { directiveOf, newNonce, pagePolicy, STATIC_CSP } from './csp';

const input = { nonce: 'bm9uY2U=', apiUrl: 'http://localhost:3001', usageUrl: 'http://localhost:3001/v1', previewDomain: 'preview.localhost:3001' };

describe("the pages' Content-Security-Policy", () => {
  it('runs only Sprout’s own script files and inline scripts with this response’s nonce: no other inline script, no eval', () => {
    const policy = pagePolicy(input);
    const scripts = directiveOf(policy, 'script-src');
    expect(scripts).toEqual(["'self'", "'nonce-bm9uY2U='"]);
    for (const loose of ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", "'strict-dynamic'", '*', 'data:', 'blob:', 'http:', 'https:']) {
      expect(scripts).not.toContain(loose);
    }
    // No default-src: script-src is the only thing that decides about scripts.
    expect(directiveOf(policy, 'default-src')).toBeNull();
    // next dev needs eval (React's debugging) and a websocket (reloads); a production server never.
    const dev = pagePolicy({ ...input, development: true });
    expect(directiveOf(dev, 'script-src')).toContain("'unsafe-eval'");
    expect(directiveOf(dev, 'script-src')).not.toContain("'unsafe-inline'");
  });

  it('frames only the previews, and talks to itself, the API, the usage host and the previews', () => {
    const policy = pagePolicy(input);
    expect(directiveOf(policy, 'frame-src')).toEqual(['http://*.preview.localhost:3001']);
    expect(directiveOf(policy, 'connect-src')).toEqual(["'self'", 'http://localhost:3001', 'http://*.preview.localhost:3001']);
    const production = pagePolicy({ ...input, apiUrl: 'https://api.sprout.dev', usageUrl: 'https://usage.sprout.dev/v1', previewDomain: 'sprout-preview.app' });
    expect(directiveOf(production, 'frame-src')).toEqual(['https://*.sprout-preview.app']);
    expect(directiveOf(production, 'connect-src')).toEqual(["'self'", 'https://api.sprout.dev', 'https://usage.sprout.dev', 'https://*.sprout-preview.app']);
  });

  it('keeps what every response carries, which next.config.ts sends for the routes', async () => {
    const policy = pagePolicy(input);
    for (const part of STATIC_CSP.split(';')) {
      const [name, ...sources] = part.trim().split(/\s+/);
      expect(directiveOf(policy, name!)).toEqual(sources);
    }
    const rules = await nextConfig.headers!();
    const sent = rules.flatMap((r) => r.headers).find((h) => h.key === 'Content-Security-Policy');
    expect(sent?.value).toBe(STATIC_CSP);
  });

  it('uses a new unguessable nonce each time', () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    for (const n of nonces) expect(atob(n)).toHaveLength(16);
  });
});
