'use client';
import { useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { ArrowDown, ArrowUp, CircleSlash, FlaskConical, LoaderCircle, ShieldCheck } from 'lucide-react';
import { toast } from '@/lib/browser/toast';
import { track } from '@/features/telemetry';
import { planLabel, tierChangeDirection, upgradePath, type PremiumTierId, type TierId } from '@sprout/core';
import { useConfig } from '@/lib/api/services';
import { useBillingCalls, useSubscription } from '../subscription';
import { checkoutStep } from './checkout-copy';
import { returnToQuery } from '../return-to';
import { useAuth } from '@/lib/api/auth';
import { useUsage } from '@/features/usage';
import { errorText, hasStatus } from '@/lib/api/error-text';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Skeletons } from '@/ui/skeleton';
import { isComplimentaryTier, knownTier } from '../plan-data';
import { PlanChangeCard } from './plan-change-card';

const CHECKOUT_UNAVAILABLE = 'Checkout is not available yet. Please try again later.';

function checkoutUrl(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const { url, checkoutUrl: alt } = body as { url?: unknown; checkoutUrl?: unknown };
  const candidate = typeof url === 'string' ? url : typeof alt === 'string' ? alt : null;
  if (!candidate) return null;
  try {
    const parsed = new URL(candidate, window.location.href);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * The order summary, then the hand-over to checkout: Stripe or the test checkout for a new
 * subscription, or an in-place plan change for an existing one (POST /v1/billing/checkout decides).
 */
export function CheckoutSummary({
  tier,
  serverTier,
  returnTo,
  canceled = false,
}: {
  tier: PremiumTierId;
  serverTier: string | null;
  returnTo?: string;
  canceled?: boolean;
}) {
  const calls = useBillingCalls();
  const router = useRouter();
  const { supportEmail } = useConfig();
  const { user } = useAuth();
  const usage = useUsage();
  const subscription = useSubscription();
  const [pending, setPending] = useState(false);
  const knownCurrent = subscription.data?.tierType ?? usage.data?.tier ?? user?.tier ?? serverTier;
  const current: TierId = knownTier(knownCurrent);
  // The button depends on the subscription (new checkout or plan change); without it, a plain checkout.
  const loading = (!knownCurrent && usage.isPending) || (subscription.isPending && subscription.fetchStatus !== 'idle');
  const step = subscription.data ? checkoutStep(subscription.data, tier, supportEmail) : null;
  const direction = tierChangeDirection(current, tier);

  async function continueToCheckout() {
    setPending(true);
    try {
      const body = await calls.checkout(tier, returnTo);
      const url = checkoutUrl(body);
      if (!url) throw new Error('checkout answered without a URL');
      // The funnel's middle step (paywall → checkout → upgrade); the queue keeps it across the navigation.
      track('Checkout Started', { tier, from: current, direction });
      // Our own confirmation page is a client navigation; Stripe and the test checkout a full one.
      const target = new URL(url);
      if (target.origin === window.location.origin && target.pathname === '/checkout/complete') router.push(`${target.pathname}${target.search}`);
      else window.location.assign(url);
    } catch (err) {
      setPending(false);
      const message = hasStatus(err, 404) ? CHECKOUT_UNAVAILABLE : errorText(err, { status: 'none', network: false, otherwise: CHECKOUT_UNAVAILABLE });
      toast.error(message, { id: 'checkout-error', testId: 'checkout-error-toast', closeButton: true });
    }
  }

  if (loading) {
    return <Skeletons className="gap-4" label="Loading your plan" bars={['h-8 w-48', 'h-40 w-full', 'h-10 w-full']} />;
  }

  const heading = direction === 'equal' ? 'You are already on this plan' : direction === 'upgrade' ? 'Upgrade your plan' : 'Downgrade your plan';
  const DirectionIcon = direction === 'downgrade' ? ArrowDown : ArrowUp;

  return (
    <div data-testid="checkout-summary" data-direction={direction} data-tier={tier}>
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">{heading}</h1>
        {direction !== 'equal' ? (
          <Badge variant={direction === 'upgrade' ? 'default' : 'secondary'} data-testid="checkout-direction">
            <DirectionIcon className="size-3" aria-hidden="true" />
            {direction === 'upgrade' ? 'Upgrade' : 'Downgrade'}
          </Badge>
        ) : null}
      </div>
      <p className="mt-1 text-sm text-muted-foreground">
        From <span className="font-medium text-foreground">{planLabel(current)}</span> to <span className="font-medium text-foreground">{planLabel(tier)}</span>
      </p>

      <PlanChangeCard current={current} tier={tier} />

      {canceled ? (
        <p className="mt-6 flex items-start gap-2 rounded-lg border bg-muted/40 p-3 text-sm" data-testid="checkout-canceled" role="status">
          <CircleSlash className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          Checkout was cancelled. Nothing was charged.
        </p>
      ) : null}

      {isComplimentaryTier(current) ? (
        <p className="mt-6 rounded-lg border bg-card p-3 text-sm text-muted-foreground" data-testid="checkout-not-needed">
          Your {planLabel(current)} plan already includes unlimited projects and messages. There is nothing to buy.
        </p>
      ) : step?.kind === 'blocked' ? (
        <p className="mt-6 rounded-lg border bg-card p-3 text-sm text-muted-foreground" data-testid="checkout-not-needed">
          {step.note}
        </p>
      ) : direction === 'equal' && !subscription.data?.pendingTierType ? (
        <p className="mt-6 rounded-lg border bg-card p-3 text-sm text-muted-foreground" data-testid="checkout-not-needed">
          Nothing to change. Manage your subscription from{' '}
          <Link href={upgradePath('billing')} className="font-medium text-primary underline-offset-4 hover:underline">
            Billing
          </Link>
          .
        </p>
      ) : (
        <>
          <Button
            size="lg"
            className="mt-6 w-full"
            onClick={() => void continueToCheckout()}
            disabled={pending}
            data-testid="checkout-continue"
            data-step={step?.kind ?? 'pay'}
          >
            {pending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
            {step ? step.button : 'Continue to checkout'}
          </Button>
          <p className="mt-3 flex items-start gap-2 text-xs text-muted-foreground" data-testid="checkout-note">
            {subscription.data?.billingMode === 'test' ? (
              <FlaskConical className="mt-px size-4 shrink-0 text-warning" aria-hidden="true" />
            ) : (
              <ShieldCheck className="mt-px size-4 shrink-0" aria-hidden="true" />
            )}
            {step ? step.note : 'You confirm payment details on the next page. You can change or cancel your plan at any time from Billing.'}
          </p>
        </>
      )}

      <Button asChild variant="ghost" className="mt-4 w-full">
        <Link href={`/pricing${returnToQuery(returnTo, '?')}`}>Back to plans</Link>
      </Button>
    </div>
  );
}
