import type { Subscription } from '@sprout/core/contract';
import { FREE_SUBSCRIPTION, nextPeriodEnd, settleSubscription, subscriptionSummary, type SubscriptionState } from '@sprout/core';
import { getSubscription, upsertSubscription, type Executor, type SubscriptionRow } from '@sprout/db';
import type { Services } from '../services';

/** Who bills a subscription: Stripe, the built-in test checkout, or an app store. */
type Provider = 'stripe' | 'test' | 'store';

export interface SubscriptionRecord extends SubscriptionState {
  provider: Provider | null;
  providerCustomerId: string | null;
  providerSubscriptionId: string | null;
}

const FREE_RECORD: Readonly<SubscriptionRecord> = Object.freeze({
  ...FREE_SUBSCRIPTION,
  provider: null,
  providerCustomerId: null,
  providerSubscriptionId: null,
});

export function recordOf(row: SubscriptionRow | null): SubscriptionRecord {
  if (!row) return { ...FREE_RECORD };
  const provider = row.provider === 'stripe' || row.provider === 'test' || row.provider === 'store' ? row.provider : null;
  return {
    type: row.type,
    tierType: row.tierType,
    storeSource: row.storeSource,
    status: row.status,
    currentPeriodEnd: row.currentPeriodEnd,
    pendingTierType: row.pendingTierType,
    provider,
    providerCustomerId: row.providerCustomerId,
    providerSubscriptionId: row.providerSubscriptionId,
  };
}

/** A paid plan ends: back on Free. The Stripe customer is kept so a later checkout reuses it. */
export function endedRecord(from: SubscriptionRecord, status: string): SubscriptionRecord {
  return { ...FREE_RECORD, status, providerCustomerId: from.provider === 'stripe' ? from.providerCustomerId : null };
}

/**
 * What time alone has changed since the record was written: a downgrade or cancellation due at the
 * end of the period, and (test checkout only, which has no billing service to renew it) the
 * monthly renewal. Returns the same object when nothing changed.
 */
export function advanceRecord(rec: SubscriptionRecord, now: Date): SubscriptionRecord {
  let next = rec;
  const settled = settleSubscription(rec, now);
  if (settled) next = settled.type === 'free' ? endedRecord(rec, settled.status) : { ...rec, ...settled };
  if (next.provider === 'test' && next.type === 'subscribed on web' && next.currentPeriodEnd && next.currentPeriodEnd <= now) {
    let end = next.currentPeriodEnd;
    while (end <= now) end = nextPeriodEnd(end);
    next = { ...next, currentPeriodEnd: end };
  }
  return next;
}

export async function saveSubscription(db: Executor, userId: string, rec: SubscriptionRecord): Promise<void> {
  await upsertSubscription(db, userId, {
    type: rec.type,
    tierType: rec.tierType,
    storeSource: rec.storeSource,
    status: rec.status,
    currentPeriodEnd: rec.currentPeriodEnd,
    pendingTierType: rec.pendingTierType,
    provider: rec.provider,
    providerCustomerId: rec.providerCustomerId,
    providerSubscriptionId: rec.providerSubscriptionId,
  });
}

/** The user's subscription now, writing down anything time has settled (see advanceRecord). */
export async function currentSubscription(db: Executor, userId: string, now = new Date()): Promise<SubscriptionRecord> {
  const rec = recordOf(await getSubscription(db, userId));
  const next = advanceRecord(rec, now);
  if (next !== rec) await saveSubscription(db, userId, next);
  return next;
}

export function toSubscriptionDto(rec: SubscriptionRecord, billingMode: 'stripe' | 'test'): Subscription {
  const summary = subscriptionSummary(rec);
  return {
    ...summary,
    currentPeriodEnd: summary.currentPeriodEnd?.toISOString() ?? null,
    provider: rec.provider,
    billingMode,
  };
}

/** GET /v1/me/subscription. */
export async function mySubscription(s: Services, userId: string, now = new Date()): Promise<Subscription> {
  return toSubscriptionDto(await currentSubscription(s.db, userId, now), s.stripe ? 'stripe' : 'test');
}
