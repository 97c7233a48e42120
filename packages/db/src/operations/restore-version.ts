import type { Db } from '../create-db';
import { getActiveRun } from '../queries/runs';
import { createVersion, getVersionFiles, lockForNewVersion, type VersionRow } from '../queries/versions';
import { keepVersionData, restoreSnapshot, versionSnapshotId } from '../data-snapshots/snapshots';

export type RestoreVersionResult =
  /** `collections`: those whose test documents changed, for open previews to reload. */
  { ok: true; version: VersionRow; dataRestored: boolean; collections: string[] } | { ok: false; reason: 'not_found' | 'run_active' | 'no_data' };

/**
 * Restores a version as a NEW one (summary "Restored version N"; newer versions stay) and, with
 * `withData`, the test data it had, in one transaction. The test data of the moment is first kept as
 * the outgoing version's, so nothing is lost; the live data is never touched. Refused before anything
 * changes while a run is writing the project, or when the version's test data is no longer kept.
 */
export function restoreProjectVersion(
  db: Db,
  input: { sproutId: string; from: Pick<VersionRow, 'id' | 'number'>; withData: boolean },
): Promise<RestoreVersionResult> {
  return db.transaction(async (tx): Promise<RestoreVersionResult> => {
    const locked = await lockForNewVersion(tx, input.sproutId);
    if (!locked) return { ok: false, reason: 'not_found' };
    if (await getActiveRun(tx, input.sproutId)) return { ok: false, reason: 'run_active' };
    // The current version's data is the test data itself.
    const fromCurrent = locked.currentVersionId === input.from.id;
    const snapshotId = input.withData && !fromCurrent ? await versionSnapshotId(tx, input.from.id) : null;
    if (input.withData && !fromCurrent && !snapshotId) return { ok: false, reason: 'no_data' };
    let collections: string[] = [];
    // The data comes back before the new version is made, which may let the restored version's
    // snapshot go (only the newest versions' data is kept).
    if (snapshotId) {
      if (locked.currentVersionId) await keepVersionData(tx, input.sproutId, locked.currentVersionId);
      collections = await restoreSnapshot(tx, input.sproutId, snapshotId);
    }
    const files = await getVersionFiles(tx, input.from.id);
    const version = await createVersion(tx, { sproutId: input.sproutId, files, source: 'restore', summary: `Restored version ${input.from.number}` });
    return { ok: true, version, dataRestored: input.withData, collections };
  });
}
