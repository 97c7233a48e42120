import { describe, expect, it } from 'vitest';
import { deriveRefreshToken } from './refresh-tokens';

describe('deriveRefreshToken', () => {
  it('is HMAC-SHA256 keyed by the presented token, base64url', async () => {
    // Computed once with node:crypto's createHmac (core may not import it).
    expect(await deriveRefreshToken('presented-token', 'proposal')).toBe('H4RTn8MItaht07HirgY_Rw6bWKazIqiRHd3rOtVTo1U');
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
