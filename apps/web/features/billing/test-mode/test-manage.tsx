'use client';
import { useState } from 'react';
import Link from 'next/link';
import { ArrowLeft, CalendarClock, LoaderCircle } from 'lucide-react';
import { toast } from '@/lib/browser/toast';
import { PURCHASABLE_TIERS, upgradePath, type PremiumTierId } from '@sprout/core';
import { useConfig } from '@/lib/api/services';
import { errorText } from '@/lib/api/error-text';
import { useBillingCalls, useRefreshPlan, useSubscription, type Subscription } from '../subscription';
import { LoadError } from '@/ui/load-error';
import { billingDetails, formatBillingDate } from '../plan';
import { PlanNotice } from '../plan-section';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { Skeletons } from '@/ui/skeleton';
import { PlanRow, type Busy } from './manage-plan-row';
import { TestModeBanner } from './test-mode-banner';
import { useFinishPlanChange } from '../checkout/use-finish-plan-change';

/**
 * The test checkout's own manage page (what the Stripe billing portal is in production): switch
 * tier, cancel to Free at the end of the period, and — test mode only — end the period now.
 */
export function TestManage() {
  const calls = useBillingCalls();
  const { supportEmail } = useConfig();
  const subscription = useSubscription();
  const refresh = useRefreshPlan();
  const finish = useFinishPlanChange();
  const [busy, setBusy] = useState<Busy>(null);

  async function run(what: Busy, action: () => Promise<void>) {
    setBusy(what);
    try {
      await action();
    } catch (err) {
      toast.error(errorText(err, { status: 'none', network: false, otherwise: 'That did not work. Please try again.' }), { id: 'manage-error' });
    } finally {
      setBusy(null);
    }
  }

  const choose = (sub: Subscription) => (tier: PremiumTierId) =>
    run(tier, async () => {
      const res = await calls.changePlan(tier, upgradePath('billing'));
      await finish({
        tier,
        from: sub.tierType,
        direction: res.direction,
        mode: 'test',
        effectiveAt: res.direction === 'downgrade' ? sub.currentPeriodEnd : null,
      });
    });
  const cancel = () =>
    run('cancel', async () => {
      const next = await calls.cancelTestSubscription();
      await refresh();
      toast.success(next.currentPeriodEnd ? `Cancelled. You keep ${next.planLabel} until ${formatBillingDate(next.currentPeriodEnd)}.` : 'Cancelled.', {
        id: 'plan-changed',
      });
    });
  const renew = () =>
    run('renew', async () => {
      const next = await calls.renewTestSubscription();
      await refresh();
      toast.success(next.type === 'free' ? 'The period ended: you are on Free now.' : `Renewed: ${next.planLabel}.`, { id: 'plan-changed' });
    });

  if (subscription.isError && !subscription.data) {
    return <LoadError layout="box" title="Could not load your subscription." onRetry={() => void subscription.refetch()} />;
  }
  if (!subscription.data) {
    return <Skeletons className="gap-4" label="Loading subscription" bars={['h-20 w-full', 'h-48 w-full']} />;
  }
  const sub = subscription.data;
  if (sub.billingMode !== 'test' || sub.provider !== 'test' || sub.type !== 'subscribed on web') {
    return (
      <div className="rounded-xl border bg-card p-6 text-sm" data-testid="manage-unavailable">
        <p className="font-medium">
          {sub.billingMode === 'test' ? 'You have no test-mode subscription to manage.' : 'Subscriptions are managed in Stripe on this server.'}
        </p>
        <Button asChild variant="outline" className="mt-4">
          <Link href={upgradePath('billing')}>Go to Billing</Link>
        </Button>
      </div>
    );
  }
  const details = billingDetails(sub, supportEmail);

  return (
    <div className="grid gap-6" data-testid="test-manage" data-tier={sub.tierType}>
      <TestModeBanner detail="Changes here take effect like a real subscription would, but no payment is taken." />
      <section className="grid gap-3 rounded-xl border bg-card p-5 shadow-sm sm:p-6" aria-labelledby="manage-current">
        <h2 id="manage-current" className="text-sm font-medium text-muted-foreground">
          Current plan
        </h2>
        <p className="text-2xl font-semibold tracking-tight" data-testid="manage-plan-label">
          {details.planLabel}
        </p>
        <p className="text-sm text-muted-foreground">
          {details.renewal.label}: <span className="font-medium text-foreground">{details.renewal.value}</span>
        </p>
        <PlanNotice notice={details.notice} />
      </section>

      <section aria-labelledby="manage-plans" className="grid gap-3">
        <h2 id="manage-plans" className="font-semibold">
          Change plan
        </h2>
        <p className="text-sm text-muted-foreground">Upgrades apply at once. Downgrades apply when the current period ends, so you keep what you paid for.</p>
        <ul className="divide-y rounded-xl border bg-card">
          {PURCHASABLE_TIERS.map((tier) => (
            <PlanRow key={tier} sub={sub} tier={tier} busy={busy} onChoose={choose(sub)} />
          ))}
        </ul>
      </section>

      <section aria-labelledby="manage-cancel" className="grid gap-3 rounded-xl border bg-card p-5 sm:p-6">
        <h2 id="manage-cancel" className="font-semibold">
          Cancel subscription
        </h2>
        {sub.pendingTierType === 'free' ? (
          <p className="text-sm text-muted-foreground">Your subscription ends at the end of this period. Choose “Keep this plan” above to stay.</p>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">You keep {details.planLabel} until the end of this period, then move to Free. Your projects stay.</p>
            <ConfirmDialog
              trigger={
                <Button variant="outline" className="justify-self-start" disabled={busy !== null} data-testid="manage-cancel">
                  {busy === 'cancel' ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
                  Cancel subscription
                </Button>
              }
              title={<>Cancel {details.planLabel}?</>}
              description={<>You keep it until {details.renewal.value}. After that you are on Free: 5 projects, 5 messages a day. Nothing is deleted.</>}
              cancelLabel="Keep my plan"
              confirmLabel="Cancel subscription"
              confirmTestId="manage-cancel-confirm"
              onConfirm={() => void cancel()}
            />
          </>
        )}
      </section>

      <section aria-labelledby="manage-tools" className="grid gap-3 rounded-xl border border-dashed p-5 sm:p-6">
        <h2 id="manage-tools" className="flex items-center gap-2 font-semibold">
          <CalendarClock className="size-4" aria-hidden="true" /> Test tools
        </h2>
        <p className="text-sm text-muted-foreground">End the current billing period now, as if the renewal date had come: scheduled changes take effect.</p>
        <Button variant="secondary" className="justify-self-start" onClick={() => void renew()} disabled={busy !== null} data-testid="manage-renew">
          {busy === 'renew' ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          Simulate renewal now
        </Button>
      </section>

      <Button asChild variant="ghost" className="justify-self-start">
        <Link href={upgradePath('billing')}>
          <ArrowLeft aria-hidden="true" /> Back to Billing
        </Link>
      </Button>
    </div>
  );
}
