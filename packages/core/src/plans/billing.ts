import { resolveSignInRedirect } from '../auth/redirects';
import { canManageSubscription, isPaidSubscription, storeSourceLabel } from './subscriptions';
import {
  EXTERNAL_PARTNER_TIER,
  FREE_TIER,
  INTERNAL_STAFF_TIER,
  isTierId,
  planLabel,
  tierChangeDirection,
  type PremiumTierId,
  type TierChangeDirection,
  type TierId,
} from './tiers';

/** The tiers anyone can buy (checkout, store purchases): the Premium tiers, in tier order. */
export const PURCHASABLE_TIERS = Object.freeze(['tier-1', 'tier-2', 'tier-3', 'tier-4'] as const satisfies readonly PremiumTierId[]);

/** What staff may hand out from the admin page: the two complimentary plans, or back to Free. */
export const STAFF_ASSIGNABLE_TIERS = Object.freeze([FREE_TIER, INTERNAL_STAFF_TIER, EXTERNAL_PARTNER_TIER] as const);
export type StaffAssignableTier = (typeof STAFF_ASSIGNABLE_TIERS)[number];

/** A subscription record as far as the product rules care. */
export interface SubscriptionState {
  type: string;
  tierType: string;
  storeSource: string | null;
  status: string;
  currentPeriodEnd: Date | null;
  pendingTierType: string | null;
}

/** Everyone without a record is on this. */
export const FREE_SUBSCRIPTION: Readonly<SubscriptionState> = Object.freeze({
  type: 'free',
  tierType: FREE_TIER,
  storeSource: null,
  status: 'active',
  currentPeriodEnd: null,
  pendingTierType: null,
});

/** A scheduled downgrade whose billing period is over. */
export function isPendingChangeDue(s: Pick<SubscriptionState, 'pendingTierType' | 'currentPeriodEnd'>, now: Date): boolean {
  return s.pendingTierType !== null && s.currentPeriodEnd !== null && s.currentPeriodEnd.getTime() <= now.getTime();
}

/**
 * The record with a due scheduled change applied, or null when nothing is due. Downgrades are
 * applied lazily (on read, or when the renewal arrives), so a record may be read after its period
 * ended and before anyone wrote the change down: this is how every reader sees the same tier.
 */
export function settleSubscription(s: SubscriptionState, now: Date): SubscriptionState | null {
  if (!isPendingChangeDue(s, now)) return null;
  // Scheduled cancellation: the paid plan ends with its period.
  if (s.pendingTierType === FREE_TIER) return { ...FREE_SUBSCRIPTION, status: 'canceled' };
  return { ...s, tierType: s.pendingTierType!, pendingTierType: null };
}

export interface PlanChange {
  direction: TierChangeDirection;
  /** The tier in force right after the change. */
  tierType: string;
  /** Set for a downgrade that waits for the end of the paid period. */
  pendingTierType: string | null;
  /** When the new tier takes effect: now, or the end of the current period. */
  effectiveAt: Date;
}

/**
 * A plan change: upgrades apply at once (the person just paid for more); downgrades
 * keep what was paid for until the period ends. Choosing the current plan again cancels a
 * scheduled downgrade. A tier we do not know counts as Free, so any change from it is an upgrade.
 */
export function planChange(current: Pick<SubscriptionState, 'tierType' | 'currentPeriodEnd'>, target: TierId, now: Date): PlanChange {
  const from: TierId = isTierId(current.tierType) ? current.tierType : FREE_TIER;
  const direction = tierChangeDirection(from, target);
  if (direction === 'equal') return { direction, tierType: from, pendingTierType: null, effectiveAt: now };
  if (direction === 'upgrade') return { direction, tierType: target, pendingTierType: null, effectiveAt: now };
  const end = current.currentPeriodEnd;
  if (end && end.getTime() > now.getTime()) return { direction, tierType: from, pendingTierType: target, effectiveAt: end };
  return { direction, tierType: target, pendingTierType: null, effectiveAt: now };
}

export interface SubscriptionSummary {
  type: string;
  tierType: string;
  planLabel: string;
  storeSource: string | null;
  /** 'App Store' or 'Play Store' for mobile subscriptions. */
  storeLabel: string | null;
  status: string;
  currentPeriodEnd: Date | null;
  pendingTierType: string | null;
  pendingPlanLabel: string | null;
  canManage: boolean;
  isPaid: boolean;
}

/** What GET /v1/me/subscription answers: the record plus the core rules applied to it. */
export function subscriptionSummary(s: SubscriptionState): SubscriptionSummary {
  return {
    type: s.type,
    tierType: s.tierType,
    planLabel: planLabel(s.tierType),
    storeSource: s.storeSource,
    storeLabel: s.type === 'subscribed on mobile' && s.storeSource ? storeSourceLabel(s.storeSource) : null,
    status: s.status,
    currentPeriodEnd: s.currentPeriodEnd,
    pendingTierType: s.pendingTierType,
    pendingPlanLabel: s.pendingTierType ? planLabel(s.pendingTierType) : null,
    canManage: canManageSubscription(s),
    isPaid: isPaidSubscription(s),
  };
}

/** The end of a monthly billing period that starts at `start`: same day next month, or that month's last day. */
export function nextPeriodEnd(start: Date): Date {
  if (Number.isNaN(start.getTime())) throw new RangeError('Invalid date');
  const y = start.getUTCFullYear();
  const m = start.getUTCMonth();
  const lastDay = new Date(Date.UTC(y, m + 2, 0)).getUTCDate();
  const end = new Date(start.getTime());
  end.setUTCFullYear(y, m + 1, Math.min(start.getUTCDate(), lastDay));
  return end;
}

// Sending someone back to a checkout page after checkout would loop.
const CHECKOUT_PATHS = /^\/(?:checkout(?:[/?#]|$)|go-to-checkout(?:[/?#]|$))/;

/**
 * Where to send someone after checkout: a same-origin path of ours, never another site (the same
 * rules as sign-in redirects with no foreign host allowed), never a checkout page; else `fallback`.
 */
export function safeReturnPath(value: unknown, fallback = '/build'): string {
  if (typeof value !== 'string' || value === '') return fallback;
  const { to, warning } = resolveSignInRedirect({ redirectUrl: value, allowedHosts: [] });
  if (warning || !to.startsWith('/') || CHECKOUT_PATHS.test(to)) return fallback;
  return to;
}
