'use client';
import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/client/toast';
import { buildKeys } from '@/lib/client/build-queries';
import { onPreviewRefresh } from './preview-events';
import type { PreviewFrameState } from './use-preview-session';

/**
 * When the preview reloads with a new session: on request (`refresh`, which also asks again for a
 * build that failed for a passing reason) and when another panel calls `refreshPreview(sproutId)`.
 * New versions do not reload it (./use-preview-updates). A failed reload keeps the old frame on
 * screen and says so.
 */
export function usePreviewReload(sproutId: string, versionId: string | null, frame: PreviewFrameState, buildFailed: boolean) {
  const qc = useQueryClient();
  const { reload, error, session } = frame;

  const refresh = useCallback(() => {
    reload();
    // A failed build is not cached by the API (it may not be the code's fault): ask again.
    if (buildFailed) void qc.invalidateQueries({ queryKey: buildKeys.build(sproutId, versionId) });
  }, [reload, buildFailed, qc, sproutId, versionId]);

  useEffect(() => onPreviewRefresh(sproutId, reload), [sproutId, reload]);

  const lastError = useRef<string | null>(null);
  useEffect(() => {
    if (error && session && error !== lastError.current) toast.error(`Could not reload the preview: ${error}`);
    lastError.current = error;
  }, [error, session]);

  return refresh;
}
