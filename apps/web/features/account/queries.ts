'use client';
import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/api/auth';
import { syncServerSession } from '@/lib/api/session-sync';
import { meQueryKey } from '@/lib/api/profile';
import { useAppServices, useCalls } from '@/lib/api/services';
import { accountCalls } from './api';

export const accountQueryKey = ['account'] as const;
export const useAccountCalls = () => useCalls(accountCalls);

/** GET /v1/me/account: the address, whether it is verified, and an address the account is moving to. */
export function useAccountStatus(enabled = true) {
  const calls = useAccountCalls();
  const { status } = useAuth();
  return useQuery({ queryKey: accountQueryKey, queryFn: () => calls.status(), enabled: enabled && status === 'signed-in' });
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
      qc.invalidateQueries({ queryKey: meQueryKey }),
    ]);
  }, [identity, config, qc]);
}
