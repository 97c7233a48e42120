'use client';
import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAppServices, useCalls } from '@/lib/api/services';
import { useAuth } from '@/lib/api/auth';
import { syncServerSession } from '@/lib/api/session-sync';
import { meQueryKey } from '@/lib/api/profile';
import { usageQueryKey } from '@/features/usage';
import type { Subscription } from '@sprout/core/contract';
import { billingCalls } from './api';

export type { Subscription };

const subscriptionQueryKey = ['subscription'] as const;

export const useBillingCalls = () => useCalls(billingCalls);

export function useSubscription(opts: { refetchInterval?: number | false } = {}) {
  const calls = useBillingCalls();
  const { status } = useAuth();
  return useQuery({
    queryKey: subscriptionQueryKey,
    queryFn: () => calls.subscription(),
    enabled: status === 'signed-in',
    staleTime: 10_000,
    refetchInterval: opts.refetchInterval,
  });
}

/**
 * After the plan changed: a fresh ID token (its tier claim, and through /api/login the server
 * session, which server-rendered pages read), and fresh usage, profile and subscription.
 */
export function useRefreshPlan(): () => Promise<void> {
  const { identity, config } = useAppServices();
  const qc = useQueryClient();
  return useCallback(async () => {
    const token = await identity.getIdToken(true);
    await Promise.all([
      // The auth provider also syncs on the token change; doing it here too lets the caller navigate only once the cookie is new.
      token ? syncServerSession(config.loginEndpoint, token).catch((err: Error) => console.error(err.message)) : null,
      qc.invalidateQueries({ queryKey: usageQueryKey }),
      qc.invalidateQueries({ queryKey: subscriptionQueryKey }),
      qc.invalidateQueries({ queryKey: meQueryKey }),
    ]);
  }, [identity, config, qc]);
}
