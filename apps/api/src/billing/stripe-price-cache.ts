import type { PlanPrice, PremiumTierId } from '@sprout/core';

/**
 * The Stripe prices one app has read (in its services). A Stripe price's amount never changes (a
 * new amount is a new price id), so a price once read is kept for the life of the app.
 */
export class StripePriceCache {
  readonly prices = new Map<PremiumTierId, PlanPrice>();
  failedAt = 0;
  pending: Promise<void> | null = null;
}
