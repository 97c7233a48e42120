import { AppError } from '../errors';
import type { Services } from '../services';

/** A failed call to Stripe: logged in full for us, a calm retry message for the person. */
export function billingUnavailable(s: Services, err: unknown, what: string): AppError {
  s.log.error({ err, event: 'stripe_call_failed', what }, `Stripe ${what} failed`);
  return new AppError(502, 'billing_unavailable', 'Payments are not available right now. Nothing was charged. Please try again in a moment.');
}
