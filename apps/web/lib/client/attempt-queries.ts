'use client';
import type { Sprout } from '@sprout/core/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/client/toast';
import { openPaywall } from '@/components/paywall';
import { useApi } from './app-context';
import { useAuth } from './auth';
import { buildPaths, imageUrl } from './build-api';
import { showNewVersion, useBuildCalls } from './build-queries';
import { errorText, paywallOf } from './error-text';
import { queryKeys } from './queries';
import { versionNameInline } from '@/lib/version-label';

// A failed run's kept attempt (issue 15): what it changed, what was wrong, what it showed, and restoring it.

export const attemptKeys = {
  attempt: (runId: string) => ['run-attempt', runId] as const,
  screenshot: (sproutId: string, shotId: string) => ['screenshot', sproutId, shotId] as const,
};

/** An attempt never changes once kept. */
export function useRunAttempt(runId: string, enabled: boolean) {
  const calls = useBuildCalls();
  const signedIn = useAuth().status === 'signed-in';
  return useQuery({ queryKey: attemptKeys.attempt(runId), queryFn: () => calls.attempt(runId), enabled: enabled && signedIn, staleTime: Infinity });
}

/** A render check screenshot as an address an <img> can show (null: it could not be loaded). */
export function useScreenshot(sproutId: string, shotId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: attemptKeys.screenshot(sproutId, shotId ?? ''),
    queryFn: () => imageUrl(api, buildPaths.screenshot(sproutId, shotId!)),
    enabled: !!shotId,
    staleTime: Infinity,
  });
}

/** Makes the attempt a new version on purpose (one message); at the message limit the paywall opens. */
export function useRestoreAttempt(runId: string, sproutId: string, done: () => void) {
  const calls = useBuildCalls();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => calls.restoreAttempt(runId),
    onSuccess: ({ version }) => {
      const sprout = qc.getQueryData<Sprout>(queryKeys.sprout(sproutId));
      if (sprout) showNewVersion(qc, sprout, version);
      void qc.invalidateQueries({ queryKey: queryKeys.usage });
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
