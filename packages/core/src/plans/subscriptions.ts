import { isPremiumTier } from './tiers';

export const SUBSCRIPTION_TYPES = ['subscribed on web', 'subscribed on mobile', 'internal', 'free'] as const;
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];

export const STORE_SOURCES = ['app_store', 'mac_app_store', 'play_store'] as const;
export type StoreSource = (typeof STORE_SOURCES)[number];

const STORE_LABELS: Readonly<Record<StoreSource, string>> = {
  app_store: 'App Store',
  mac_app_store: 'App Store',
  play_store: 'Play Store',
};

export function isSubscriptionType(x: unknown): x is SubscriptionType {
  return typeof x === 'string' && (SUBSCRIPTION_TYPES as readonly string[]).includes(x);
}

export function isStoreSource(x: unknown): x is StoreSource {
  return typeof x === 'string' && (STORE_SOURCES as readonly string[]).includes(x);
}

export function storeSourceLabel(source: string): string | null {
  return isStoreSource(source) ? STORE_LABELS[source] : null;
}

export function isPaidSubscription(sub: { type: string }): boolean {
  return sub.type === 'subscribed on web' || sub.type === 'subscribed on mobile';
}

/**
 * Self-service management (change plan, cancel) is offered only for web subscriptions on tiers 1–3.
 * Mobile subscriptions are managed in the store, internal ones by us, tier-4 through sales, and a
 * free account has nothing to manage. Written as an allow-list so an unknown type or tier hides it.
 */
export function canManageSubscription(sub: { type: string; tierType: string }): boolean {
  if (sub.type !== 'subscribed on web') return false;
  return isPremiumTier(sub.tierType) && sub.tierType !== 'tier-4';
}
