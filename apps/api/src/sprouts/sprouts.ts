import { defaultDisplayName, paywallForCreate, validateProjectFiles, type ProjectFileInput, type UsageStats } from '@sprout/core';
import { createSproutForUser, getUserWithSprouts, softDeleteSproutForOwner, updateSproutForOwner, type SproutListRow, type SproutRow } from '@sprout/db';
import { starterFiles } from '@sprout/template';
import { AppError, notFound } from '../errors';
import { reenableSprout } from '../publishing/publish';
import type { UserWith } from '../plugins/authenticate';
import type { Services } from '../services';

// A project deleted meanwhile (in another tab) answers like one that never existed.
const noSuchProject = () => notFound('Project not found.');

/** The list route's person and projects in one round trip (declared as its `withUser`). */
export const userWithSprouts: UserWith<SproutListRow[]> = async (s, userId) => {
  const found = await getUserWithSprouts(s.db, userId);
  return found && { user: found.user, data: found.sprouts };
};

export async function createSprout(s: Services, ownerId: string, input: { displayName?: string; files?: ProjectFileInput[] }): Promise<SproutRow> {
  const files = input.files ?? starterFiles();
  const check = validateProjectFiles(files);
  if (!check.ok) {
    throw new AppError(400, 'invalid_files', `Invalid file ${check.errors[0]!.path || `#${check.errors[0]!.index}`}: ${check.errors[0]!.reason}`, {
      fields: check.errors.map((e) => ({ path: `files.${e.index}.name`, message: e.reason })),
    });
  }
  const result = await createSproutForUser(s.db, {
    ownerId,
    displayName: input.displayName ?? defaultDisplayName(),
    // A name given at creation is the person's; the default gives way to one from the first build.
    nameOrigin: input.displayName === undefined ? 'default' : 'person',
    files: files.map((f) => ({ path: f.name, content: f.content })),
  });
  if (result.ok) return result.sprout;
  throw projectLimitReached(result.stats);
}

/** The answer to a new project (created, remixed or imported) past the plan's project limit: the paywall. */
export function projectLimitReached(stats: UsageStats): AppError {
  return new AppError(402, 'project_limit_reached', `You have reached your plan's limit of ${stats.projects.limit} projects. Upgrade to create more.`, {
    paywall: paywallForCreate(stats),
    usage: stats,
  });
}

export async function patchSprout(
  s: Services,
  sprout: SproutRow,
  changes: { displayName?: string; isDeploymentEnabled?: boolean; isPinned?: boolean },
): Promise<SproutRow> {
  const { isDeploymentEnabled, ...rest } = changes;
  // Turning publishing on needs a deployment and room in the plan: it goes through the same rule as publish.
  if (isDeploymentEnabled === true) await reenableSprout(s, sprout);
  const update = isDeploymentEnabled === true ? rest : changes;
  return (await updateSproutForOwner(s.db, sprout.id, sprout.ownerId, update)) ?? throwing(noSuchProject());
}

export async function deleteSprout(s: Services, sprout: SproutRow): Promise<void> {
  if (!(await softDeleteSproutForOwner(s.db, sprout.id, sprout.ownerId))) throw noSuchProject();
  // Its files' rows went with it; their bytes leave the file store now rather than at the next sweep.
  s.files.sweepSoon();
}

function throwing(err: Error): never {
  throw err;
}
