import Stripe from 'stripe';
import { z } from 'zod';
import { isPremiumTier, type PremiumTierId } from '@sprout/core';
import type { Config } from '../config';

export type StripeClient = Stripe;

/** The Stripe client when a key is configured; null means the built-in test checkout. */
export function createStripe(config: Config): Stripe | null {
  const stripe = config.billing.stripe;
  if (!stripe) return null;
  return new Stripe(stripe.secretKey, {
    ...(stripe.api ?? {}),
    // A request must not hang a checkout click; Stripe's own retries cover blips.
    timeout: 20_000,
    maxNetworkRetries: 2,
    telemetry: false,
    appInfo: { name: 'Sprout' },
  });
}

/** The tier a configured price stands for (config guarantees the four prices differ). */
export function tierForPrice(prices: Record<PremiumTierId, string>, priceId: string | null | undefined): PremiumTierId | null {
  if (!priceId) return null;
  const entry = Object.entries(prices).find(([, id]) => id === priceId);
  return entry && isPremiumTier(entry[0]) ? entry[0] : null;
}

// The parts of Stripe's objects we read. Parsed, not trusted: a signed event can still be a shape we
// did not expect (another API version), and that must fail loudly rather than grant a plan.
const idOf = z.union([z.string(), z.looseObject({ id: z.string() }).transform((o) => o.id)]);
const unixSeconds = z.number().int().positive();

export const StripeSubscriptionSchema = z.looseObject({
  id: z.string(),
  customer: idOf,
  status: z.string(),
  cancel_at_period_end: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
  // Before API version 2025-03-31 the period lived on the subscription, since then on its items.
  current_period_end: unixSeconds.nullish(),
  metadata: z
    .record(z.string(), z.string())
    .nullish()
    .transform((v) => v ?? {}),
  items: z.looseObject({
    data: z.array(z.looseObject({ id: z.string(), price: z.looseObject({ id: z.string() }), current_period_end: unixSeconds.nullish() })),
  }),
});
export type StripeSubscriptionData = z.infer<typeof StripeSubscriptionSchema>;

export const StripeCheckoutSessionSchema = z.looseObject({
  id: z.string(),
  mode: z.string(),
  client_reference_id: z.string().nullish(),
  customer: idOf.nullish(),
  subscription: z.union([z.string(), StripeSubscriptionSchema]).nullish(),
  metadata: z
    .record(z.string(), z.string())
    .nullish()
    .transform((v) => v ?? {}),
});

export function periodEndOf(sub: StripeSubscriptionData): Date | null {
  const seconds = sub.items.data[0]?.current_period_end ?? sub.current_period_end;
  return seconds ? new Date(seconds * 1000) : null;
}
