import { and, eq } from 'drizzle-orm';
import type { Executor } from '../create-db';
import { deployments } from '../schema';
import type { Dataset } from './scope';

/**
 * The version whose `sprout.data.json` governs a dataset: test data answers the preview, so the
 * current version; live data answers the published app, so the version it was last published from
 * (the current one when it never was).
 */
export async function rulesVersionId(
  db: Executor,
  sprout: { id: string; currentVersionId: string | null; activeDeploymentId: string | null },
  dataset: Dataset,
): Promise<string | null> {
  if (dataset === 'test' || !sprout.activeDeploymentId) return sprout.currentVersionId;
  const rows = await db
    .select({ versionId: deployments.versionId })
    .from(deployments)
    .where(and(eq(deployments.id, sprout.activeDeploymentId), eq(deployments.sproutId, sprout.id)))
    .limit(1);
  return rows[0]?.versionId ?? sprout.currentVersionId;
}
