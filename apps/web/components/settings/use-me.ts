'use client';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '@/lib/client/app-context';
import { useAuth } from '@/lib/client/auth';
import type { User } from '@sprout/core/contract';

/** GET /v1/me: the profile as the server has it now (the tier may have changed since the token was issued). */
export type Me = User;

export const meQueryKey = ['me'] as const;

export function useMe() {
  const api = useApi();
  const { status } = useAuth();
  return useQuery({ queryKey: meQueryKey, queryFn: () => api.request<Me>('GET', '/me'), enabled: status === 'signed-in' });
}

/** What the page knows about the user, freshest first: the API, the client session, the server-rendered session. */
export function useAccount(serverUser: { id: string; displayName: string; tier: string } | null) {
  const me = useMe();
  const { user } = useAuth();
  return me.data ?? user ?? serverUser;
}
