import { isPaidSubscription, planLabel, type StaffAssignableTier } from '@sprout/core';
import { getUsageStats, getUserByEmail, getUserById, listAuditForUser, lockUser, writeAudit, type UserWithTier } from '@sprout/db';
import { AppError, notFound } from '../errors';
import type { AdminUser } from '@sprout/core/contract';
import { toUserDto } from '../dto';
import type { Services } from '../services';
import { currentSubscription, saveSubscription, toSubscriptionDto, type SubscriptionRecord } from './subscriptions';

export async function describeUser(s: Services, user: UserWithTier, now: Date): Promise<AdminUser> {
  const subscription = await currentSubscription(s.db, user.id, now);
  // Read after settling, so the tier shown and the limits agree.
  const fresh = (await getUserById(s.db, user.id)) ?? user;
  const [usage, audit] = await Promise.all([getUsageStats(s.db, user.id, now), listAuditForUser(s.db, user.id, 10)]);
  return {
    user: toUserDto(fresh),
    subscription: toSubscriptionDto(subscription, s.stripe ? 'stripe' : 'test'),
    usage,
    audit: audit.map((e) => ({ action: e.action, actorId: e.actorId, details: e.details, createdAt: e.createdAt.toISOString() })),
  };
}

/** GET /v1/admin/users?email= — a person's plan, subscription, usage and recent billing history. */
export async function lookUpUser(s: Services, email: string, now = new Date()): Promise<AdminUser> {
  const user = await getUserByEmail(s.db, email);
  if (!user) throw notFound('No user has that email.');
  return describeUser(s, user, now);
}

/**
 * PUT /v1/admin/users/:id/tier — hands out (or takes back) a complimentary plan, audited with the
 * staff member as actor. Refused over a paid subscription: the person would keep being billed for
 * a plan we replaced, so that subscription has to be cancelled first.
 */
export async function setUserTier(s: Services, actorId: string, targetId: string, tier: StaffAssignableTier, now = new Date()): Promise<AdminUser> {
  if (actorId === targetId) throw new AppError(400, 'own_plan', 'You cannot change your own plan. Ask another staff member.');
  const target = await getUserById(s.db, targetId);
  if (!target) throw notFound('User not found.');
  await s.db.transaction(async (tx) => {
    await lockUser(tx, targetId);
    const current = await currentSubscription(tx, targetId, now);
    if (isPaidSubscription(current)) {
      throw new AppError(
        409,
        'has_paid_subscription',
        `This person pays for ${planLabel(current.tierType)} (${current.type}). Cancel that subscription first.`,
      );
    }
    const next: SubscriptionRecord = {
      type: tier === 'free' ? 'free' : 'internal',
      tierType: tier,
      storeSource: null,
      status: 'active',
      currentPeriodEnd: null,
      pendingTierType: null,
      provider: null,
      providerCustomerId: current.providerCustomerId,
      providerSubscriptionId: null,
    };
    await saveSubscription(tx, targetId, next);
    await writeAudit(tx, { actorId, action: 'user.tier.set', targetUserId: targetId, details: { from: current.tierType, to: tier } });
  });
  s.log.warn({ actorId, userId: targetId, tier, event: 'tier_set_by_staff' }, `staff ${actorId} set ${targetId} to ${tier}`);
  return describeUser(s, (await getUserById(s.db, targetId))!, now);
}
