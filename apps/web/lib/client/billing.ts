'use client';
import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useAppServices } from './app-context';
import { syncServerSession, useAuth } from './auth';
import { queryKeys } from './queries';
import type { Subscription } from '@sprout/core/contract';

export type { Subscription };

export const subscriptionQueryKey = ['subscription'] as const;

export function useSubscription(opts: { refetchInterval?: number | false } = {}) {
  const api = useApi();
  const { status } = useAuth();
  return useQuery({
    queryKey: subscriptionQueryKey,
    queryFn: () => api.request<Subscription>('GET', '/me/subscription'),
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
      qc.invalidateQueries({ queryKey: queryKeys.usage }),
      qc.invalidateQueries({ queryKey: subscriptionQueryKey }),
      qc.invalidateQueries({ queryKey: ['me'] }),
    ]);
  }, [identity, config, qc]);
}
