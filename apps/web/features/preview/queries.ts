'use client';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '@/lib/api/auth';
import { useCalls } from '@/lib/api/services';
import { previewCalls } from './api';

export const previewKeys = {
  build: (sproutId: string, versionId: string | null) => ['preview-build', sproutId, versionId] as const,
};

export const usePreviewCalls = () => useCalls(previewCalls);

/** A version's build: the preview's error overlay and the build lines of its logs. */
export function useBuildStatus(sproutId: string, versionId: string | null) {
  const calls = usePreviewCalls();
  const signedIn = useAuth().status === 'signed-in';
  return useQuery({
    queryKey: previewKeys.build(sproutId, versionId),
    queryFn: () => calls.buildStatus(sproutId, versionId!),
    enabled: !!versionId && signedIn,
    // A version never changes, and neither does its build.
    staleTime: Infinity,
  });
}
