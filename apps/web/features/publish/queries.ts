'use client';
import type { PublishBody, Sprout } from '@sprout/core/contract';
import { useCallback, useRef } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/browser/toast';
import { ApiError } from '@/lib/api/client';
import { paywallOf } from '@/lib/api/error-text';
import { useCalls } from '@/lib/api/services';
import { openPaywall } from '@/features/paywall';
import { projectKeys, putSproutInCaches } from '@/features/projects';
import { track } from '@/features/telemetry';
import { usageQueryKey } from '@/features/usage';
import { publishCalls } from './api';
import { domainChange, isFirstPublish } from './journey-events';
import { publishBlockedFindings, publishErrorMessage, unpublishErrorMessage } from './publish-errors';

export const usePublishCalls = () => useCalls(publishCalls);

/** The security check's answers, per project and version: a new version is checked again. */
const publishCheckKey = (sproutId: string) => ['publish-check', sproutId] as const;

/** The security check of the current version (GET …/publish-check), asked for once the dialog opens on a project with a version. */
export function usePublishCheck(sprout: Sprout, open: boolean) {
  const calls = usePublishCalls();
  return useQuery({
    queryKey: [...publishCheckKey(sprout.id), sprout.currentVersionId],
    queryFn: () => calls.publishCheck(sprout.id),
    enabled: open && !!sprout.currentVersionId,
  });
}

/** The 'Domain' event (the address given, moved, taken offline, back online) and the first publish's 'Onboarding' step. */
function trackAddress(qc: QueryClient, before: Sprout, after: Sprout): void {
  const change = domainChange(before, after);
  if (change) track('Domain', { sproutId: before.id, ...change });
  const others = qc.getQueryData<Sprout[]>(projectKeys.sprouts)?.filter((p) => p.id !== before.id);
  if (after.published && isFirstPublish(before, others)) track('Onboarding', { step: 'first_publish', sproutId: before.id });
}

/** Publish or unpublish: the answer is the project as it is now, written to both caches before `done`. */
function usePublishing(sprout: Sprout, action: 'publish' | 'unpublish', done: () => void, failed: (err: unknown) => void) {
  const calls = usePublishCalls();
  const qc = useQueryClient();
  const controller = useRef<AbortController | null>(null);
  const mutation = useMutation({
    mutationFn: (options?: PublishBody) => {
      controller.current = new AbortController();
      return action === 'publish' ? calls.publish(sprout.id, options, controller.current.signal) : calls.unpublish(sprout.id);
    },
    onSuccess: (next) => {
      trackAddress(qc, sprout, { ...sprout, ...next });
      putSproutInCaches(qc, { ...sprout, ...next });
      done();
    },
    // Cancelled by the person: they know, no toast.
    onError: (err) => (err instanceof ApiError && err.code === 'aborted' ? undefined : failed(err)),
    onSettled: (_data, err) => {
      controller.current = null;
      // A cancelled publish may still have finished on the server: ask for the project as it is.
      if (err instanceof ApiError && err.code === 'aborted') void qc.invalidateQueries({ queryKey: projectKeys.sprout(sprout.id) });
      // Usage is refreshed after unpublish: a published slot is free again.
      return action === 'unpublish' ? qc.invalidateQueries({ queryKey: usageQueryKey }) : undefined;
    },
  });
  /** Stops waiting for the answer (the server may still finish; the project is asked for again). */
  const cancel = useCallback(() => controller.current?.abort(), []);
  return { ...mutation, cancel };
}

/** Builds the current version and puts it live (or replaces what is live); a 402 closes the dialog for the paywall. */
export function usePublishSprout(sprout: Sprout, onPaywall: () => void) {
  const qc = useQueryClient();
  return usePublishing(
    sprout,
    'publish',
    () => {
      track('Publish', { sproutId: sprout.id, republish: sprout.published });
      toast.success(sprout.published ? 'Your app is updated' : 'Your app is live');
    },
    (err) => {
      // Refused by the gate: the version may have changed since the dialog's check, so both are asked for again.
      if (publishBlockedFindings(err)) {
        void qc.invalidateQueries({ queryKey: publishCheckKey(sprout.id) });
        void qc.invalidateQueries({ queryKey: projectKeys.sprout(sprout.id) });
      }
      const paywall = paywallOf(err, { source: 'deployment_limit_reached' });
      if (!paywall) return toast.error(publishErrorMessage(err));
      onPaywall();
      openPaywall(paywall);
    },
  );
}

/** The address stops serving and is kept for the next publish. */
export function useUnpublishSprout(sprout: Sprout) {
  return usePublishing(
    sprout,
    'unpublish',
    () => toast.success('Your app is offline. Publish again at any time to bring it back at the same address.'),
    (err) => toast.error(unpublishErrorMessage(err)),
  );
}
