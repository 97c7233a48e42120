import { z } from 'zod';
import { DEFAULT_PLAN_CURRENCY, DEFAULT_PLAN_PRICES, parsePlanPrices } from '@sprout/core';
import { ConfigError } from '../config-error';
import { optionalString as optional, optionalUrl } from '../config-fields';

// Billing's part of the API's configuration (config.ts parses it with the rest): without
// STRIPE_SECRET_KEY, checkout is Sprout's own test checkout (README "Billing").
export const BILLING_ENV = {
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  // The built-in test checkout ("Pay" activates a plan for free): on by default except in production.
  BILLING_TEST_MODE: z.enum(['auto', 'true', 'false']).default('auto'),
  STRIPE_PRICE_TIER_1: optional,
  STRIPE_PRICE_TIER_2: optional,
  STRIPE_PRICE_TIER_3: optional,
  STRIPE_PRICE_TIER_4: optional,
  // Another Stripe-compatible API (stripe-mock, a test double); unset → Stripe itself.
  STRIPE_API_URL: optionalUrl(),
  MOBILE_NOTIFICATION_SECRET: optional,
  // The built-in test checkout's prices (README "Billing"); with Stripe, its prices are read from Stripe.
  PLAN_PRICES: z.string().trim().default(DEFAULT_PLAN_PRICES),
  PLAN_CURRENCY: z.string().trim().default(DEFAULT_PLAN_CURRENCY),
};

type Env = z.infer<z.ZodObject<typeof BILLING_ENV>> & { NODE_ENV: string };

/** A Stripe key without its prices or webhook secret would take money and never grant the plan: refuse to start. */
export function billingConfig(e: Env) {
  const prices = { 'tier-1': e.STRIPE_PRICE_TIER_1, 'tier-2': e.STRIPE_PRICE_TIER_2, 'tier-3': e.STRIPE_PRICE_TIER_3, 'tier-4': e.STRIPE_PRICE_TIER_4 };
  if (e.STRIPE_SECRET_KEY) {
    const missing = [
      ...Object.entries(prices)
        .filter(([, v]) => !v)
        .map(([tier]) => `STRIPE_PRICE_${tier.replace('-', '_').toUpperCase()}`),
      ...(e.STRIPE_WEBHOOK_SECRET ? [] : ['STRIPE_WEBHOOK_SECRET']),
    ];
    if (missing.length) throw new ConfigError(`Invalid configuration:\n  STRIPE_SECRET_KEY is set, so ${missing.join(', ')} must be set too.`);
    // Webhooks tell the tier from the price, so one price cannot stand for two tiers.
    if (new Set(Object.values(prices)).size !== 4) throw new ConfigError('Invalid configuration:\n  STRIPE_PRICE_TIER_1..4 must be four different prices.');
  }
  const apiUrl = e.STRIPE_API_URL ? new URL(e.STRIPE_API_URL) : null;
  const api = apiUrl
    ? { host: apiUrl.hostname, port: apiUrl.port || (apiUrl.protocol === 'https:' ? '443' : '80'), protocol: apiUrl.protocol.slice(0, -1) as 'http' | 'https' }
    : null;
  return {
    // Also where apps' own Stripe accounts are reached (app-payments): the stand-in of tests, or Stripe.
    stripeApi: api,
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          prices: prices as Record<'tier-1' | 'tier-2' | 'tier-3' | 'tier-4', string>,
          api,
        }
      : null,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    testCheckout: !e.STRIPE_SECRET_KEY && (e.BILLING_TEST_MODE === 'true' || (e.BILLING_TEST_MODE === 'auto' && e.NODE_ENV !== 'production')),
    mobileNotificationSecret: e.MOBILE_NOTIFICATION_SECRET,
    planPrices: planPrices(e),
  };
}

/** PLAN_PRICES in PLAN_CURRENCY: a typo fails the start, never a checkout page without a price. */
function planPrices(e: Env) {
  const parsed = parsePlanPrices(e.PLAN_PRICES, e.PLAN_CURRENCY);
  if (!parsed.ok) throw new ConfigError(`Invalid configuration:\n  PLAN_PRICES / PLAN_CURRENCY: ${parsed.message}`);
  return parsed.prices;
}
