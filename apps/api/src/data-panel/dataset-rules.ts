import { DATA_RULES_PATH, NO_RULES, parseDataRules, type RulesResult } from '@sprout/core';
import { type Dataset, getVersionFileText, rulesVersionId, type SproutRow } from '@sprout/db';
import type { Services } from '../services';

/**
 * The rules (`sprout.data.json`) a dataset answers by: the current version's for test data (the
 * preview), the published version's for live data (the published app, until it is republished).
 * Only that one file is read, not the whole version.
 */
export async function datasetRules(s: Services, sprout: SproutRow, dataset: Dataset): Promise<RulesResult> {
  const versionId = await rulesVersionId(s.db, sprout, dataset);
  if (!versionId) return { ok: true, rules: NO_RULES };
  return parseDataRules(await getVersionFileText(s.db, versionId, DATA_RULES_PATH));
}
