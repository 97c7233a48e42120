import { z } from 'zod';
import { PURCHASABLE_TIERS, STAFF_ASSIGNABLE_TIERS } from '../plans/billing';
import { Usage } from './usage';
import { User } from './users';

/** GET /v1/me/subscription: core's subscriptionSummary plus how it is billed. */
export const Subscription = z
  .object({
    type: z.string().describe("'subscribed on web' | 'subscribed on mobile' | 'internal' | 'free'"),
    tierType: z.string(),
    planLabel: z.string(),
    storeSource: z.string().nullable().describe('app_store | mac_app_store | play_store'),
    storeLabel: z.string().nullable().describe("'App Store' or 'Play Store' for mobile subscriptions"),
    status: z.string(),
    currentPeriodEnd: z.string().nullable().describe('When the paid period ends (renewal date)'),
    pendingTierType: z.string().nullable().describe('A downgrade (or, with free, a cancellation) taking effect at currentPeriodEnd'),
    pendingPlanLabel: z.string().nullable(),
    canManage: z.boolean().describe('Whether self-service management is offered (core canManageSubscription)'),
    isPaid: z.boolean(),
    provider: z.enum(['stripe', 'test', 'store']).nullable(),
    billingMode: z.enum(['stripe', 'test']).describe('test: the built-in test checkout, no money moves'),
  })
  .meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof Subscription>;

const direction = z.enum(['upgrade', 'downgrade', 'equal']);
const returnTo = z.string().max(2000).optional().describe('Same-origin path to come back to afterwards (default /build)');

export const CheckoutBody = z.strictObject({ tier: z.enum(PURCHASABLE_TIERS), returnTo });
export type CheckoutBody = z.infer<typeof CheckoutBody>;

export const CheckoutStart = z.object({
  url: z.string().describe('Send the browser here'),
  mode: z.enum(['stripe', 'test']),
  action: z.enum(['checkout', 'changed']).describe('changed: an existing subscription changed tier, no payment page'),
  direction,
});
export type CheckoutStart = z.infer<typeof CheckoutStart>;

export const PortalBody = z.strictObject({ returnTo });
export const PortalAnswer = z.object({ url: z.string() });

export const CheckoutParams = z.strictObject({ id: z.string().regex(/^[a-z0-9]{32}$/, { error: 'Invalid checkout id.' }) });

/** The built-in test checkout's session (no money moves). */
export const TestCheckout = z
  .object({
    id: z.string(),
    tierType: z.string(),
    planLabel: z.string(),
    monthlyMessages: z.number().int().nullable(),
    status: z.enum(['open', 'completed', 'expired']),
    expiresAt: z.string(),
    returnTo: z.string(),
    currentTierType: z.string(),
    direction,
  })
  .meta({ id: 'TestCheckout' });
export type TestCheckout = z.infer<typeof TestCheckout>;

export const TestCheckoutCompletion = z.object({
  subscription: Subscription,
  from: z.string(),
  direction,
  returnTo: z.string(),
  url: z.string().describe('The confirmation page that finishes the flow (toast, analytics, back to returnTo)'),
});
export type TestCheckoutCompletion = z.infer<typeof TestCheckoutCompletion>;

/** The header Stripe signs its events in. */
export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';
/** The header our store relay signs the mobile stores' notifications in. */
export const MOBILE_SIGNATURE_HEADER = 'x-sprout-signature';
// Optional here: a notification without its signature is refused by the signature check
// (missing_signature), not by validation, so the provider is told what is wrong.
export const StripeWebhookHeaders = z.looseObject({ [STRIPE_SIGNATURE_HEADER]: z.string().max(2000).optional() });
export const MobileNotificationHeaders = z.looseObject({ [MOBILE_SIGNATURE_HEADER]: z.string().max(200).optional() });

/** What a provider notification (Stripe, the mobile store relay) is answered. */
export const WebhookReceipt = z.object({ received: z.literal(true), duplicate: z.boolean(), outcome: z.string() });

/** Staff: a person's plan, subscription, usage and recent billing history. */
export const AdminUser = z
  .object({
    user: User,
    subscription: Subscription,
    usage: Usage,
    audit: z.array(z.object({ action: z.string(), actorId: z.string().nullable(), details: z.record(z.string(), z.unknown()), createdAt: z.string() })),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof AdminUser>;

export const AdminUserQuery = z.strictObject({ email: z.email().max(254) });
export const UserParams = z.strictObject({ id: z.string().min(1).max(64) });
export const TierBody = z.strictObject({ tier: z.enum(STAFF_ASSIGNABLE_TIERS) });
