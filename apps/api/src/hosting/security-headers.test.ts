import { describe, expect, it } from 'vitest';
import { appSecurityHeaders } from './security-headers';

describe('appSecurityHeaders', () => {
  it('allows only the app’s own scripts plus the given inline hashes, and framing by the web app only', () => {
    const h = appSecurityHeaders({ webOrigin: 'http://localhost:3000', scriptHashes: ["'sha256-abc'"], kind: 'preview' });
    const csp = h['content-security-policy']!;
    expect(csp).toContain("script-src 'self' 'sha256-abc';");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toMatch(/frame-ancestors http:\/\/localhost:3000$/);
    expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*(https:|\*)/);
    expect(h).toMatchObject({ 'x-content-type-options': 'nosniff', 'cross-origin-resource-policy': 'same-origin', 'referrer-policy': 'no-referrer' });
  });

  it('gives published apps no inline scripts', () => {
    const h = appSecurityHeaders({ webOrigin: 'https://sprout.dev', kind: 'site' });
    expect(h['content-security-policy']).toContain("script-src 'self';");
    expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});
