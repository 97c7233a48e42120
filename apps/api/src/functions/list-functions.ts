import { describeCron } from '@sprout/core';
import type { AppFunctionList } from '@sprout/core/contract';
import { getVersionFiles, siteAppTarget, type SproutRow } from '@sprout/db';
import type { Services } from '../services';

/** The functions of the preview's current version (test) or of the published one (live), with what did not build. */
export async function listAppFunctions(s: Services, sprout: SproutRow, dataset: 'test' | 'live'): Promise<AppFunctionList> {
  const live = dataset === 'live' && sprout.slug && sprout.isDeploymentEnabled ? await siteAppTarget(s.db, sprout.slug) : null;
  const versionId = dataset === 'live' ? (live?.versionId ?? null) : sprout.currentVersionId;
  if (!versionId) return { versionId: null, functions: [], problems: [] };
  const built = await s.functions.versions.of(versionId, () => getVersionFiles(s.db, versionId));
  const functions = [...built.functions.values()]
    .map((fn) => ({
      name: fn.name,
      access: fn.access,
      schedule: fn.schedule,
      scheduleText: fn.schedule ? describeCron(fn.schedule) : null,
      secrets: fn.secrets,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return { versionId, functions, problems: built.errors.map((e) => ({ file: e.file ?? '', line: e.line, message: e.message })) };
}
