'use client';
import type { Sprout } from '@sprout/core/contract';
import { useState } from 'react';
import { toast } from '@/lib/browser/toast';
import { usePatchSprout } from './queries';

/**
 * Renames a project (both caches are updated by usePatchSprout when the server confirms). The new
 * name shows at once as `pendingName`; a failure reverts it and the hook's toast explains why.
 */
function useRenameSprout() {
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

/**
 * A project's name edited in place (the project list, the project header): `editing` while the
 * field is open, `field` the field's props — saving closes it and renames.
 */
export function useNameEditing(sprout: Sprout) {
  const { rename, pendingName } = useRenameSprout();
  const [editing, setEditing] = useState(false);
  return {
    editing,
    startEditing: () => setEditing(true),
    /** The name to show: the new one at once while it is saved. */
    name: pendingName ?? sprout.displayName,
    saving: pendingName !== null,
    field: {
      initialValue: sprout.displayName,
      label: 'Project name',
      onCancel: () => setEditing(false),
      onSave: (value: string) => {
        setEditing(false);
        rename(sprout, value);
      },
    },
  };
}
