import { isExhausted, usageStats, type NameOrigin, type UsageStats } from '@sprout/core';
import type { Db } from '../create-db';
import { countActiveSprouts, getSproutById, insertSprout, type SproutRow } from '../queries/sprouts';
import { getUserById, lockUser } from '../queries/users';
import { createVersion, type ProjectFile } from '../queries/versions';

export type CreateSproutResult = { ok: true; sprout: SproutRow } | { ok: false; reason: 'project_limit_reached'; stats: UsageStats };

/**
 * Creates a project with `files` as version 1, enforcing the owner's project limit. The check and
 * the insert share one transaction under the user row lock, so parallel creates cannot overshoot.
 */
export function createSproutForUser(
  db: Db,
  input: { ownerId: string; displayName: string; nameOrigin?: NameOrigin; files: ProjectFile[]; source?: string; summary?: string },
): Promise<CreateSproutResult> {
  return db.transaction(async (tx) => {
    if (!(await lockUser(tx, input.ownerId))) throw new Error(`User ${input.ownerId} does not exist`);
    const user = (await getUserById(tx, input.ownerId))!;
    const projects = await countActiveSprouts(tx, input.ownerId);
    const stats = usageStats(user.tier, { projects, dailyMessages: 0, monthlyMessages: 0 });
    if (isExhausted(stats.projects)) return { ok: false, reason: 'project_limit_reached', stats };
    const sprout = await insertSprout(tx, { ownerId: input.ownerId, displayName: input.displayName, nameOrigin: input.nameOrigin ?? 'person' });
    const version = await createVersion(tx, {
      sproutId: sprout.id,
      files: input.files,
      source: input.source ?? 'create',
      summary: input.summary ?? null,
    });
    // Read back: creating version 1 also set the current version and the last-edited time.
    const created = await getSproutById(tx, sprout.id);
    return { ok: true, sprout: created ?? { ...sprout, currentVersionId: version.id } };
  });
}
