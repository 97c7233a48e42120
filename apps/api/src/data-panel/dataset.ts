import { appDataLimits, describeDataRules, isPublished } from '@sprout/core';
import type { AppUserList, DataOverview, Dataset } from '@sprout/core/contract';
import { appDataUsage, clearDataset, deleteAppUser, listAppCollections, listAppUsers, type SproutRow } from '@sprout/db';
import { AppError } from '../errors';
import type { Services } from '../services';
import { datasetRules } from './dataset-rules';
import { toAppUserDto } from './dto';

/** What a collection's rules say when `sprout.data.json` does not parse: the backend refuses every request. */
export const BROKEN_RULES_TEXT = 'Your app’s backend refuses every request until sprout.data.json is fixed.';

/**
 * A dataset at a glance: its collections (those holding documents and those the rules declare, each
 * with its rules in words), what it uses of what the owner's plan allows, and whether the rules parse.
 */
export async function dataOverview(s: Services, ownerTier: string, sprout: SproutRow, dataset: Dataset): Promise<DataOverview> {
  const scope = { sproutId: sprout.id, dataset };
  const [stored, usage, rules] = await Promise.all([listAppCollections(s.db, scope), appDataUsage(s.db, scope), datasetRules(s, sprout, dataset)]);
  const counts = new Map(stored.map((c) => [c.name, c.documents]));
  const collections = rules.ok
    ? describeDataRules(rules.rules, [...counts.keys()]).map((c) => ({ name: c.name, documents: counts.get(c.name) ?? 0, declared: c.declared, rules: c.text }))
    : // Which collections the broken file meant to declare is unknown: only the stored ones are listed.
      stored.map((c) => ({ name: c.name, documents: c.documents, declared: false, rules: BROKEN_RULES_TEXT }));
  return { collections, usage, limits: appDataLimits(ownerTier), rulesProblems: rules.ok ? null : rules.problems, published: isPublished(sprout) };
}

/** Empties the test data (documents, files, app users). Live data is never reset from here: it is the published app's. */
export async function resetTestData(s: Services, sprout: SproutRow): Promise<void> {
  const scope = { sproutId: sprout.id, dataset: 'test' as const };
  const collections = await listAppCollections(s.db, scope);
  await clearDataset(s.db, scope);
  // Open previews reload their lists instead of showing what is gone.
  for (const c of collections) await s.appChanges.publish({ ...scope, collection: c.name, op: 'reset', id: '', createdBy: '' });
}

export async function listDatasetUsers(s: Services, sprout: SproutRow, dataset: Dataset): Promise<AppUserList> {
  return { users: (await listAppUsers(s.db, { sproutId: sprout.id, dataset })).map(toAppUserDto) };
}

/** Removes an app user's account (they can no longer sign in); what they created stays. */
export async function removeDatasetUser(s: Services, sprout: SproutRow, dataset: Dataset, userId: string): Promise<void> {
  if (!(await deleteAppUser(s.db, { sproutId: sprout.id, dataset }, userId))) throw new AppError(404, 'not_found', 'This user does not exist.');
}
