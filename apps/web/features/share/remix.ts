'use client';
import { useEffect, useRef, useState } from 'react';
import { useAuth } from '@/lib/api/auth';
import { useRemixSprout } from './queries';
import { errorText, hasStatus } from '@/lib/api/error-text';
import { clearOnce, markOnce, readOnce } from '@/lib/browser/once';
import { grantIntent, takeIntent } from '@/lib/browser/intent';

export const INACTIVE_SHARE_LINK = 'This share link is not active.';

/** lib/browser/once: under way while a remix runs, then the id of the copy; guards against double runs. */
const remixKey = (id: string) => `sprout.remix.${id}`;

export function remixErrorMessage(err: unknown): string {
  if (hasStatus(err, 402)) return 'You have reached your plan’s project limit. Upgrade, or delete a project you no longer need, then try again.';
  if (hasStatus(err, 404)) return INACTIVE_SHARE_LINK;
  return errorText(err);
}

/**
 * Someone else's share link makes the visitor's own copy — once, even across reloads and double
 * effects; a copy this tab made earlier is offered instead of a second one. It copies without a
 * question only when this tab's Remix button started it (lib/browser/intent: kept until the copy is
 * made, so it survives a sign-in or an upgrade on the way); opened any other way — a link on another
 * site, a typed address, a link through the sign-in page — it asks first (`asking`): another site
 * must not spend the visitor's project quota with a link.
 */
export function useAutoRemix(id: string, isOwner: boolean) {
  const { status } = useAuth();
  const key = remixKey(id);
  const intent = { kind: 'remix', linkId: id } as const;
  const remix = useRemixSprout(id, (copyId) => {
    if (copyId) {
      markOnce(key, { result: copyId });
      // Made: the Remix button's record is used up.
      takeIntent(intent);
    } else clearOnce(key);
  });
  const started = useRef(false);
  const [earlierCopy, setEarlierCopy] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  const [asking, setAsking] = useState(false);

  const begin = () => {
    // Until the copy exists: a sign-in or an upgrade on the way comes back here and finishes it.
    grantIntent(intent);
    setAsking(false);
    markOnce(key);
    remix.mutate();
  };

  useEffect(() => {
    if (isOwner || status !== 'signed-in' || started.current) return;
    started.current = true;
    const previous = readOnce(key);
    setChecked(true);
    if (previous) {
      if (previous.result) setEarlierCopy(previous.result);
      return;
    }
    if (takeIntent(intent)) begin();
    else setAsking(true);
    // `begin` and `intent` are made of `id` and `remix` alone.
  }, [key, isOwner, status, remix]);

  return { remix, start: begin, earlierCopy, asking, working: remix.isPending || remix.isSuccess || (!isOwner && !checked) };
}
