'use client';
import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountStatus } from '@sprout/core/contract';
import { useApi, useAppServices } from './app-context';
import { syncServerSession, useAuth } from './auth';

export const accountQueryKey = ['account'] as const;

/** GET /v1/me/account: the address, whether it is verified, and an address the account is moving to. */
export function useAccountStatus(enabled = true) {
  const api = useApi();
  const { status } = useAuth();
  return useQuery({
    queryKey: accountQueryKey,
    queryFn: () => api.request<AccountStatus>('GET', '/me/account'),
    enabled: enabled && status === 'signed-in',
  });
}

/**
 * After the address changed or was verified: a fresh ID token (its email and emailVerified claims,
 * and through /api/login the server's session), and the account and profile as the API has them.
 */
export function useRefreshAccount(): () => Promise<void> {
  const { identity, config } = useAppServices();
  const qc = useQueryClient();
  return useCallback(async () => {
    const token = await identity.getIdToken(true);
    await Promise.all([
      token ? syncServerSession(config.loginEndpoint, token).catch((err: Error) => console.error(err.message)) : null,
      qc.invalidateQueries({ queryKey: accountQueryKey }),
      qc.invalidateQueries({ queryKey: ['me'] }),
    ]);
  }, [identity, config, qc]);
}
