'use client';
import type { SharedProject } from '@sprout/core/contract';
import { useSharedProject } from './queries';
import { hasStatus } from '@/lib/api/error-text';
import { QueryLoadError } from '@/ui/load-error';
import { SHARE_LINK_SERVER_CHECKED, signedInOnly } from '@/features/auth';
import { Frame, Inactive, SharedSkeleton } from './magic-frame';
import { remixErrorMessage } from './remix';
import { SharedCard } from './shared-card';

export type { SharedProject };

function MagicLink({ id, initialShared }: { id: string; initialShared?: SharedProject }) {
  const shared = useSharedProject(id, initialShared);

  if (shared.data) return <SharedCard id={id} shared={shared.data} />;
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

/**
 * /build/magic/{id}: a share link; a signed-in visitor gets their own copy (asked first unless this
 * tab's Remix button started it) and lands on it; a signed-out one signs up (or in) first.
 */
export const MagicLinkView = signedInOnly(MagicLink, SHARE_LINK_SERVER_CHECKED);
