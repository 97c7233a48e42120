import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { fakePrice, stripeEnv, useFakeStripe, useTestApp } from '../testing';
import { PRICE_RETRY_MS, planPrices } from './prices';

const prices = (app: ReturnType<typeof useTestApp>, token?: string) => app.api('GET', '/v1/billing/prices', { token });
const monthly = (tier: string, amount: number | null, currency = 'usd') => ({ tier, amount, currency, interval: 'month', intervalCount: 1 });

describe('GET /v1/billing/prices with the built-in test checkout', () => {
  const t = useTestApp();

  it('answers PLAN_PRICES (its default when unset) to visitors and signed-in people alike', async () => {
    const anonymous = await prices(t);
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({
      source: 'config',
      plans: [monthly('tier-1', 2000), monthly('tier-2', 4000), monthly('tier-3', 7500), monthly('tier-4', 14000)],
    });
    const s = await t.register();
    expect((await prices(t, s.idToken)).json()).toEqual(anonymous.json());
  });

  it('a token, when sent, must be valid', async () => {
    expect((await prices(t, 'not-a-token')).statusCode).toBe(401);
  });

  it('PLAN_PRICES and PLAN_CURRENCY set them; one that does not parse stops the start with the reason', () => {
    const euro = loadConfig({ PLAN_PRICES: 'tier-1=9, tier-2=19.5, tier-3=39, tier-4=79', PLAN_CURRENCY: 'EUR' });
    expect(euro.billing.planPrices).toEqual([
      monthly('tier-1', 900, 'eur'),
      monthly('tier-2', 1950, 'eur'),
      monthly('tier-3', 3900, 'eur'),
      monthly('tier-4', 7900, 'eur'),
    ]);
    expect(() => loadConfig({ PLAN_PRICES: 'tier-1=20,tier-2=40' })).toThrow(
      'PLAN_PRICES / PLAN_CURRENCY: every Premium tier needs a price; missing tier-3, tier-4.',
    );
    expect(() => loadConfig({ PLAN_CURRENCY: 'bitcoin' })).toThrow('is not an ISO 4217 currency code');
  });
});

describe('GET /v1/billing/prices with Stripe', () => {
  const fake = useFakeStripe();
  const t = useTestApp(() => stripeEnv(fake));
  const priceCalls = () => fake.requests.filter((r) => r.path.startsWith('/v1/prices/')).length;

  it("reads each price from Stripe once and keeps it (a Stripe price's amount never changes)", async () => {
    fake.prices.set('price_t4', fakePrice('price_t4', 150000, 'usd', 'year'));
    const first = await prices(t);
    expect(first.json()).toEqual({
      source: 'stripe',
      plans: [monthly('tier-1', 1900), monthly('tier-2', 3900), monthly('tier-3', 7900), { ...monthly('tier-4', 150000), interval: 'year' }],
    });
    expect(priceCalls()).toBe(4);
    await Promise.all([prices(t), prices(t), prices(t)]);
    expect(priceCalls()).toBe(4);
  });
});

describe('Stripe prices that cannot be read', () => {
  const fake = useFakeStripe();
  const t = useTestApp(() => stripeEnv(fake));

  it('are shown as unknown, retried after a pause, and kept once read', async () => {
    const services = t.app.services;
    fake.prices.delete('price_t3');
    const calls = () => fake.requests.filter((r) => r.path === '/v1/prices/price_t3').length;
    const now = Date.now();
    const first = await planPrices(services, now);
    expect(first.plans.map((p) => p.amount)).toEqual([1900, 3900, null, 14900]);
    expect(t.logs).toContainEqual(expect.objectContaining({ event: 'stripe_price_unavailable', tier: 'tier-3' }));
    // Within the pause nobody waits for Stripe again.
    await planPrices(services, now + 1000);
    expect(calls()).toBe(1);
    fake.prices.set('price_t3', fakePrice('price_t3', 7900));
    const later = await planPrices(services, now + PRICE_RETRY_MS + 1000);
    expect(later.plans.map((p) => p.amount)).toEqual([1900, 3900, 7900, 14900]);
    expect(calls()).toBe(2);
    // The ones read the first time were not asked again.
    expect(fake.requests.filter((r) => r.path === '/v1/prices/price_t1').length).toBe(1);
  });
});
