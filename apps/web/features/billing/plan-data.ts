import {
  FREE_TIER,
  TIER_ALLOWANCES,
  encodeQueryValue,
  storeSourceLabel,
  isPremiumTier,
  isTierId,
  planLabel,
  planLimits,
  publishedAppLimit,
  tierChangeDirection,
  type Limits,
  type PremiumTierId,
  type TierChangeDirection,
  type TierId,
} from '@sprout/core';

export type PlanTier = typeof FREE_TIER | PremiumTierId;

export interface PlanInfo {
  tier: PlanTier;
  name: string;
  /** Monthly messages of a Premium tier; null for Free. */
  allowance: number | null;
  limits: Limits;
  publishedApps: number | null;
  features: string[];
}

/** What the upgrade destinations of core ask the pricing page to explain. */
const PRICING_REASONS = ['messages', 'projects', 'deployments', 'publish'] as const;
export type PricingReason = (typeof PRICING_REASONS)[number];

export function isPricingReason(x: unknown): x is PricingReason {
  return typeof x === 'string' && (PRICING_REASONS as readonly string[]).includes(x);
}

/** What every plan includes, shown once under the plans rather than repeated on each card. */
export const EVERY_PLAN_FEATURES = ['Live preview and version history', 'Share links others can remix', 'Download your code as a Vite project'] as const;

function count(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

function planFeatures(tier: PlanTier): string[] {
  const limits = planLimits(tier);
  const published = publishedAppLimit(tier);
  return [
    limits.projects === null ? 'Unlimited projects' : count(limits.projects, 'project', 'projects'),
    limits.dailyMessages === null ? 'No daily message limit' : `${count(limits.dailyMessages, 'message', 'messages')} a day`,
    limits.monthlyMessages === null ? 'Unlimited messages' : `${count(limits.monthlyMessages, 'message', 'messages')} a month`,
    published === null ? 'Publish as many apps as you like' : count(published, 'published app', 'published apps'),
  ];
}

/** Free and the four Premium tiers, in tier order, with limits and allowances from core. */
export function pricingPlans(): PlanInfo[] {
  const tiers: PlanTier[] = [FREE_TIER, ...(Object.keys(TIER_ALLOWANCES) as PremiumTierId[])];
  return tiers.map((tier) => ({
    tier,
    name: planLabel(tier),
    allowance: isPremiumTier(tier) ? TIER_ALLOWANCES[tier] : null,
    limits: planLimits(tier),
    publishedApps: publishedAppLimit(tier),
    features: planFeatures(tier),
  }));
}

/** A tier as stored or sent by the server; anything unknown counts as free (as core's limits do). */
export function knownTier(tier: string | null | undefined): TierId {
  return isTierId(tier) ? tier : FREE_TIER;
}

/** Staff and partner plans include everything; they do not buy Premium. */
export function isComplimentaryTier(tier: TierId): boolean {
  return tier !== FREE_TIER && !isPremiumTier(tier);
}

export type PlanAction =
  | { kind: 'current' }
  | { kind: 'included' }
  | { kind: 'signup'; href: string; label: string }
  | { kind: 'change'; href: string; label: string; direction: Exclude<TierChangeDirection, 'equal'> }
  /** Self-service is not offered for this subscription (core canManageSubscription): say where it is managed. */
  | { kind: 'managed'; label: string };

/**
 * Who manages the current subscription when it is not self-service: an app store (mobile
 * subscriptions) or our team (tier-4), from GET /v1/me/subscription.
 */
export type ManagedBy = { by: 'store'; store: string } | { by: 'sales' } | null;

export function managedBy(sub: { type: string; tierType: string; storeSource: string | null } | undefined): ManagedBy {
  if (!sub) return null;
  if (sub.type === 'subscribed on mobile') return { by: 'store', store: storeSourceLabel(sub.storeSource ?? '') ?? 'app store' };
  if (sub.type === 'subscribed on web' && sub.tierType === 'tier-4') return { by: 'sales' };
  return null;
}

/** The button of a plan card: current, sign up, or an Upgrade / Downgrade per core's tier order. */
export function planAction(plan: PlanTier, current: TierId | null, billingHref: string, opts: { managed?: ManagedBy; returnTo?: string } = {}): PlanAction {
  if (current === null) {
    return plan === FREE_TIER
      ? { kind: 'signup', href: '/register', label: 'Get started' }
      : { kind: 'change', href: checkoutHref(plan, opts.returnTo), label: 'Upgrade', direction: 'upgrade' };
  }
  if (plan === current) return { kind: 'current' };
  if (isComplimentaryTier(current)) return { kind: 'included' };
  if (opts.managed?.by === 'store') return { kind: 'managed', label: `Change in the ${opts.managed.store}` };
  if (opts.managed?.by === 'sales') return { kind: 'managed', label: 'Contact us to change' };
  const direction = tierChangeDirection(current, plan);
  if (direction === 'equal') return { kind: 'current' };
  const label = direction === 'upgrade' ? 'Upgrade' : 'Downgrade';
  // Going back to Free means ending the subscription, which lives on the billing page.
  return { kind: 'change', href: plan === FREE_TIER ? billingHref : checkoutHref(plan, opts.returnTo), label, direction };
}

/** /go-to-checkout for a tier, carrying the page to come back to after paying (checked again by the API). */
export function checkoutHref(tier: PremiumTierId, returnTo?: string): string {
  return `/go-to-checkout?tier=${tier}${returnTo ? `&returnTo=${encodeQueryValue(returnTo)}` : ''}`;
}

export function limitText(n: number | null): string {
  return n === null ? 'Unlimited' : n.toLocaleString('en-US');
}
