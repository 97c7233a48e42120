'use client';
import Link from 'next/link';
import { AlertCircle, ArrowUpRight, Check, Info, Smartphone, type LucideIcon } from 'lucide-react';
import { isPremiumTier, planLabel, upgradePath } from '@sprout/core';
import { useConfig } from '@/lib/api/services';
import { useSubscription, type Subscription } from './subscription';
import { ManageSubscriptionButton } from './manage-subscription-button';
import { Button } from '@/ui/button';
import { LoadError } from '@/ui/load-error';
import { Skeletons } from '@/ui/skeleton';
import { PlanPrice } from './plan-price';
import { cn } from '@/lib/cn';
import { billingDetails, planSummary, type BillingDetails } from './plan';

/** What a plan includes, one ticked line each. */
export function PlanSummaryList({
  tier,
  className,
  icon: Icon = Check,
  iconClassName = 'size-3.5',
}: {
  tier: string;
  className?: string;
  icon?: LucideIcon;
  iconClassName?: string;
}) {
  return (
    <ul className={cn('grid text-sm', className)}>
      {planSummary(tier).map((line) => (
        <li key={line} className="flex items-center gap-2">
          <Icon className={cn('shrink-0 text-primary', iconClassName)} aria-hidden="true" /> {line}
        </li>
      ))}
    </ul>
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
      {notice.tone === 'warning' ? (
        <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      ) : (
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      )}
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
 * Plan label (core's texts), what it includes, and the manage-subscription button exactly where
 * core canManageSubscription allows it — read from GET /v1/me/subscription, never guessed from the tier.
 */
export function PlanDetails({ returnTo, children }: { returnTo: string; children?: (sub: Subscription, details: BillingDetails) => React.ReactNode }) {
  const { supportEmail } = useConfig();
  const subscription = useSubscription();
  if (subscription.isError && !subscription.data) {
    return (
      <LoadError layout="box" className="rounded-lg p-4" testId="plan-error" title="Could not load your plan." onRetry={() => void subscription.refetch()} />
    );
  }
  if (!subscription.data) return <Skeletons className="gap-3" label="Loading plan" bars={['h-6 w-32', 'h-4 w-56', 'h-9 w-44']} />;
  const sub = subscription.data;
  const details = billingDetails(sub, supportEmail);
  return (
    <div className="grid gap-4" data-testid="plan-details" data-tier={sub.tierType} data-type={sub.type}>
      <div>
        <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <span className="text-lg font-semibold" data-testid="plan-label">
            {details.planLabel}
          </span>
          {isPremiumTier(sub.tierType) && sub.type !== 'subscribed on mobile' ? (
            <PlanPrice tier={sub.tierType} className="text-sm text-muted-foreground" />
          ) : null}
        </p>
        <PlanSummaryList tier={sub.tierType} className="mt-2 gap-1 text-muted-foreground" />
      </div>
      <PlanNotice notice={details.notice} />
      {children?.(sub, details)}
      <ManageArea details={details} returnTo={returnTo} />
    </div>
  );
}
