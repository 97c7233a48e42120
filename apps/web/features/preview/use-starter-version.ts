'use client';
import { useVersions } from '@/features/versions';

/** The project's first version when it is the starter it was created with (fetched only while `enabled`). */
export function useStarterVersion(sproutId: string, enabled: boolean): string | null {
  const versions = useVersions(sproutId, enabled);
  const first = versions.data?.versions.find((v) => v.number === 1);
  return first && first.source === 'create' ? first.id : null;
}
