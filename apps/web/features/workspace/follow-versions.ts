'use client';
import type { Sprout } from '@sprout/core/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { versionKeys } from '@/features/versions';

/**
 * The history lists a version made outside this tab (a git push, a pull from a remote, another tab)
 * as soon as the project's current version is seen to move; the preview follows the project itself.
 */
export function useVersionsFollowProject(sprout: Sprout): void {
  const qc = useQueryClient();
  const seen = useRef(sprout.currentVersionId);
  useEffect(() => {
    if (seen.current === sprout.currentVersionId) return;
    seen.current = sprout.currentVersionId;
    void qc.invalidateQueries({ queryKey: versionKeys.versions(sprout.id) });
  }, [qc, sprout.id, sprout.currentVersionId]);
}
