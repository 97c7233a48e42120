import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { PURCHASABLE_TIERS, STORE_SOURCES } from '@sprout/core';
import { MOBILE_SIGNATURE_HEADER } from '@sprout/core/contract';
import { getUserById, isBillingEventRecorded, lockUser, recordBillingEvent, writeAudit } from '@sprout/db';
import { AppError } from '../errors';
import type { Services } from '../services';
import { currentSubscription, endedRecord, saveSubscription, type SubscriptionRecord } from './subscriptions';
import type { WebhookReceipt } from './stripe-webhook';

// The mobile apps' purchases are verified by our store relay (App Store Server Notifications,
// Google Play RTDN), which forwards each one here signed with a shared secret.

/** `sha256=<hex HMAC-SHA256 of the raw body>` — what the relay sends and tests compute. */
export function signMobileNotification(rawBody: string | Buffer, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

function verifyMobileSignature(s: Services, raw: Buffer, header: string | undefined): void {
  const secret = s.config.billing.mobileNotificationSecret;
  if (!secret) throw new AppError(503, 'not_configured', 'Mobile store notifications are not configured on this server (MOBILE_NOTIFICATION_SECRET).');
  if (!header) throw new AppError(400, 'missing_signature', `The ${MOBILE_SIGNATURE_HEADER} header is missing.`);
  const expected = Buffer.from(signMobileNotification(raw, secret));
  const given = Buffer.from(header.trim());
  // Constant time, so the signature cannot be guessed byte by byte from response times.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new AppError(400, 'invalid_signature', `The ${MOBILE_SIGNATURE_HEADER} header does not match this notification.`);
  }
}

const ACTIVE_EVENTS = ['subscribed', 'renewed', 'changed'] as const;

const MobileNotificationSchema = z
  .looseObject({
    notificationId: z.string().min(1).max(200),
    userId: z.string().min(1).max(64),
    storeSource: z.enum(STORE_SOURCES),
    event: z.enum([...ACTIVE_EVENTS, 'expired', 'revoked']),
    tierType: z.enum(PURCHASABLE_TIERS).optional(),
    expiresAt: z.iso.datetime({ offset: true }).optional(),
    originalTransactionId: z.string().min(1).max(200).optional(),
  })
  .refine((n) => !(ACTIVE_EVENTS as readonly string[]).includes(n.event) || (n.tierType && n.expiresAt), {
    error: 'subscribed, renewed and changed notifications need tierType and expiresAt.',
  });
type MobileNotification = z.infer<typeof MobileNotificationSchema>;

/** The record after a store notification, or why it changes nothing. */
function applyMobileNotification(current: SubscriptionRecord, n: MobileNotification): { next: SubscriptionRecord } | { ignored: string } {
  if (current.type === 'internal') return { ignored: 'complimentary_plan' };
  if (n.event === 'expired' || n.event === 'revoked') {
    // Only a store subscription ends with a store notification; a web one the person pays now stays.
    if (current.type !== 'subscribed on mobile') return { ignored: 'not_a_mobile_subscription' };
    if (n.originalTransactionId && current.providerSubscriptionId && n.originalTransactionId !== current.providerSubscriptionId) {
      return { ignored: 'other_subscription' };
    }
    return { next: endedRecord(current, n.event) };
  }
  // The stores schedule downgrades themselves and notify when they happen: apply what they say.
  return {
    next: {
      type: 'subscribed on mobile',
      tierType: n.tierType!,
      storeSource: n.storeSource,
      status: 'active',
      currentPeriodEnd: new Date(n.expiresAt!),
      pendingTierType: null,
      provider: 'store',
      providerCustomerId: null,
      providerSubscriptionId: n.originalTransactionId ?? current.providerSubscriptionId ?? null,
    },
  };
}

/** POST /v1/billing/mobile/notification: verify, parse, then apply each notification id once. */
export async function receiveMobileNotification(s: Services, raw: Buffer, signature: string | undefined, now = new Date()): Promise<WebhookReceipt> {
  verifyMobileSignature(s, raw, signature);
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new AppError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
  const parsed = MobileNotificationSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError(400, 'invalid_request', `Invalid notification: ${issue.path.join('.') || 'body'}: ${issue.message}`);
  }
  const n = parsed.data;
  if (await isBillingEventRecorded(s.db, 'mobile', n.notificationId)) return { received: true, duplicate: true, outcome: 'duplicate' };
  const userId = (await getUserById(s.db, n.userId))?.id ?? null;
  const receipt = await s.db.transaction(async (tx): Promise<WebhookReceipt> => {
    let result: ReturnType<typeof applyMobileNotification> = { ignored: 'unknown_user' };
    if (userId) {
      await lockUser(tx, userId);
      result = applyMobileNotification(await currentSubscription(tx, userId, now), n);
    }
    const outcome = 'ignored' in result ? `ignored: ${result.ignored}` : 'applied';
    const fresh = await recordBillingEvent(tx, { source: 'mobile', eventId: n.notificationId, type: n.event, userId, outcome });
    if (!fresh) return { received: true, duplicate: true, outcome: 'duplicate' };
    if (userId && 'next' in result) {
      await saveSubscription(tx, userId, result.next);
      await writeAudit(tx, {
        actorId: null,
        action: 'billing.mobile.notification',
        targetUserId: userId,
        details: { notificationId: n.notificationId, event: n.event, storeSource: n.storeSource, tierType: result.next.tierType },
      });
    }
    return { received: true, duplicate: false, outcome };
  });
  s.log.info({ event: 'mobile_notification', notificationId: n.notificationId, type: n.event, userId, outcome: receipt.outcome }, 'mobile store notification');
  return receipt;
}
