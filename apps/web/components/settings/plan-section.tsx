'use client';
import Link from 'next/link';
import { AlertCircle, ArrowUpRight, Check, Info, RotateCw, Smartphone } from 'lucide-react';
import { planLabel, upgradePath } from '@sprout/core';
import { useConfig } from '@/lib/client/app-context';
import { useSubscription, type Subscription } from '@/lib/client/billing';
import { ManageSubscriptionButton } from '@/components/billing/manage-subscription-button';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { billingDetails, planSummary, type BillingDetails } from './plan';

function Loading() {
  return (
    <div className="grid gap-3" aria-busy="true" aria-label="Loading plan">
      <Skeleton className="h-6 w-32" />
      <Skeleton className="h-4 w-56" />
      <Skeleton className="h-9 w-44" />
    </div>
  );
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-destructive/30 bg-destructive/5 p-4 text-sm" data-testid="plan-error">
      <p className="flex items-center gap-2 font-medium">
        <AlertCircle className="size-4 text-destructive" aria-hidden="true" /> Could not load your plan.
      </p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCw aria-hidden="true" /> Try again
      </Button>
    </div>
  );
}

export function PlanNotice({ notice }: { notice: BillingDetails['notice'] }) {
  if (!notice) return null;
  return (
    <p
      data-testid="plan-notice"
      data-tone={notice.tone}
      className={cn(
        'flex items-start gap-2 rounded-lg border p-3 text-sm',
        notice.tone === 'warning' ? 'border-warning/50 bg-warning/10' : 'bg-muted/40 text-muted-foreground',
      )}
    >
      {notice.tone === 'warning' ? <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" /> : <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />}
      {notice.text}
    </p>
  );
}

function ManageArea({ details, returnTo }: { details: BillingDetails; returnTo: string }) {
  const { manage } = details;
  const pricing = (
    <Button asChild variant={manage.kind === 'portal' || details.pricingLabel !== 'Upgrade' ? 'outline' : 'default'} data-testid="pricing-link">
      <Link href={upgradePath('pricing')}>
        {details.pricingLabel} <ArrowUpRight aria-hidden="true" />
      </Link>
    </Button>
  );
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap gap-2">
        {manage.kind === 'portal' ? <ManageSubscriptionButton returnTo={returnTo} /> : null}
        {pricing}
      </div>
      {manage.kind === 'store' ? (
        <p className="flex items-start gap-2 text-sm text-muted-foreground" data-testid="manage-in-store">
          <Smartphone className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          You subscribed in the {manage.store}. Change or cancel your plan in the {manage.store} on your device.
        </p>
      ) : null}
      {manage.kind === 'sales' ? (
        <p className="text-sm text-muted-foreground" data-testid="manage-by-sales">
          {planLabel('tier-4')} is managed by our team. To change it, write to{' '}
          <a className="font-medium text-primary underline-offset-4 hover:underline" href={`mailto:${manage.email}`}>
            {manage.email}
          </a>
          .
        </p>
      ) : null}
    </div>
  );
}

/**
 * Plan label (SPEC §4 texts), what it includes, and the manage-subscription button exactly where
 * core canManageSubscription allows it — read from GET /v1/me/subscription, never guessed from the tier.
 */
export function PlanDetails({ returnTo, children }: { returnTo: string; children?: (sub: Subscription, details: BillingDetails) => React.ReactNode }) {
  const { supportEmail } = useConfig();
  const subscription = useSubscription();
  if (subscription.isError && !subscription.data) return <LoadError onRetry={() => void subscription.refetch()} />;
  if (!subscription.data) return <Loading />;
  const sub = subscription.data;
  const details = billingDetails(sub, supportEmail);
  return (
    <div className="grid gap-4" data-testid="plan-details" data-tier={sub.tierType} data-type={sub.type}>
      <div>
        <p className="text-lg font-semibold" data-testid="plan-label">
          {details.planLabel}
        </p>
        <ul className="mt-2 grid gap-1 text-sm text-muted-foreground">
          {planSummary(sub.tierType).map((line) => (
            <li key={line} className="flex items-center gap-2">
              <Check className="size-3.5 shrink-0 text-primary" aria-hidden="true" /> {line}
            </li>
          ))}
        </ul>
      </div>
      <PlanNotice notice={details.notice} />
      {children?.(sub, details)}
      <ManageArea details={details} returnTo={returnTo} />
    </div>
  );
}
