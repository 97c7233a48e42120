import { describe, expect, it } from 'vitest';
import { TIER_ALLOWANCES, TIER_IDS, isPremiumTier, isTierId, planLabel, tierAllowance, tierChangeDirection } from './tiers';

describe('tiers', () => {
  it('lists the tiers in order', () => {
    expect(TIER_IDS).toEqual(['free', 'tier-1', 'tier-2', 'tier-3', 'tier-4', 'sprout-tier-internal-staff', 'sprout-tier-external-partner']);
  });

  it('recognises only real tier ids', () => {
    for (const id of TIER_IDS) expect(isTierId(id)).toBe(true);
    for (const x of ['', 'Free', 'tier-5', 'tier-0', ' free', 'toString', '__proto__', null, undefined, 1, ['free'], {}]) {
      expect(isTierId(x)).toBe(false);
    }
  });

  it('gives the message allowance of the premium tiers and null for the others', () => {
    expect(TIER_ALLOWANCES).toEqual({ 'tier-1': 100, 'tier-2': 250, 'tier-3': 500, 'tier-4': 1000 });
    expect(tierAllowance('tier-1')).toBe(100);
    expect(tierAllowance('tier-4')).toBe(1000);
    expect(tierAllowance('free')).toBeNull();
    expect(tierAllowance('sprout-tier-internal-staff')).toBeNull();
    expect(tierAllowance('constructor')).toBeNull();
    expect(tierAllowance('hasOwnProperty')).toBeNull();
  });

  it('knows which tiers are premium', () => {
    expect(['tier-1', 'tier-2', 'tier-3', 'tier-4'].every(isPremiumTier)).toBe(true);
    expect(isPremiumTier('free')).toBe(false);
    expect(isPremiumTier('__proto__')).toBe(false);
  });

  it('labels every plan', () => {
    expect(planLabel('free')).toBe('Free');
    expect(planLabel('tier-1')).toBe('Premium 100');
    expect(planLabel('tier-2')).toBe('Premium 250');
    expect(planLabel('tier-3')).toBe('Premium 500');
    expect(planLabel('tier-4')).toBe('Premium 1000');
    expect(planLabel('sprout-tier-internal-staff')).toBe('Internal Staff');
    expect(planLabel('sprout-tier-external-partner')).toBe('External Partner');
    for (const x of ['', 'FREE', 'tier-5', 'premium', 'toString', '__proto__']) {
      expect(planLabel(x)).toBe('Unknown subscription tier');
    }
  });

  describe('tierChangeDirection', () => {
    it('treats leaving free as an upgrade and going to free as a downgrade', () => {
      for (const to of TIER_IDS.filter((t) => t !== 'free')) {
        expect(tierChangeDirection('free', to)).toBe('upgrade');
        expect(tierChangeDirection(to, 'free')).toBe('downgrade');
      }
      expect(tierChangeDirection('free', 'free')).toBe('equal');
    });

    it('otherwise follows the tier order', () => {
      expect(tierChangeDirection('tier-1', 'tier-2')).toBe('upgrade');
      expect(tierChangeDirection('tier-4', 'tier-1')).toBe('downgrade');
      expect(tierChangeDirection('tier-3', 'tier-3')).toBe('equal');
      expect(tierChangeDirection('tier-4', 'sprout-tier-internal-staff')).toBe('upgrade');
      expect(tierChangeDirection('sprout-tier-external-partner', 'sprout-tier-internal-staff')).toBe('downgrade');
    });

    it('is antisymmetric for every pair', () => {
      for (const a of TIER_IDS) {
        for (const b of TIER_IDS) {
          const there = tierChangeDirection(a, b);
          const back = tierChangeDirection(b, a);
          if (a === b) expect(there).toBe('equal');
          else expect([there, back].sort()).toEqual(['downgrade', 'upgrade']);
        }
      }
    });
  });
});
