import { siteAppTarget, type SproutRow } from '@sprout/db';
import { AppError } from '../errors';
import type { Services } from '../services';
import { callFunction } from './call-function';
import { scheduledCaller } from './schedules';

const SHOWN_BYTES = 64 * 1024;

/** "Run now" in the Functions panel: the function of the preview's (test) or the published (live) version, run as a schedule runs it. */
export async function runFunctionNow(s: Services, sprout: SproutRow, dataset: 'test' | 'live', name: string): Promise<{ status: number; body: string }> {
  const live = dataset === 'live' ? (sprout.slug && sprout.isDeploymentEnabled ? await siteAppTarget(s.db, sprout.slug) : null) : null;
  if (dataset === 'live' && !live)
    throw new AppError(409, 'not_published', 'This project is not published, so it has no live functions. Publish it first, or run the test one.');
  const versionId = live ? live.versionId : sprout.currentVersionId;
  const caller = versionId ? await scheduledCaller(s, { sproutId: sprout.id, ownerId: sprout.ownerId, dataset, versionId, slug: sprout.slug }, name) : null;
  if (!caller) throw new AppError(404, 'function_not_found', `This version has no function named "${name}".`);
  const out = await callFunction(s, caller, { method: 'POST', url: `/_sprout/v1/functions/${name}`, headers: {}, body: null }, 'run-now');
  return { status: out.status, body: out.body.subarray(0, SHOWN_BYTES).toString('utf8') };
}
