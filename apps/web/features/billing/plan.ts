import { canManageSubscription, planLabel, planLimits, publishedAppLimit, storeSourceLabel } from '@sprout/core';
import type { Subscription } from '@sprout/core/contract';

/** What the billing view reads of GET /v1/me/subscription. */
export type SubscriptionView = Pick<Subscription, 'type' | 'tierType' | 'storeSource' | 'status' | 'currentPeriodEnd' | 'pendingTierType' | 'provider'>;

/** 'Unlimited projects · 100 messages a month', from the core plan limits. */
export function planSummary(tier: string): string[] {
  const l = planLimits(tier);
  const published = publishedAppLimit(tier);
  return [
    l.projects === null ? 'Unlimited projects' : `${l.projects} projects`,
    l.monthlyMessages === null ? 'Unlimited messages' : `${l.monthlyMessages} messages a month`,
    ...(l.dailyMessages === null ? [] : [`Up to ${l.dailyMessages} messages a day`]),
    published === null ? 'Unlimited published apps' : `${published} published ${published === 1 ? 'app' : 'apps'}`,
  ];
}

/** 'July 15, 2025'. In UTC, so the server-rendered and the hydrated text agree wherever the reader is. */
export function formatBillingDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
}

type ManageAction =
  /** The "Manage subscription" button (Stripe portal, or the test checkout's manage page). */
  | { kind: 'portal' }
  /** Bought in a store: managed there. */
  | { kind: 'store'; store: string }
  /** Premium 1000 is managed by our team. */
  | { kind: 'sales'; email: string }
  | { kind: 'none' };

export interface BillingDetails {
  planLabel: string;
  renewal: { label: string; value: string };
  /** How the plan is paid for, when it is. */
  billedThrough: string | null;
  notice: { tone: 'info' | 'warning'; text: string } | null;
  manage: ManageAction;
  /** The label of the link to the pricing page. */
  pricingLabel: 'Upgrade' | 'Change plan' | 'Compare plans';
}

function renewal(sub: SubscriptionView): BillingDetails['renewal'] {
  if (sub.type === 'internal') return { label: 'Renewal date', value: 'Not applicable: your plan is provided by Sprout' };
  if (sub.type !== 'subscribed on web' && sub.type !== 'subscribed on mobile') return { label: 'Renewal date', value: 'Not applicable on the Free plan' };
  if (!sub.currentPeriodEnd) return { label: 'Renewal date', value: 'Not available yet' };
  const date = formatBillingDate(sub.currentPeriodEnd);
  if (sub.pendingTierType === 'free') return { label: 'Ends on', value: date };
  if (sub.pendingTierType) return { label: 'Renews on', value: `${date}, as ${planLabel(sub.pendingTierType)}` };
  return { label: 'Renews on', value: date };
}

function billedThrough(sub: SubscriptionView): string | null {
  if (sub.type === 'subscribed on mobile') return storeSourceLabel(sub.storeSource ?? '') ?? 'App store';
  if (sub.type !== 'subscribed on web') return null;
  if (sub.provider === 'test') return 'Sprout test checkout (no payment taken)';
  if (sub.provider === 'stripe') return 'Card, through Stripe';
  return 'Sprout';
}

function notice(sub: SubscriptionView): BillingDetails['notice'] {
  const label = planLabel(sub.tierType);
  if (sub.status === 'past_due') return { tone: 'warning', text: `Your last payment did not go through. Update your payment method to keep ${label}.` };
  const date = sub.currentPeriodEnd ? formatBillingDate(sub.currentPeriodEnd) : null;
  if (sub.pendingTierType === 'free' && date)
    return { tone: 'info', text: `Your subscription is cancelled. You keep ${label} until ${date}, then move to Free.` };
  if (sub.pendingTierType && date) return { tone: 'info', text: `You move to ${planLabel(sub.pendingTierType)} on ${date}. Until then you keep ${label}.` };
  if (sub.type === 'free' && (sub.status === 'canceled' || sub.status === 'expired'))
    return { tone: 'info', text: 'Your subscription has ended. Your projects are all still here.' };
  return null;
}

function manage(sub: SubscriptionView, supportEmail: string): ManageAction {
  // Exactly the core rule: offered unless mobile, internal, tier-4 (or nothing to manage).
  if (canManageSubscription(sub)) return { kind: 'portal' };
  if (sub.type === 'subscribed on mobile') return { kind: 'store', store: storeSourceLabel(sub.storeSource ?? '') ?? 'app store' };
  if (sub.type === 'subscribed on web' && sub.tierType === 'tier-4') return { kind: 'sales', email: supportEmail };
  return { kind: 'none' };
}

/** Everything the billing page shows about a subscription, decided here so every rule has a test. */
export function billingDetails(sub: SubscriptionView, supportEmail: string): BillingDetails {
  const manageAction = manage(sub, supportEmail);
  return {
    planLabel: planLabel(sub.tierType),
    renewal: renewal(sub),
    billedThrough: billedThrough(sub),
    notice: notice(sub),
    manage: manageAction,
    pricingLabel: sub.tierType === 'free' ? 'Upgrade' : manageAction.kind === 'portal' ? 'Change plan' : 'Compare plans',
  };
}
