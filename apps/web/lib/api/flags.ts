'use client';
import { useQuery } from '@tanstack/react-query';
import { FLAG_DEFAULTS, type Flags } from '@sprout/core';
import { flags } from '@sprout/core/routes';
import { useApi } from './services';
import { useAuth } from './auth';
import { useDevOverrides } from './dev-overrides';

const flagsQueryKey = ['flags'] as const;

/** Feature flags: defaults, then the user's server overrides, then (staff only) local toolbar overrides. */
export function useFlags(): Flags {
  const api = useApi();
  const { status } = useAuth();
  const { flags: local } = useDevOverrides();
  const { data } = useQuery({
    queryKey: flagsQueryKey,
    queryFn: () => api.call(flags),
    enabled: status === 'signed-in',
    staleTime: 5 * 60_000,
  });
  return { ...FLAG_DEFAULTS, ...data, ...local };
}
