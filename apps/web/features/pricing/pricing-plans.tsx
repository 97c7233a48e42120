'use client';
import Link from 'next/link';
import { Check, Crown, Sparkles } from 'lucide-react';
import type { PlanPrices } from '@sprout/core/contract';
import { planLabel, upgradePath, type TierId } from '@sprout/core';
import { useAuth } from '@/lib/api/auth';
import { useUsage } from '@/features/usage';
import {
  useSubscription,
  usePlanPrices,
  PlanPrice,
  EVERY_PLAN_FEATURES,
  isComplimentaryTier,
  knownTier,
  limitText,
  managedBy,
  planAction,
  pricingPlans,
  type ManagedBy,
  type PlanInfo,
  type PlanAction,
} from '@/features/billing';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { cn } from '@/lib/cn';
import { ComparisonTable } from './comparison-table';

const PLANS = pricingPlans();

/**
 * The plan the person is on: fresh usage first, then the signed-in profile, then what the server
 * rendered; null for visitors.
 */
function useCurrentTier(serverTier: string | null): TierId | null {
  const { status, user } = useAuth();
  const usage = useUsage();
  if (status === 'signed-out') return null;
  if (status === 'uninitialised') return serverTier ? knownTier(serverTier) : null;
  return knownTier(usage.data?.tier ?? user?.tier ?? serverTier);
}

function ActionButton({ plan, action }: { plan: PlanInfo; action: PlanAction }) {
  const testId = `plan-action-${plan.tier}`;
  if (action.kind === 'current') {
    return (
      <Button variant="outline" disabled className="w-full" data-testid={testId}>
        <Check aria-hidden="true" /> Your plan
      </Button>
    );
  }
  if (action.kind === 'included') {
    return (
      <Button variant="outline" disabled className="w-full" data-testid={testId}>
        Included in your plan
      </Button>
    );
  }
  if (action.kind === 'managed') {
    return (
      <Button asChild variant="outline" className="w-full" data-testid={testId} data-managed="true">
        <Link href={upgradePath('billing')}>{action.label}</Link>
      </Button>
    );
  }
  const primary = action.kind === 'change' && action.direction === 'upgrade';
  return (
    <Button
      asChild
      variant={primary ? 'default' : 'outline'}
      className="w-full"
      data-testid={testId}
      data-direction={action.kind === 'change' ? action.direction : undefined}
    >
      <Link href={action.href} aria-label={`${action.label} to ${plan.name}`}>
        {action.label}
      </Link>
    </Button>
  );
}

function PlanCard({ plan, current, managed, returnTo }: { plan: PlanInfo; current: TierId | null; managed: ManagedBy; returnTo?: string }) {
  const isCurrent = current === plan.tier;
  const action = planAction(plan.tier, current, upgradePath('billing'), { managed, returnTo });
  const premium = plan.allowance !== null;
  return (
    <li
      data-testid={`plan-${plan.tier}`}
      aria-current={isCurrent ? 'true' : undefined}
      className={cn(
        'relative flex flex-col gap-5 rounded-2xl border bg-card p-5 shadow-xs transition-shadow',
        isCurrent && 'border-primary shadow-md ring-1 ring-primary',
      )}
    >
      {/* On the card's top edge, not beside the name: five cards across leave no room for both. */}
      {isCurrent ? (
        <Badge data-testid="current-plan" data-tier={plan.tier} className="absolute -top-2.5 left-1/2 -translate-x-1/2 shadow-sm">
          Current plan
        </Badge>
      ) : null}
      <div className="flex min-h-6 items-center gap-2">
        <h3 className="flex min-w-0 items-center gap-1.5 font-semibold">
          {premium ? <Crown className="size-4 shrink-0 text-primary" aria-hidden="true" /> : null}
          <span className="truncate">{plan.name}</span>
        </h3>
      </div>
      <div className="grid gap-1">
        <PlanPrice tier={plan.tier} variant="large" />
        <p className="text-sm text-muted-foreground">
          <span className="font-semibold text-foreground tabular-nums">
            {premium ? plan.allowance!.toLocaleString('en-US') : limitText(plan.limits.dailyMessages)}
          </span>{' '}
          {premium ? 'messages a month' : 'messages a day'}
        </p>
      </div>
      <ActionButton plan={plan} action={action} />
      <ul className="grid gap-2 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
    </li>
  );
}

export function PricingPlans({ serverTier, returnTo, prices }: { serverTier: string | null; returnTo?: string; prices?: PlanPrices | null }) {
  const current = useCurrentTier(serverTier);
  // The server rendered the prices; the cache starts with them, so the cards never flash a placeholder.
  usePlanPrices(prices);
  // Mobile and tier-4 subscriptions are not changed here (core canManageSubscription): the cards say where.
  const managed = managedBy(useSubscription().data);
  const complimentary = current !== null && isComplimentaryTier(current);
  return (
    <div className="flex w-full flex-col gap-14">
      {complimentary ? (
        <div
          data-testid="current-plan"
          data-tier={current}
          className="mx-auto flex w-full max-w-3xl items-center gap-3 rounded-2xl border border-primary/30 bg-primary/8 p-4 text-sm"
        >
          <Sparkles className="size-5 shrink-0 text-primary" aria-hidden="true" />
          <p>
            You are on the <span className="font-semibold">{planLabel(current)}</span> plan: unlimited projects and messages, nothing to buy.
          </p>
        </div>
      ) : null}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5" aria-label="Plans">
        {PLANS.map((plan) => (
          <PlanCard key={plan.tier} plan={plan} current={current} managed={managed} returnTo={returnTo} />
        ))}
      </ul>
      <div className="-mt-8 flex flex-col items-center gap-3 rounded-2xl border border-dashed p-4 text-sm sm:flex-row sm:justify-center sm:gap-6">
        <span className="font-medium">Every plan includes</span>
        <ul className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-x-6">
          {EVERY_PLAN_FEATURES.map((feature) => (
            <li key={feature} className="flex items-center gap-2 text-muted-foreground">
              <Check className="size-4 shrink-0 text-primary" aria-hidden="true" />
              {feature}
            </li>
          ))}
        </ul>
      </div>
      <ComparisonTable current={current} />
    </div>
  );
}
