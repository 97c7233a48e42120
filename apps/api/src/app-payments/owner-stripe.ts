import Stripe from 'stripe';
import { listSecretInfo } from '@sprout/db';
import { AppError } from '../errors';
import { secretsForCall } from '../functions/secrets';
import type { Services } from '../services';

// An app takes live payments with its owner's own Stripe account: its key and webhook signing secret
// are the live secrets STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, never Sprout's own billing key.

const STRIPE_KEY_SECRET = 'STRIPE_SECRET_KEY';
const STRIPE_WEBHOOK_SECRET = 'STRIPE_WEBHOOK_SECRET';

export const notSetUp = () => new AppError(503, 'payments_not_set_up', 'This app cannot take payments yet: its owner has not connected Stripe.');

export interface OwnerStripe {
  stripe: Stripe;
  webhookSecret: string | null;
}

/** The owner's Stripe client for their published app, or null when no live key is set. */
export async function ownerStripe(s: Services, sproutId: string): Promise<OwnerStripe | null> {
  const env = await secretsForCall(s, sproutId, 'live');
  const key = env[STRIPE_KEY_SECRET];
  if (!key) return null;
  const stripe = new Stripe(key, {
    // The same Stripe API as Sprout's own billing: the stand-in of tests when STRIPE_API_URL says so.
    ...(s.config.billing.stripeApi ?? {}),
    timeout: 20_000,
    maxNetworkRetries: 2,
    telemetry: false,
    appInfo: { name: 'Sprout apps' },
  });
  return { stripe, webhookSecret: env[STRIPE_WEBHOOK_SECRET] ?? null };
}

/** Which of the two live secrets are set (by name only: nothing is opened). */
export async function stripeSecretsSet(s: Services, sproutId: string): Promise<{ stripeConnected: boolean; webhookSecretSet: boolean }> {
  const names = new Set((await listSecretInfo(s.db, { sproutId, dataset: 'live' })).map((r) => r.name));
  return { stripeConnected: names.has(STRIPE_KEY_SECRET), webhookSecretSet: names.has(STRIPE_WEBHOOK_SECRET) };
}

/** A Stripe failure as people are told it; what Stripe said stays in the log. */
export function stripeFailed(s: Services, err: unknown, what: string): AppError {
  s.log.warn({ err: err instanceof Error ? err.message : String(err) }, `an app's Stripe request failed: ${what}`);
  if (err instanceof Stripe.errors.StripeAuthenticationError) return notSetUp();
  return new AppError(502, 'payment_failed', 'Stripe did not accept the request. Please try again in a moment.');
}
