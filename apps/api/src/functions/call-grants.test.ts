import { describe, expect, it } from 'vitest';
import { CallGrants } from './call-grants';

const grant = { name: 'save-order', scope: { sproutId: 's1', dataset: 'test' as const }, ownerId: 'u1', tier: 'free', origin: 'http://x', versionId: 'v1' };

describe('call grants', () => {
  it('opens what this key signed until it expires', () => {
    const grants = new CallGrants(null);
    const token = grants.sign(grant, 10_000, 1_000);
    expect(grants.open(token, 5_000)).toEqual(grant);
    expect(grants.open(token, 11_000)).toBeNull();
  });

  it('is opened by any instance sharing the secret, and by nobody else', () => {
    const secret = 'x'.repeat(40);
    const token = new CallGrants(secret).sign(grant, 10_000);
    expect(new CallGrants(secret).open(token)).toEqual(grant);
    expect(new CallGrants('y'.repeat(40)).open(token)).toBeNull();
    expect(new CallGrants(null).open(token)).toBeNull();
  });

  it('refuses an altered grant, a bare payload and junk', () => {
    const grants = new CallGrants(null);
    const [payload, mac] = grants.sign(grant, 10_000).split('.');
    const widened = Buffer.from(JSON.stringify({ ...grant, scope: { sproutId: 'other', dataset: 'live' }, exp: Date.now() + 10_000 })).toString('base64url');
    expect(grants.open(`${widened}.${mac}`)).toBeNull();
    expect(grants.open(payload!)).toBeNull();
    expect(grants.open(`${payload}.${mac}.x`)).toBeNull();
    expect(grants.open('')).toBeNull();
  });
});
