import type { ListedVersion } from '@sprout/core/contract';
import { versionNameInline } from '@/lib/version-label';

type DataOf = Pick<ListedVersion, 'number' | 'hasData' | 'dataShapeDiffersFromCurrent'>;

/**
 * The restore dialog's "Bring back test data": offered only when the version's data is kept, and
 * suggested when that data has another shape than the current version's (its code expects it).
 */
export function restoreDataChoice(version: DataOf): { enabled: boolean; suggested: boolean; hint: string } {
  const name = versionNameInline(version.number);
  if (!version.hasData) return { enabled: false, suggested: false, hint: `Not kept for ${name}: only the newest versions keep their test data.` };
  const shape = version.dataShapeDiffersFromCurrent ? `The data of ${name} has another shape than now. ` : '';
  return {
    enabled: true,
    suggested: version.dataShapeDiffersFromCurrent,
    hint: `${shape}The preview’s data goes back to what it was in ${name}; today’s stays with the current version. Live data is never changed.`,
  };
}
