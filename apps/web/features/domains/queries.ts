'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomDomain, CustomDomainList } from '@sprout/core/contract';
import { useCalls } from '@/lib/api/services';
import { useAuth } from '@/lib/api/auth';
import { errorText, paywallOf } from '@/lib/api/error-text';
import { toast } from '@/lib/browser/toast';
import { openPaywall } from '@/features/paywall';
import { domainCalls } from './api';

/*
 * A published app's custom domains as hooks: the list (polled while a domain waits for DNS, since
 * Sprout checks on a schedule too), and the owner's actions, each answered with a toast.
 */

/** While a domain waits for its records, the list is asked for again this often. */
const PENDING_POLL_MS = 30_000;

const keys = { list: (sproutId: string) => ['custom-domains', sproutId] as const };

export function useCustomDomains(sproutId: string, enabled: boolean) {
  const calls = useCalls(domainCalls);
  const signedIn = useAuth().status === 'signed-in';
  return useQuery({
    queryKey: keys.list(sproutId),
    queryFn: () => calls.list(sproutId),
    enabled: enabled && signedIn,
    refetchInterval: (q) => (q.state.data?.domains.some((d) => d.status === 'pending') ? PENDING_POLL_MS : false),
  });
}

/** Puts one domain's new state in the list the section shows. */
function useReplaceDomain(sproutId: string) {
  const qc = useQueryClient();
  return (domain: CustomDomain, opts: { onlyPrimary?: boolean } = {}) =>
    qc.setQueryData<CustomDomainList>(keys.list(sproutId), (old) => {
      const list = old?.domains ?? [];
      // One primary per app: making one primary makes the others not.
      const cleared = opts.onlyPrimary && domain.primary ? list.map((d) => ({ ...d, primary: false })) : list;
      const known = cleared.some((d) => d.domain === domain.domain);
      return { domains: known ? cleared.map((d) => (d.domain === domain.domain ? domain : d)) : [...cleared, domain] };
    });
}

export function useAddDomain(sproutId: string) {
  const calls = useCalls(domainCalls);
  const replace = useReplaceDomain(sproutId);
  return useMutation({
    mutationFn: (domain: string) => calls.add(sproutId, domain),
    onSuccess: (d) => {
      replace(d);
      toast.success(`${d.domain} added. Create its DNS records next.`);
    },
    onError: (err) => {
      const paywall = paywallOf(err, null);
      if (paywall) return openPaywall(paywall);
    },
  });
}

export function useVerifyDomain(sproutId: string) {
  const calls = useCalls(domainCalls);
  const replace = useReplaceDomain(sproutId);
  return useMutation({
    mutationFn: (domain: string) => calls.verify(sproutId, domain),
    onSuccess: (d) => {
      replace(d);
      if (d.status === 'verified') toast.success(`${d.domain} is connected.`);
      else toast.error(d.lastError ?? 'The records were not found yet.');
    },
    onError: (err) => toast.error(errorText(err, { otherwise: 'Could not check the domain. Please try again.' })),
  });
}

export function useSetPrimaryDomain(sproutId: string) {
  const calls = useCalls(domainCalls);
  const replace = useReplaceDomain(sproutId);
  return useMutation({
    mutationFn: ({ domain, primary }: { domain: string; primary: boolean }) => calls.setPrimary(sproutId, domain, primary),
    onSuccess: (d) => {
      replace(d, { onlyPrimary: true });
      toast.success(d.primary ? `Visitors of your Sprout address now go to ${d.domain}.` : `${d.domain} is no longer the main address.`);
    },
    onError: (err) => toast.error(errorText(err, { otherwise: 'Could not change the main address. Please try again.' })),
  });
}

export function useRemoveDomain(sproutId: string) {
  const calls = useCalls(domainCalls);
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (domain: string) => calls.remove(sproutId, domain),
    onSuccess: (_, domain) => {
      qc.setQueryData<CustomDomainList>(keys.list(sproutId), (old) => ({ domains: (old?.domains ?? []).filter((d) => d.domain !== domain) }));
      toast.success(`${domain} removed. Your app no longer answers there.`);
    },
    onError: (err) => toast.error(errorText(err, { otherwise: 'Could not remove the domain. Please try again.' })),
  });
}
