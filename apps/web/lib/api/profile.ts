'use client';
import { me } from '@sprout/core/routes';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from './auth';
import { useApi } from './services';

/** What changes the profile (a new name, address or plan) invalidates this key. */
export const meQueryKey = ['me'] as const;

/** GET /v1/me: the profile as the server has it now (the tier may have changed since the token was issued). */
export function useMe() {
  const api = useApi();
  const { status } = useAuth();
  return useQuery({ queryKey: meQueryKey, queryFn: () => api.call(me), enabled: status === 'signed-in' });
}
