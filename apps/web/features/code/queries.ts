'use client';
import type { ProjectFiles, Sprout } from '@sprout/core/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/api/auth';
import { useCalls } from '@/lib/api/services';
import { showNewVersion } from '@/features/versions';
import { codeCalls } from './api';

const codeKeys = {
  files: (sproutId: string, versionId: string | null) => ['project-files', sproutId, versionId] as const,
};

const useCodeCalls = () => useCalls(codeCalls);

/** A version's files; `visible`: the panel has been on screen (nothing is fetched for a hidden tab). */
export function useProjectFiles(sproutId: string, versionId: string | null, visible: boolean) {
  const calls = useCodeCalls();
  const signedIn = useAuth().status === 'signed-in';
  return useQuery({
    queryKey: codeKeys.files(sproutId, versionId),
    queryFn: () => calls.files(sproutId, versionId),
    enabled: visible && signedIn,
    // A version never changes; a new one is a new key (the old files stay on screen until it loads).
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
}

/**
 * PUT a file: a manual edit becomes a new version. The new version's files are the old ones with
 * this file replaced, so the code panel moves on without a reload; failures are the caller's to explain.
 */
export function useSaveProjectFile(sprout: Sprout) {
  const calls = useCodeCalls();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { path: string; content: string; baseVersionId: string }) => calls.saveFile(sprout.id, body),
    onSuccess: ({ version }, { path, content, baseVersionId }) => {
      const before = qc.getQueryData<ProjectFiles>(codeKeys.files(sprout.id, baseVersionId));
      if (before) {
        const size = new TextEncoder().encode(content).byteLength;
        const files = before.files.some((f) => f.path === path)
          ? before.files.map((f) => (f.path === path ? { ...f, content, size } : f))
          : [...before.files, { path, content, size }];
        qc.setQueryData(codeKeys.files(sprout.id, version.id), { version, files });
      }
      showNewVersion(qc, sprout, version);
    },
  });
}
