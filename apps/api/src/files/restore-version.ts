import { restoreProjectVersion, type SproutRow, type VersionRow } from '@sprout/db';
import type { RestoreAnswer } from '@sprout/core/contract';
import { AppError } from '../errors';
import type { Services } from '../services';
import { toVersionDto } from '../chat/dto';
import { RUN_ACTIVE_MESSAGE } from '../chat/messages';

/**
 * Restores an old version by copying it into a NEW version: history only ever grows. With `withData`
 * the test data it had comes back too (docs/architecture.md#git-access), and open previews reload
 * the collections that changed; the live data is never touched.
 */
export async function restoreVersion(s: Services, sprout: SproutRow, old: VersionRow, withData = false): Promise<RestoreAnswer> {
  const result = await restoreProjectVersion(s.db, { sproutId: sprout.id, from: old, withData });
  if (!result.ok) {
    if (result.reason === 'run_active') throw new AppError(409, 'run_active', RUN_ACTIVE_MESSAGE);
    if (result.reason === 'no_data') throw new AppError(409, 'version_data_gone', `Version ${old.number}'s test data is no longer kept.`);
    throw new AppError(404, 'not_found', 'Project not found.');
  }
  for (const collection of result.collections) {
    await s.appChanges.publish({ sproutId: sprout.id, dataset: 'test', collection, op: 'reset', id: '', createdBy: '' });
  }
  return { version: toVersionDto(result.version), dataRestored: result.dataRestored };
}
