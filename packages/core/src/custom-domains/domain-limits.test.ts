import { describe, expect, it } from 'vitest';
import { canAddCustomDomain, customDomainLimit } from './domain-limits';

describe('custom domains by plan', () => {
  it('Free has none, paid plans a few, staff no limit; an unknown tier is Free', () => {
    expect(customDomainLimit('free')).toBe(0);
    expect(customDomainLimit('tier-1')).toBe(3);
    expect(customDomainLimit('sprout-tier-internal-staff')).toBeNull();
    expect(customDomainLimit('toString')).toBe(0);
    expect(canAddCustomDomain('free', 0)).toBe(false);
    expect(canAddCustomDomain('tier-1', 2)).toBe(true);
    expect(canAddCustomDomain('tier-1', 3)).toBe(false);
    expect(canAddCustomDomain('tier-1', Number.NaN)).toBe(false);
    expect(canAddCustomDomain('sprout-tier-internal-staff', 10_000)).toBe(true);
  });
});
