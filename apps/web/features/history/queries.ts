'use client';
import type { Sprout, Version, VersionList } from '@sprout/core/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/browser/toast';
import { useAuth } from '@/lib/api/auth';
import { errorText, hasStatus } from '@/lib/api/error-text';
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

/** A version to restore, and whether its test data comes back too (the files only when left out). */
export type RestoreRequest = Version & { withData?: boolean };

/** Restore makes a NEW version equal to the chosen one (nothing is ever deleted), with the chosen version's test data when asked. */
export function useRestoreVersion(sprout: Sprout) {
  const calls = useHistoryCalls();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: RestoreRequest) => calls.restoreVersion(sprout.id, v.id, !!v.withData),
    onSuccess: ({ version, dataRestored }, v) => {
      // Listed at once; its data flags come with the list read again (showNewVersion).
      const listed = { ...version, hasData: true, dataShapeChanged: false, dataShapeChange: null, dataShapeDiffersFromCurrent: false };
      qc.setQueryData<VersionList>(versionKeys.versions(sprout.id), (d) =>
        d ? { ...d, currentVersionId: version.id, versions: [listed, ...d.versions.filter((x) => x.id !== version.id)] } : d,
      );
      showNewVersion(qc, sprout, version);
      const what = dataRestored ? `${versionNameInline(v.number)} and its test data` : versionNameInline(v.number);
      toast.success(`Restored ${what} as ${versionNameInline(version.number)}`);
    },
    onError: (err, v) =>
      toast.error(
        hasStatus(err, 409) && err.code === 'version_data_gone'
          ? `Could not restore ${versionNameInline(v.number)}: its test data is no longer kept.`
          : `Could not restore ${versionNameInline(v.number)}: ${errorText(err, { otherwise: 'Something went wrong.' })}`,
      ),
  });
}
