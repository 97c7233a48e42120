'use client';
import { ArrowDown, ArrowUp, Check, LoaderCircle } from 'lucide-react';
import { planLabel, tierChangeDirection, type PremiumTierId, type TierId } from '@sprout/core';
import type { Subscription } from '../subscription';
import { formatBillingDate, planSummary } from '../plan';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { PlanPrice } from '../plan-price';

/** What the manage page is doing right now: a tier being chosen, a cancel, a renewal. */
export type Busy = PremiumTierId | 'cancel' | 'renew' | null;

/** One plan on the test manage page: current, scheduled from the renewal, or a way to move to it. */
export function PlanRow({ sub, tier, busy, onChoose }: { sub: Subscription; tier: PremiumTierId; busy: Busy; onChoose: (t: PremiumTierId) => void }) {
  const current = sub.tierType === tier;
  const scheduled = sub.pendingTierType === tier;
  const direction = tierChangeDirection(sub.tierType as TierId, tier);
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid={`manage-plan-${tier}`}>
      <div>
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {planLabel(tier)}
          {current ? <Badge>Current plan</Badge> : null}
          {scheduled ? <Badge variant="secondary">From {sub.currentPeriodEnd ? formatBillingDate(sub.currentPeriodEnd) : 'renewal'}</Badge> : null}
        </p>
        <p className="text-sm text-muted-foreground">
          <PlanPrice tier={tier} className="font-medium text-foreground" /> · {planSummary(tier).slice(0, 2).join(' · ')}
        </p>
      </div>
      {current && !sub.pendingTierType ? null : (
        <Button
          variant={direction === 'upgrade' ? 'default' : 'outline'}
          size="sm"
          disabled={busy !== null || scheduled}
          onClick={() => onChoose(tier)}
          data-testid={`manage-choose-${tier}`}
          data-direction={direction}
        >
          {busy === tier ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : direction === 'upgrade' ? (
            <ArrowUp aria-hidden="true" />
          ) : direction === 'downgrade' ? (
            <ArrowDown aria-hidden="true" />
          ) : (
            <Check aria-hidden="true" />
          )}
          {current ? 'Keep this plan' : direction === 'upgrade' ? 'Upgrade' : 'Downgrade'}
        </Button>
      )}
    </li>
  );
}
