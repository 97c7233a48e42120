import { describe, expect, it } from 'vitest';
import { TrustedSessions } from './trusted-sessions';

describe('TrustedSessions', () => {
  it('trusts a verified session for its own project for 5 s, and keeps apart in each register', () => {
    const trust = new TrustedSessions();
    trust.trust('p1', 'sprout_preview=a', 0);
    expect(trust.isTrusted('p1', 'sprout_preview=a', 4_999)).toBe(true);
    expect(trust.isTrusted('p1', 'sprout_preview=a', 5_000)).toBe(false);
    expect(trust.isTrusted('p2', 'sprout_preview=a', 1)).toBe(false);
    expect(trust.isTrusted('p1', 'sprout_preview=b', 1)).toBe(false);
    expect(new TrustedSessions().isTrusted('p1', 'sprout_preview=a', 1)).toBe(false);
  });

  it('remembers no missing or oversized cookie', () => {
    const trust = new TrustedSessions();
    trust.trust('p1', undefined, 0);
    const huge = `x=${'a'.repeat(8192)}`;
    trust.trust('p1', huge, 0);
    expect(trust.isTrusted('p1', huge, 1)).toBe(false);
  });
});
