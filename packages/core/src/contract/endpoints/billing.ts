import {
  CheckoutBody,
  CheckoutParams,
  CheckoutStart,
  MOBILE_SIGNATURE_HEADER,
  MobileNotificationHeaders,
  PortalAnswer,
  PortalBody,
  StripeWebhookHeaders,
  Subscription,
  TestCheckout,
  TestCheckoutCompletion,
  WebhookReceipt,
} from '../billing';
import { PlanPrices } from '../prices';
import { endpoint } from '../endpoint';

// Who may not buy or change a plan themselves, and why: included with their plan, billed by an app
// store, or managed by our sales team.
const selfServiceRefusals = ['plan_included', 'managed_in_store', 'managed_by_sales'] as const;
// A provider notification is refused until its signature is checked.
const signatureErrors = ['not_configured', 'missing_signature', 'invalid_signature'] as const;

/** Plans, checkout, the subscription, the built-in test checkout and the providers' notifications. */
export const BILLING_ENDPOINTS = {
  subscription: endpoint('subscription', { tag: 'billing', reply: { status: 200, schema: Subscription }, errors: [] }),
  // Visitors see prices too (the pricing page).
  prices: endpoint('prices', { tag: 'billing', reply: { status: 200, schema: PlanPrices }, errors: [] }),
  startCheckout: endpoint('startCheckout', {
    tag: 'billing',
    body: CheckoutBody,
    reply: { status: 200, schema: CheckoutStart },
    errors: [...selfServiceRefusals, 'already_on_plan', 'billing_unavailable'],
  }),
  openBillingPortal: endpoint('openBillingPortal', {
    tag: 'billing',
    // No body: back to the billing settings afterwards.
    body: PortalBody.nullish(),
    reply: { status: 200, schema: PortalAnswer },
    errors: [...selfServiceRefusals, 'no_subscription', 'billing_unavailable'],
  }),
  // The test checkout answers not_found whenever Stripe is configured.
  testCheckout: endpoint('testCheckout', { tag: 'billing', params: CheckoutParams, reply: { status: 200, schema: TestCheckout }, errors: [] }),
  completeTestCheckout: endpoint('completeTestCheckout', {
    tag: 'billing',
    params: CheckoutParams,
    reply: { status: 200, schema: TestCheckoutCompletion },
    errors: ['checkout_completed', 'checkout_expired', ...selfServiceRefusals],
  }),
  cancelTestSubscription: endpoint('cancelTestSubscription', {
    tag: 'billing',
    reply: { status: 200, schema: Subscription },
    errors: ['no_test_subscription', 'managed_by_sales'],
  }),
  renewTestSubscription: endpoint('renewTestSubscription', {
    tag: 'billing',
    reply: { status: 200, schema: Subscription },
    errors: ['no_test_subscription', 'managed_by_sales'],
  }),
  // The two notifications keep their body as raw bytes (the signature covers them), so they declare
  // none; they are mounted once, under /v1 only: each provider is configured with one address.
  stripeWebhook: endpoint('stripeWebhook', {
    tag: 'billing',
    description: 'Stripe events (checkout.session.completed, customer.subscription.*), verified by the Stripe-Signature header.',
    headers: StripeWebhookHeaders,
    reply: { status: 200, schema: WebhookReceipt },
    errors: [...signatureErrors, 'signature_expired', 'stripe_unavailable'],
  }),
  mobileStoreNotification: endpoint('mobileStoreNotification', {
    tag: 'billing',
    description: `App Store / Play Store subscription notifications from our store relay, signed with ${MOBILE_SIGNATURE_HEADER}: sha256=<hex HMAC-SHA256 of the body with MOBILE_NOTIFICATION_SECRET>.`,
    headers: MobileNotificationHeaders,
    reply: { status: 200, schema: WebhookReceipt },
    errors: signatureErrors,
  }),
} as const;
