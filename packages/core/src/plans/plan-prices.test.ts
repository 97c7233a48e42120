import { describe, expect, it } from 'vitest';
import { currencyDigits, DEFAULT_PLAN_CURRENCY, DEFAULT_PLAN_PRICES, formatMoney, formatPlanPrice, parsePlanPrices, priceOf } from './plan-prices';

describe('parsePlanPrices', () => {
  it('reads every tier in the smallest unit of the currency, monthly', () => {
    const parsed = parsePlanPrices('tier-1=20, tier2=40.5 ,TIER-3=75.99,tier-4=140', 'EUR');
    expect(parsed).toEqual({
      ok: true,
      prices: [
        { tier: 'tier-1', amount: 2000, currency: 'eur', interval: 'month', intervalCount: 1 },
        { tier: 'tier-2', amount: 4050, currency: 'eur', interval: 'month', intervalCount: 1 },
        { tier: 'tier-3', amount: 7599, currency: 'eur', interval: 'month', intervalCount: 1 },
        { tier: 'tier-4', amount: 14000, currency: 'eur', interval: 'month', intervalCount: 1 },
      ],
    });
    const yen = parsePlanPrices('tier-1=2000,tier-2=4000,tier-3=7500,tier-4=14000', 'jpy');
    expect(yen.ok && yen.prices[0]).toMatchObject({ amount: 2000, currency: 'jpy' });
    expect(parsePlanPrices(DEFAULT_PLAN_PRICES, DEFAULT_PLAN_CURRENCY).ok).toBe(true);
  });

  it('refuses what it cannot read, saying what is wrong', () => {
    const bad = (text: string, currency = 'usd') => {
      const r = parsePlanPrices(text, currency);
      return r.ok ? 'accepted' : r.message;
    };
    expect(bad('tier-1=20,tier-2=40,tier-3=75')).toBe('every Premium tier needs a price; missing tier-4.');
    expect(bad('tier-1=20,tier-1=30,tier-3=75,tier-4=1')).toBe('tier-1 is priced twice.');
    expect(bad('tier-5=20')).toBe('"tier-5=20" is not tier-N=amount (tiers tier-1 … tier-4).');
    expect(bad('free=0')).toContain('is not tier-N=amount');
    expect(bad('tier-1=-5,tier-2=1,tier-3=1,tier-4=1')).toContain('tier-1: "-5" is not an amount in USD');
    expect(bad('tier-1=1.999,tier-2=1,tier-3=1,tier-4=1')).toContain('up to 2 decimals');
    expect(bad('tier-1=1.5,tier-2=1,tier-3=1,tier-4=1', 'jpy')).toContain('is not an amount in JPY (like 20)');
    expect(bad('tier-1=0,tier-2=1,tier-3=1,tier-4=1')).toBe('tier-1: the price must be above 0 and at most 1,000,000.');
    expect(bad('tier-1=20,tier-2=40,tier-3=75,tier-4=140', 'dollars')).toContain('is not an ISO 4217 currency code');
    expect(bad('tier-1=20,tier-2=40,tier-3=75,tier-4=140', 'zzz')).toContain('is not an ISO 4217 currency code');
    expect(bad('')).toBe('every Premium tier needs a price; missing tier-1, tier-2, tier-3, tier-4.');
  });
});

describe('formatting', () => {
  it('writes whole amounts without decimals and others with them', () => {
    expect(formatMoney(2000, 'usd')).toBe('$20');
    expect(formatMoney(1999, 'usd')).toBe('$19.99');
    expect(formatMoney(1500, 'jpy')).toBe('¥1,500');
    expect(formatMoney(900, 'eur')).toBe('€9');
    expect(currencyDigits('jpy')).toBe(0);
    expect(currencyDigits('USD')).toBe(2);
  });

  it('a plan price reads "$20 / month", an unknown one is null', () => {
    expect(formatPlanPrice({ amount: 2000, currency: 'usd', interval: 'month', intervalCount: 1 })).toBe('$20 / month');
    expect(formatPlanPrice({ amount: 20000, currency: 'usd', interval: 'year', intervalCount: 1 })).toBe('$200 / year');
    expect(formatPlanPrice({ amount: 5000, currency: 'gbp', interval: 'month', intervalCount: 3 })).toBe('£50 / 3 months');
    expect(formatPlanPrice({ amount: null, currency: 'usd', interval: 'month', intervalCount: 1 })).toBeNull();
    expect(formatPlanPrice(undefined)).toBeNull();
    expect(priceOf([{ tier: 'tier-2', amount: 1, currency: 'usd', interval: 'month', intervalCount: 1 }], 'tier-2')?.amount).toBe(1);
    expect(priceOf(null, 'tier-2')).toBeUndefined();
  });
});
