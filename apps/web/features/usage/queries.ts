'use client';
import type { Usage } from '@sprout/core/contract';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '@/lib/api/auth';
import { useCalls } from '@/lib/api/services';
import { usageCalls } from './api';

/** Whatever changes what is used (a project made or deleted, a message, a publish, a plan) invalidates this key. */
export const usageQueryKey = ['usage'] as const;

export function useUsage(initialData?: Usage) {
  const calls = useCalls(usageCalls);
  const { status } = useAuth();
  return useQuery({
    queryKey: usageQueryKey,
    queryFn: () => calls.usage(),
    enabled: status === 'signed-in',
    initialData,
    staleTime: 10_000,
  });
}

const appAiUsageQueryKey = ['usage', 'app-ai'] as const;

/** The person's apps that used AI this month (metered to them). */
export function useAppAiUsage() {
  const calls = useCalls(usageCalls);
  const { status } = useAuth();
  return useQuery({ queryKey: appAiUsageQueryKey, queryFn: () => calls.appAiUsage(), enabled: status === 'signed-in', staleTime: 10_000 });
}
