import { z } from 'zod';
import { PURCHASABLE_TIERS } from '../plans/billing';
import { PRICE_INTERVALS, type PlanPrice as PlanPriceRule } from '../plans/plan-prices';
import type { Assert, Same } from './same';

export const PlanPrice = z.object({
  tier: z.enum(PURCHASABLE_TIERS),
  amount: z.number().int().nonnegative().nullable().describe("In the currency's smallest unit (cents); null when it could not be learned from Stripe"),
  currency: z.string().describe('ISO 4217, lower case'),
  interval: z.enum(PRICE_INTERVALS),
  intervalCount: z.number().int().positive(),
});

/** GET /v1/billing/prices: what each Premium plan costs (Free costs nothing). */
export const PlanPrices = z
  .object({
    source: z.enum(['stripe', 'config']).describe('stripe: the configured Stripe prices; config: PLAN_PRICES (the built-in test checkout)'),
    plans: z.array(PlanPrice),
  })
  .meta({ id: 'PlanPrices' });
export type PlanPrices = z.infer<typeof PlanPrices>;

// The rule's type and the wire shape are one: this fails to compile when they part.
export type PlanPriceIsRule = Assert<Same<z.infer<typeof PlanPrice>, PlanPriceRule>>;
