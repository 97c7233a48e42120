import { TIER_ALLOWANCES, type PremiumTierId } from './tiers';

/** How often a price is charged (Stripe's recurring intervals). */
export const PRICE_INTERVALS = ['day', 'week', 'month', 'year'] as const;
export type PriceInterval = (typeof PRICE_INTERVALS)[number];

/** What a Premium tier costs: `amount` in the currency's smallest unit (cents), null when it could not be learned. */
export interface PlanPrice {
  tier: PremiumTierId;
  amount: number | null;
  /** ISO 4217, lower case as Stripe writes it: `usd`, `eur`, `jpy`. */
  currency: string;
  interval: PriceInterval;
  intervalCount: number;
}

/** The built-in test checkout's prices when PLAN_PRICES is unset (monthly, in PLAN_CURRENCY). */
export const DEFAULT_PLAN_PRICES = 'tier-1=20,tier-2=40,tier-3=75,tier-4=140';
export const DEFAULT_PLAN_CURRENCY = 'usd';

const MAX_AMOUNT = 1_000_000;
const PREMIUM_TIERS = Object.keys(TIER_ALLOWANCES) as PremiumTierId[];

/** Digits after the decimal point of a currency (2 for usd, 0 for jpy); null for a code that is not a currency. */
export function currencyDigits(currency: string): number | null {
  if (!/^[a-z]{3}$/i.test(currency)) return null;
  const code = currency.toUpperCase();
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : null;
  if (known && !known.includes(code)) return null;
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
}

export type ParsedPlanPrices = { ok: true; prices: PlanPrice[] } | { ok: false; message: string };

/**
 * Reads PLAN_PRICES: the monthly price of each Premium tier in PLAN_CURRENCY, as
 * `tier-1=20,tier-2=40,tier-3=75,tier-4=140` (amounts in whole units, with at most the currency's
 * decimals: `19.99`; `tier1` works too). Every tier must be priced, once.
 */
export function parsePlanPrices(text: string, currency: string): ParsedPlanPrices {
  const digits = currencyDigits(currency);
  if (digits === null) return { ok: false, message: `"${currency}" is not an ISO 4217 currency code (usd, eur, gbp, jpy, …).` };
  const found = new Map<PremiumTierId, number>();
  for (const raw of text.split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    const match = /^tier-?([1-4])\s*=\s*(\S+)$/i.exec(entry);
    if (!match) return { ok: false, message: `"${entry}" is not tier-N=amount (tiers tier-1 … tier-4).` };
    const tier = `tier-${match[1]}` as PremiumTierId;
    const amount = match[2]!;
    const decimals = digits > 0 ? `(\\.\\d{1,${digits}})?` : '';
    if (!new RegExp(`^\\d+${decimals}$`).test(amount)) {
      return {
        ok: false,
        message: `${tier}: "${amount}" is not an amount in ${currency.toUpperCase()} (${digits > 0 ? `up to ${digits} decimals, ` : ''}like 20${digits > 0 ? ' or 19.99' : ''}).`,
      };
    }
    const minor = Math.round(Number(amount) * 10 ** digits);
    if (minor <= 0 || minor > MAX_AMOUNT * 10 ** digits)
      return { ok: false, message: `${tier}: the price must be above 0 and at most ${MAX_AMOUNT.toLocaleString('en-US')}.` };
    if (found.has(tier)) return { ok: false, message: `${tier} is priced twice.` };
    found.set(tier, minor);
  }
  const missing = PREMIUM_TIERS.filter((t) => !found.has(t));
  if (missing.length) return { ok: false, message: `every Premium tier needs a price; missing ${missing.join(', ')}.` };
  return {
    ok: true,
    prices: PREMIUM_TIERS.map((tier) => ({ tier, amount: found.get(tier)!, currency: currency.toLowerCase(), interval: 'month', intervalCount: 1 })),
  };
}

/** `$20`, `$19.99`, `€9`, `¥1,500`: whole amounts without decimals. */
export function formatMoney(amountMinor: number, currency: string, locale = 'en-US'): string {
  const digits = currencyDigits(currency) ?? 2;
  const major = amountMinor / 10 ** digits;
  const whole = amountMinor % 10 ** digits === 0;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: whole ? 0 : digits,
    maximumFractionDigits: digits,
  }).format(major);
}

/** `month`, `3 months`. */
export function intervalText(interval: PriceInterval, count: number): string {
  return count === 1 ? interval : `${count} ${interval}s`;
}

/** `$20 / month`; null when the price is unknown. */
export function formatPlanPrice(
  price: Pick<PlanPrice, 'amount' | 'currency' | 'interval' | 'intervalCount'> | null | undefined,
  locale = 'en-US',
): string | null {
  if (!price || price.amount === null) return null;
  return `${formatMoney(price.amount, price.currency, locale)} / ${intervalText(price.interval, price.intervalCount)}`;
}

/** The price of `tier` in a list, or undefined. */
export function priceOf(prices: readonly PlanPrice[] | null | undefined, tier: string): PlanPrice | undefined {
  return prices?.find((p) => p.tier === tier);
}
