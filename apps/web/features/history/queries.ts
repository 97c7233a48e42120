'use client';
import type { Sprout, Version, VersionList } from '@sprout/core/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/browser/toast';
import { useAuth } from '@/lib/api/auth';
import { errorText } from '@/lib/api/error-text';
import { useCalls } from '@/lib/api/services';
import { versionNameInline } from '@/lib/version-label';
import { showNewVersion, versionKeys } from '@/features/versions';
import { historyCalls } from './api';

const historyKeys = {
  diff: (sproutId: string, versionId: string) => ['version-diff', sproutId, versionId] as const,
};

const useHistoryCalls = () => useCalls(historyCalls);

/** A version against its parent (enableDiffView). */
export function useVersionDiff(sproutId: string, versionId: string) {
  const calls = useHistoryCalls();
  const signedIn = useAuth().status === 'signed-in';
  return useQuery({
    queryKey: historyKeys.diff(sproutId, versionId),
    queryFn: () => calls.versionDiff(sproutId, versionId),
    enabled: signedIn,
    staleTime: Infinity,
  });
}

/** Restore makes a NEW version equal to the chosen one (nothing is ever deleted). */
export function useRestoreVersion(sprout: Sprout) {
  const calls = useHistoryCalls();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: Version) => calls.restoreVersion(sprout.id, v.id),
    onSuccess: ({ version }, v) => {
      qc.setQueryData<VersionList>(versionKeys.versions(sprout.id), (d) =>
        d ? { ...d, currentVersionId: version.id, versions: [version, ...d.versions.filter((x) => x.id !== version.id)] } : d,
      );
      showNewVersion(qc, sprout, version);
      toast.success(`Restored ${versionNameInline(v.number)} as ${versionNameInline(version.number)}`);
    },
    onError: (err, v) => toast.error(`Could not restore ${versionNameInline(v.number)}: ${errorText(err, { otherwise: 'Something went wrong.' })}`),
  });
}
