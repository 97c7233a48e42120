'use client';
import { useEffect, useRef, useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { CheckCircle2, Clock, LoaderCircle, RotateCw } from 'lucide-react';
import { isTierId, planLabel, tierChangeDirection, upgradePath, type PremiumTierId, type TierChangeDirection } from '@sprout/core';
import { useSubscription } from '../subscription';
import { Button } from '@/ui/button';
import { isConfirmed } from './checkout-copy';
import { useFinishPlanChange } from './use-finish-plan-change';

/** How long to wait for the payment provider's confirmation (a Stripe webhook) before saying so. */
const CONFIRM_TIMEOUT_MS = 30_000;

/**
 * Where every checkout ends (Stripe's success URL, the test checkout's Pay, in-place plan changes):
 * waits until the subscription shows the new plan, then refreshes usage and the session, sends the
 * 'Upgrade' event, shows a toast and returns to `returnTo`.
 */
export function CheckoutComplete({ tier, from, returnTo, change }: { tier: PremiumTierId; from: string; returnTo: string; change?: TierChangeDirection }) {
  const router = useRouter();
  const finish = useFinishPlanChange();
  const direction = change ?? tierChangeDirection(isTierId(from) ? from : 'free', tier);
  const [timedOut, setTimedOut] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const subscription = useSubscription({ refetchInterval: timedOut ? false : 1000 });
  const confirmed = isConfirmed(subscription.data, tier, direction);
  const done = useRef(false);

  useEffect(() => {
    if (confirmed) return;
    const timer = setTimeout(() => setTimedOut(true), CONFIRM_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [confirmed, attempt]);

  useEffect(() => {
    if (!confirmed || done.current || !subscription.data) return;
    done.current = true;
    const sub = subscription.data;
    void finish({ tier, from, direction, mode: sub.billingMode, effectiveAt: sub.pendingTierType === tier ? sub.currentPeriodEnd : null }).then(() =>
      router.replace(returnTo),
    );
  }, [confirmed, subscription.data, finish, tier, from, direction, router, returnTo]);

  if (timedOut && !confirmed) {
    return (
      <div className="mx-auto w-full max-w-md px-4 py-16 text-center" data-testid="checkout-pending" role="status">
        <Clock className="mx-auto mb-4 size-10 text-muted-foreground" aria-hidden="true" />
        <h1 className="text-xl font-semibold tracking-tight">We are still confirming your payment</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          This usually takes a few seconds. If you paid, your plan will appear on the Billing page shortly; you will not be charged twice.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
          <Button
            onClick={() => {
              setTimedOut(false);
              setAttempt((n) => n + 1);
              void subscription.refetch();
            }}
          >
            <RotateCw aria-hidden="true" /> Check again
          </Button>
          <Button asChild variant="outline">
            <Link href={upgradePath('billing')}>Go to Billing</Link>
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div
      className="mx-auto w-full max-w-md px-4 py-16 text-center"
      data-testid="checkout-confirming"
      data-confirmed={confirmed}
      role="status"
      aria-live="polite"
    >
      {confirmed ? (
        <CheckCircle2 className="mx-auto mb-4 size-10 text-primary" aria-hidden="true" />
      ) : (
        <LoaderCircle className="mx-auto mb-4 size-10 animate-spin text-muted-foreground" aria-hidden="true" />
      )}
      <h1 className="text-xl font-semibold tracking-tight">{confirmed ? `You’re on ${planLabel(tier)}` : 'Confirming your payment…'}</h1>
      <p className="mt-1 text-sm text-muted-foreground">{confirmed ? 'Taking you back…' : `Setting up ${planLabel(tier)}. This takes a moment.`}</p>
    </div>
  );
}
