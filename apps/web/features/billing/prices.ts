'use client';
import { useQuery } from '@tanstack/react-query';
import { formatMoney, formatPlanPrice, intervalText, priceOf, FREE_TIER } from '@sprout/core';
import type { PlanPrices } from '@sprout/core/contract';
import { useCalls } from '@/lib/api/services';
import { billingCalls } from './api';

const pricesQueryKey = ['plan-prices'] as const;

/**
 * GET /v1/billing/prices, for visitors too. Prices come from configuration (Stripe's prices or
 * PLAN_PRICES) and change only with a deployment: read once per hour at most.
 */
export function usePlanPrices(initialData?: PlanPrices | null) {
  const calls = useCalls(billingCalls);
  return useQuery({
    queryKey: pricesQueryKey,
    queryFn: () => calls.prices(),
    staleTime: 60 * 60_000,
    initialData: initialData ?? undefined,
  });
}

export type PriceLabel =
  | { state: 'loading' }
  /** Stripe could not tell (or the call failed): the amount is shown at checkout. */
  | { state: 'unknown' }
  | { state: 'known'; amount: string; per: string; text: string; minor: number };

/** What `tier` costs, as words: `$20` `/ month`; Free costs nothing in the currency of the other plans. */
export function priceLabel(prices: PlanPrices | undefined, tier: string, failed = false): PriceLabel {
  if (!prices) return failed ? { state: 'unknown' } : { state: 'loading' };
  if (tier === FREE_TIER) {
    const currency = prices.plans[0]?.currency ?? 'usd';
    return { state: 'known', amount: formatMoney(0, currency), per: '/ month', text: `${formatMoney(0, currency)} / month`, minor: 0 };
  }
  const price = priceOf(prices.plans, tier);
  const text = formatPlanPrice(price);
  if (!price || price.amount === null || !text) return { state: 'unknown' };
  return {
    state: 'known',
    amount: formatMoney(price.amount, price.currency),
    per: `/ ${intervalText(price.interval, price.intervalCount)}`,
    text,
    minor: price.amount,
  };
}

export function usePriceLabel(tier: string): PriceLabel {
  const prices = usePlanPrices();
  return priceLabel(prices.data, tier, prices.isError);
}
