'use client';
import type { Sprout } from '@sprout/core/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/browser/toast';
import { openPaywall } from '@/features/paywall';
import { useAuth } from '@/lib/api/auth';
import { projectKeys } from '@/features/projects';
import { showNewVersion } from '@/features/versions';
import { errorText, paywallOf } from '@/lib/api/error-text';
import { usageQueryKey } from '@/features/usage';
import { useChatCalls } from './queries';
import { versionNameInline } from '@/lib/version-label';

// A failed run's kept attempt (never the current version): what it changed, what was wrong, what it showed, and restoring it.

const attemptKeys = {
  attempt: (runId: string) => ['run-attempt', runId] as const,
};

/** An attempt never changes once kept. */
export function useRunAttempt(runId: string, enabled: boolean) {
  const calls = useChatCalls();
  const signedIn = useAuth().status === 'signed-in';
  return useQuery({ queryKey: attemptKeys.attempt(runId), queryFn: () => calls.attempt(runId), enabled: enabled && signedIn, staleTime: Infinity });
}

/** Makes the attempt a new version on purpose (one message); at the message limit the paywall opens. */
export function useRestoreAttempt(runId: string, sproutId: string, done: () => void) {
  const calls = useChatCalls();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => calls.restoreAttempt(runId),
    onSuccess: ({ version }) => {
      const sprout = qc.getQueryData<Sprout>(projectKeys.sprout(sproutId));
      if (sprout) showNewVersion(qc, sprout, version);
      void qc.invalidateQueries({ queryKey: usageQueryKey });
      toast.success(`Restored the attempt as ${versionNameInline(version.number)}`);
      done();
    },
    onError: (err) => {
      const paywall = paywallOf(err, null);
      if (paywall) return openPaywall(paywall);
      toast.error(`Could not restore the attempt: ${errorText(err, { otherwise: 'Something went wrong.' })}`);
    },
  });
}
