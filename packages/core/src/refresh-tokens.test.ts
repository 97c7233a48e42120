import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deriveRefreshToken } from './refresh-tokens';

describe('deriveRefreshToken', () => {
  it('is HMAC-SHA256 keyed by the presented token, base64url', async () => {
    const expected = createHmac('sha256', 'presented-token').update('proposal').digest('base64url');
    expect(await deriveRefreshToken('presented-token', 'proposal')).toBe(expected);
  });

  it('gives different tokens for the same proposal under different presented tokens', async () => {
    const weak = 'a'.repeat(43);
    const one = await deriveRefreshToken('first-secret', weak);
    const two = await deriveRefreshToken('second-secret', weak);
    expect(one).not.toBe(two);
    expect(one).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(one).not.toContain(weak.slice(0, 8));
  });
});
