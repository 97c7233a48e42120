'use client';
import { useState } from 'react';
import type { SharedProject } from '@sprout/core/contract';
import { useSharedProject } from '@/lib/client/build-queries';
import { hasStatus } from '@/lib/client/error-text';
import { QueryLoadError } from '@/components/load-error';
import { signedInOnly } from '@/components/projects/signed-in-only';
import { Frame, Inactive, SharedSkeleton } from './magic/magic-frame';
import { remixErrorMessage } from './magic/remix';
import { SharedCard } from './magic/shared-card';

export type { SharedProject };

function MagicLink({ id, initialShared, fromSprout }: { id: string; initialShared?: SharedProject; fromSprout: boolean }) {
  const shared = useSharedProject(id, initialShared);
  // Where the link was followed from is decided once, by the navigation that opened the page: a later
  // server render (router.refresh after a token refresh) is a same-origin fetch and must not turn a
  // link from another site into one that copies without asking.
  const [openedFromSprout] = useState(fromSprout);

  if (shared.data) return <SharedCard id={id} shared={shared.data} autoRemix={openedFromSprout} />;
  if (shared.isError) {
    const err = shared.error;
    if (hasStatus(err, 404, 400)) return <Inactive />;
    return (
      <Frame>
        <QueryLoadError query={shared} describe={remixErrorMessage} titleAs="h1" title="This shared project did not load" retryLabel="Retry" />
      </Frame>
    );
  }
  return <SharedSkeleton />;
}

/** /build/magic/{id}: a share link; a signed-in visitor gets their own copy (asked first when the link came from outside Sprout) and lands on it. */
export const MagicLinkView = signedInOnly(MagicLink);
