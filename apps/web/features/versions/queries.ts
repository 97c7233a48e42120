'use client';
import type { Sprout, Version } from '@sprout/core/contract';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/api/auth';
import { useCalls } from '@/lib/api/services';
import { projectKeys, putSproutInCaches } from '@/features/projects';
import { versionCalls } from './api';

// A project's versions: the list the history shows, and what the preview and the chat follow.

export const versionKeys = {
  versions: (sproutId: string) => ['versions', sproutId] as const,
};

export function useVersions(sproutId: string, visible: boolean) {
  const calls = useCalls(versionCalls);
  const signedIn = useAuth().status === 'signed-in';
  return useQuery({ queryKey: versionKeys.versions(sproutId), queryFn: () => calls.versions(sproutId), enabled: visible && signedIn });
}

/** The project moved to a version made here (a save, a restore): the preview reloads, the history lists it. */
export function showNewVersion(qc: QueryClient, sprout: Sprout, version: Version): void {
  const current = qc.getQueryData<Sprout>(projectKeys.sprout(sprout.id)) ?? sprout;
  putSproutInCaches(qc, { ...current, currentVersionId: version.id, updatedAt: version.createdAt });
  void qc.invalidateQueries({ queryKey: versionKeys.versions(sprout.id) });
}
