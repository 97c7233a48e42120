'use client';
import { useState } from 'react';
import { toast } from '@/lib/client/toast';
import { usePatchSprout } from '@/lib/client/queries';
import type { Sprout } from '@/lib/client/types';

/**
 * Renames a project (both caches are updated by usePatchSprout when the server confirms). The new
 * name shows at once as `pendingName`; a failure reverts it and the hook's toast explains why.
 */
export function useRenameSprout() {
  const patch = usePatchSprout();
  const [pendingName, setPendingName] = useState<string | null>(null);
  function rename(sprout: Sprout, displayName: string) {
    setPendingName(displayName);
    patch.mutate(
      { sprout, changes: { displayName } },
      {
        onSuccess: (saved) => toast.success(`Renamed to “${saved.displayName}”`),
        onSettled: () => setPendingName(null),
      },
    );
  }
  return { rename, pendingName, isPending: patch.isPending };
}
