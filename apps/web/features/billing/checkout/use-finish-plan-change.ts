'use client';
import { useCallback } from 'react';
import { toast } from '@/lib/browser/toast';
import type { TierChangeDirection } from '@sprout/core';
import { track } from '@/features/telemetry';
import { useRefreshPlan } from '../subscription';
import { planChangedMessage } from './checkout-copy';

export interface PlanChangeDone {
  tier: string;
  from: string;
  direction: TierChangeDirection;
  mode: 'stripe' | 'test';
  /** For a downgrade at renewal: when it takes effect. */
  effectiveAt?: string | null;
}

/**
 * The end of every checkout or plan change, whichever page it happens on: fresh token, usage and
 * subscription (limits lift at once), the 'Upgrade' analytics event for upgrades, and a toast.
 */
export function useFinishPlanChange(): (done: PlanChangeDone) => Promise<void> {
  const refresh = useRefreshPlan();
  return useCallback(
    async (done) => {
      await refresh();
      if (done.direction === 'upgrade') track('Upgrade', { tier: done.tier, from: done.from, mode: done.mode });
      toast.success(planChangedMessage(done), { id: 'plan-changed', testId: 'plan-changed-toast' });
    },
    [refresh],
  );
}
