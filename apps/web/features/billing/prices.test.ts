import { describe, expect, it } from 'vitest';
import type { PlanPrices } from '@sprout/core/contract';
import { priceLabel } from './prices';

const plan = (tier: 'tier-1' | 'tier-2' | 'tier-3' | 'tier-4', amount: number | null, currency = 'eur') => ({
  tier,
  amount,
  currency,
  interval: 'month' as const,
  intervalCount: 1,
});
const PRICES: PlanPrices = { source: 'config', plans: [plan('tier-1', 900), plan('tier-2', 1950), plan('tier-3', null), plan('tier-4', 7900)] };

describe('priceLabel', () => {
  it('says what a plan costs, Free in the currency of the others', () => {
    expect(priceLabel(PRICES, 'tier-2')).toEqual({ state: 'known', amount: '€19.50', per: '/ month', text: '€19.50 / month', minor: 1950 });
    expect(priceLabel(PRICES, 'free')).toMatchObject({ state: 'known', text: '€0 / month', minor: 0 });
  });

  it('is loading until the prices arrive, unknown when they cannot be had', () => {
    expect(priceLabel(undefined, 'tier-1')).toEqual({ state: 'loading' });
    expect(priceLabel(undefined, 'tier-1', true)).toEqual({ state: 'unknown' });
    expect(priceLabel(PRICES, 'tier-3')).toEqual({ state: 'unknown' });
    expect(priceLabel(PRICES, 'sprout-tier-internal-staff')).toEqual({ state: 'unknown' });
  });
});
