import { z } from 'zod';
import { PRICE_INTERVALS, type PlanPrice, type PremiumTierId } from '@sprout/core';
import type { PlanPrices } from '@sprout/core/contract';
import type { Services } from '../services';
import type { StripeClient } from './stripe';
import type { StripePriceCache } from './stripe-price-cache';

// What we read of a Stripe price. `unit_amount` is null for tiered or metered prices: shown as unknown.
const StripePrice = z.looseObject({
  id: z.string(),
  currency: z.string(),
  unit_amount: z.number().int().nonnegative().nullish(),
  recurring: z.looseObject({ interval: z.enum(PRICE_INTERVALS), interval_count: z.number().int().positive() }).nullish(),
});

/** After a failed fetch, the next attempt waits this long: a Stripe outage must not slow every pricing page. */
export const PRICE_RETRY_MS = 60_000;

/** GET /v1/billing/prices: Stripe's prices when Stripe is configured, else PLAN_PRICES. */
export async function planPrices(s: Services, now = Date.now()): Promise<PlanPrices> {
  if (!s.stripe) return { source: 'config', plans: s.config.billing.planPrices };
  const ids = s.config.billing.stripe!.prices;
  const cache = s.stripePrices;
  const tiers = Object.keys(ids) as PremiumTierId[];
  const missing = tiers.filter((t) => !cache.prices.has(t));
  if (missing.length && now - cache.failedAt >= PRICE_RETRY_MS) {
    cache.pending ??= fetchPrices(
      s,
      s.stripe,
      cache,
      missing.map((tier) => ({ tier, id: ids[tier] })),
    ).finally(() => {
      cache.pending = null;
    });
    await cache.pending;
  }
  return {
    source: 'stripe',
    plans: tiers.map((tier) => cache.prices.get(tier) ?? { tier, amount: null, currency: 'usd', interval: 'month', intervalCount: 1 }),
  };
}

async function fetchPrices(s: Services, stripe: StripeClient, cache: StripePriceCache, wanted: { tier: PremiumTierId; id: string }[]): Promise<void> {
  const results = await Promise.allSettled(wanted.map(({ id }) => stripe.prices.retrieve(id)));
  results.forEach((result, i) => {
    const { tier, id } = wanted[i]!;
    const parsed = result.status === 'fulfilled' ? StripePrice.safeParse(result.value) : null;
    if (!parsed?.success) {
      cache.failedAt = Date.now();
      const err = result.status === 'rejected' ? result.reason : parsed?.error;
      s.log.warn({ err, tier, priceId: id, event: 'stripe_price_unavailable' }, `could not read Stripe price ${id} (${tier}); its amount is shown as unknown`);
      return;
    }
    const p = parsed.data;
    cache.prices.set(tier, {
      tier,
      amount: p.unit_amount ?? null,
      currency: p.currency.toLowerCase(),
      interval: p.recurring?.interval ?? 'month',
      intervalCount: p.recurring?.interval_count ?? 1,
    });
  });
}
