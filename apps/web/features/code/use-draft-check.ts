'use client';
import type { FileCheck } from '@sprout/core/contract';
import { useCallback, useEffect, useState } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCalls } from '@/lib/api/services';
import { codeCalls } from './api';
import { contentKey } from './draft-problems';
import type { Draft } from './use-save-file';

/** How long typing pauses before the edit is checked. */
const CHECK_PAUSE_MS = 600;

/**
 * The checks of a run (build, imports, data rules; types as warnings) on the open file's unsaved
 * edit, after each pause in typing: the same server code a run uses, so the editor says what a run
 * would. Results are kept per text, so undoing back to a checked text shows its result at once.
 * `checkNow` checks the text as it is (a save asks it before storing a version that does not build).
 */
export function useDraftCheck(sproutId: string, path: string | null, draft: Draft | undefined, dirty: boolean) {
  const calls = useCalls(codeCalls);
  const qc = useQueryClient();
  const content = dirty && path && draft ? draft.content : null;
  const [settled, setSettled] = useState<string | null>(null);

  useEffect(() => {
    if (content === null) return;
    const timer = setTimeout(() => setSettled(content), CHECK_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [content]);

  const options = useCallback(
    (text: string) =>
      queryOptions({
        queryKey: ['file-check', sproutId, path, draft?.baseVersionId, contentKey(text)] as const,
        queryFn: () => calls.checkFile(sproutId, { path: path!, content: text, baseVersionId: draft!.baseVersionId }),
        staleTime: Infinity,
        gcTime: 5 * 60_000,
        retry: false,
      }),
    [calls, sproutId, path, draft?.baseVersionId],
  );

  const ready = content !== null && settled === content;
  const query = useQuery({ ...options(settled ?? ''), enabled: ready });

  const checkNow = useCallback((): Promise<FileCheck> | null => (content === null ? null : qc.fetchQuery(options(content))), [content, qc, options]);

  return {
    /** The check of the text as it is now, once it has one. */
    check: ready ? query.data : undefined,
    checking: content !== null && (!ready || query.isFetching),
    failed: ready && query.isError,
    checkNow,
  };
}
