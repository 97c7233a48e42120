'use client';
import { useQuery } from '@tanstack/react-query';
import { FLAG_DEFAULTS, type Flags } from '@sprout/core';
import { useApi } from './app-context';
import { useAuth } from './auth';
import { useDevOverrides } from './dev-overrides';
import { queryKeys } from './queries';

/** Feature flags: defaults, then the user's server overrides, then (staff only) local toolbar overrides. */
export function useFlags(): Flags {
  const api = useApi();
  const { status } = useAuth();
  const { flags: local } = useDevOverrides();
  const { data } = useQuery({
    queryKey: queryKeys.flags,
    queryFn: () => api.request<Flags>('GET', '/flags'),
    enabled: status === 'signed-in',
    staleTime: 5 * 60_000,
  });
  return { ...FLAG_DEFAULTS, ...data, ...local };
}
