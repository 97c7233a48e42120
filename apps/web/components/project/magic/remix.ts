'use client';
import { useEffect, useRef, useState } from 'react';
import { useAuth } from '@/lib/client/auth';
import { useRemixSprout } from '@/lib/client/build-queries';
import { errorText, hasStatus } from '@/lib/client/error-text';
import { clearOnce, markOnce, readOnce } from '@/lib/client/once';

export const INACTIVE_SHARE_LINK = 'This share link is not active.';

/** lib/client/once: under way while a remix runs, then the id of the copy; guards against double runs. */
const remixKey = (id: string) => `sprout.remix.${id}`;

export function remixErrorMessage(err: unknown): string {
  if (hasStatus(err, 402)) return 'You have reached your plan’s project limit. Upgrade, or delete a project you no longer need, then try again.';
  if (hasStatus(err, 404)) return INACTIVE_SHARE_LINK;
  return errorText(err);
}

/**
 * Issue 3 §8: opening someone else's share link from Sprout's own pages makes the visitor's own copy —
 * once, even across reloads and double effects; a copy this tab made earlier is offered instead of a
 * second one. A link followed from anywhere else (`auto` false) asks first: another site must not
 * spend the visitor's project quota with a link.
 */
export function useAutoRemix(id: string, isOwner: boolean, auto: boolean) {
  const { status } = useAuth();
  const key = remixKey(id);
  const remix = useRemixSprout(id, (copyId) => (copyId ? markOnce(key, { result: copyId }) : clearOnce(key)));
  const started = useRef(false);
  const [earlierCopy, setEarlierCopy] = useState<string | null>(null);
  const [autoChecked, setAutoChecked] = useState(false);

  const start = () => {
    markOnce(key);
    remix.mutate();
  };

  useEffect(() => {
    if (isOwner || status !== 'signed-in' || started.current) return;
    started.current = true;
    const previous = readOnce(key);
    setAutoChecked(true);
    if (previous) {
      if (previous.result) setEarlierCopy(previous.result);
      return;
    }
    if (!auto) return;
    markOnce(key);
    remix.mutate();
  }, [key, isOwner, status, remix, auto]);

  return { remix, start, earlierCopy, working: remix.isPending || remix.isSuccess || (!isOwner && !autoChecked) };
}
