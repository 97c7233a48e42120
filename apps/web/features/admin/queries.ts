'use client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCalls } from '@/lib/api/services';
import { adminCalls, type ReportRange } from './api';

/** The admin pages' caches: a search, one person in full, the flags overview and a report. */
export const adminKeys = {
  people: (q: string) => ['admin', 'people', q.trim().toLowerCase()] as const,
  anyPeople: ['admin', 'people'] as const,
  person: (id: string) => ['admin', 'person', id] as const,
  flags: ['admin', 'flags'] as const,
  analytics: (range: ReportRange) => ['admin', 'analytics', range.from, range.to] as const,
};

export const useAdminCalls = () => useCalls(adminCalls);

/** People whose email or name contains `q` (the newest accounts for ''). */
export function usePeople(q: string) {
  const calls = useAdminCalls();
  return useQuery({ queryKey: adminKeys.people(q), queryFn: () => calls.people(q), retry: false });
}

export function usePerson(id: string) {
  const calls = useAdminCalls();
  return useQuery({ queryKey: adminKeys.person(id), queryFn: () => calls.person(id), retry: false });
}

export function useFlagOverview() {
  const calls = useAdminCalls();
  return useQuery({ queryKey: adminKeys.flags, queryFn: () => calls.flags() });
}

/** The report of `range`; the last one stays on screen while another range loads. */
export function useAnalyticsReport(range: ReportRange) {
  const calls = useAdminCalls();
  return useQuery({ queryKey: adminKeys.analytics(range), queryFn: () => calls.analytics(range), placeholderData: keepPreviousData, retry: false });
}
