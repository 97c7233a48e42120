import type { Db } from '../create-db';
import { reserveMessageIn } from '../operations/quota';
import { getActiveRun } from '../queries/runs';
import type { UsageStats } from '@sprout/core';
import { createVersion, lockForNewVersion, type VersionRow } from '../queries/versions';
import { getRunAttemptFiles } from './attempts';

export type RestoreAttemptResult =
  | { ok: true; version: VersionRow }
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'run_active' }
  | { ok: false; reason: 'message_limit'; limitType: 'daily' | 'monthly'; stats: UsageStats };

/**
 * Makes a kept attempt the project's new version, on purpose. It costs the message its failed run
 * gave back (otherwise a request made to fail would be a free generation), in the same transaction:
 * no version without the charge, no charge without the version.
 */
export function restoreRunAttempt(db: Db, input: { sproutId: string; userId: string; runId: string; summary: string }): Promise<RestoreAttemptResult> {
  return db.transaction(async (tx): Promise<RestoreAttemptResult> => {
    if (!(await lockForNewVersion(tx, input.sproutId))) return { ok: false, reason: 'not_found' };
    if (await getActiveRun(tx, input.sproutId)) return { ok: false, reason: 'run_active' };
    const reserved = await reserveMessageIn(tx, input.userId);
    if (!reserved.ok) return { ok: false, reason: 'message_limit', limitType: reserved.limitType, stats: reserved.stats };
    const files = await getRunAttemptFiles(tx, input.runId);
    const version = await createVersion(tx, { sproutId: input.sproutId, files, source: 'restore', summary: input.summary });
    return { ok: true, version };
  });
}
