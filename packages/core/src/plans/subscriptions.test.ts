import { describe, expect, it } from 'vitest';
import {
  STORE_SOURCES,
  SUBSCRIPTION_TYPES,
  canManageSubscription,
  isPaidSubscription,
  isStoreSource,
  isSubscriptionType,
  storeSourceLabel,
} from './subscriptions';

describe('subscriptions', () => {
  it('lists the subscription types and store sources', () => {
    expect(SUBSCRIPTION_TYPES).toEqual(['subscribed on web', 'subscribed on mobile', 'internal', 'free']);
    expect(STORE_SOURCES).toEqual(['app_store', 'mac_app_store', 'play_store']);
    expect(isSubscriptionType('internal')).toBe(true);
    expect(isSubscriptionType('Internal')).toBe(false);
    expect(isStoreSource('play_store')).toBe(true);
    expect(isStoreSource('toString')).toBe(false);
  });

  it('labels store sources, both Apple stores as App Store', () => {
    expect(storeSourceLabel('app_store')).toBe('App Store');
    expect(storeSourceLabel('mac_app_store')).toBe('App Store');
    expect(storeSourceLabel('play_store')).toBe('Play Store');
    for (const x of ['', 'App Store', 'stripe', 'toString', '__proto__', 'APP_STORE']) expect(storeSourceLabel(x)).toBeNull();
  });

  it('counts web and mobile subscriptions as paid', () => {
    expect(isPaidSubscription({ type: 'subscribed on web' })).toBe(true);
    expect(isPaidSubscription({ type: 'subscribed on mobile' })).toBe(true);
    expect(isPaidSubscription({ type: 'internal' })).toBe(false);
    expect(isPaidSubscription({ type: 'free' })).toBe(false);
    expect(isPaidSubscription({ type: 'subscribed on web ' })).toBe(false);
  });

  describe('canManageSubscription', () => {
    it('offers management for web subscriptions on tiers 1 to 3', () => {
      for (const tierType of ['tier-1', 'tier-2', 'tier-3']) {
        expect(canManageSubscription({ type: 'subscribed on web', tierType })).toBe(true);
      }
    });

    it('hides it for tier-4, mobile, internal and free', () => {
      expect(canManageSubscription({ type: 'subscribed on web', tierType: 'tier-4' })).toBe(false);
      expect(canManageSubscription({ type: 'subscribed on mobile', tierType: 'tier-1' })).toBe(false);
      expect(canManageSubscription({ type: 'internal', tierType: 'tier-2' })).toBe(false);
      expect(canManageSubscription({ type: 'subscribed on web', tierType: 'sprout-tier-internal-staff' })).toBe(false);
      expect(canManageSubscription({ type: 'subscribed on web', tierType: 'sprout-tier-external-partner' })).toBe(false);
      expect(canManageSubscription({ type: 'free', tierType: 'free' })).toBe(false);
      expect(canManageSubscription({ type: 'subscribed on web', tierType: 'free' })).toBe(false);
    });

    it('hides it for anything unknown', () => {
      expect(canManageSubscription({ type: 'subscribed on web', tierType: 'tier-9' })).toBe(false);
      expect(canManageSubscription({ type: 'subscribed on web', tierType: '__proto__' })).toBe(false);
      expect(canManageSubscription({ type: '', tierType: 'tier-1' })).toBe(false);
    });
  });
});
