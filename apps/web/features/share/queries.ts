'use client';
import type { SharedProject, Sprout } from '@sprout/core/contract';
import { useRouter } from 'next/navigation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/browser/toast';
import { useAuth } from '@/lib/api/auth';
import { errorText, paywallOf } from '@/lib/api/error-text';
import { useCalls } from '@/lib/api/services';
import { openPaywall } from '@/features/paywall';
import { putNewSproutInCaches, putSproutInCaches } from '@/features/projects';
import { usageQueryKey } from '@/features/usage';
import { shareCalls } from './api';

const shareKeys = {
  shared: (linkId: string) => ['magic', linkId] as const,
};

const useShareCalls = () => useCalls(shareCalls);

/** Turns the share (remix) link on or off. */
export function useShareSprout(sprout: Sprout) {
  const calls = useShareCalls();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => calls.setShared(sprout.id, enabled),
    onSuccess: (next) => putSproutInCaches(qc, next),
    onError: (err) => toast.error(`Could not change sharing: ${errorText(err)}`),
  });
}

/** What a share link shows (the project's name, its owner, whether it is yours). */
export function useSharedProject(linkId: string, initialData?: SharedProject) {
  const calls = useShareCalls();
  const signedIn = useAuth().status === 'signed-in';
  return useQuery({ queryKey: shareKeys.shared(linkId), queryFn: () => calls.shared(linkId), enabled: signedIn, initialData });
}

/**
 * Makes the signed-in person's own copy of a shared project and opens it. `onSettled` learns the
 * copy's id, or null when it failed (a 402 opens the paywall).
 */
export function useRemixSprout(linkId: string, onSettled: (copyId: string | null) => void) {
  const calls = useShareCalls();
  const qc = useQueryClient();
  const router = useRouter();
  return useMutation({
    mutationFn: () => calls.remix(linkId),
    onSuccess: (copy) => {
      onSettled(copy.id);
      putNewSproutInCaches(qc, copy);
      void qc.invalidateQueries({ queryKey: usageQueryKey });
      toast.success(`“${copy.displayName}” is yours — change anything you like.`);
      router.push(`/build/${encodeURIComponent(copy.id)}`);
    },
    onError: (err) => {
      onSettled(null);
      const paywall = paywallOf(err, { source: 'project_limit_reached', destination: 'upgradeProjects' });
      if (paywall) openPaywall(paywall);
    },
  });
}
