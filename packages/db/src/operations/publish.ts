import { canPublishAnother, publishedAppLimit } from '@sprout/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../create-db';
import { countPublishedSprouts, insertDeployment, pruneDeployments, type DeploymentFileInput, type DeploymentRow } from '../queries/deployments';
import { getSproutForOwner, type SproutRow } from '../queries/sprouts';
import { getUserById, lockUser } from '../queries/users';
import { sprouts } from '../schema';

export type PublishResult =
  | { ok: true; sprout: SproutRow; deployment: DeploymentRow }
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'deployment_limit_reached'; limit: number };

/**
 * Stores a built site (its files' bytes already in the file store, under keys of `deploymentId`)
 * and makes it the project's live one, in one transaction: the deployment rows, the claim of their
 * keys and the switch of `active_deployment_id` commit together, so visitors see the old site or
 * the new one, never a mix. The published-app limit is checked under the owner's row lock, so
 * parallel publishes of different projects cannot overshoot it. Keeps the previous deployment so
 * pages already loading can still fetch their assets; older ones go, their bytes queued for the sweep.
 * A refusal claims nothing: the caller removes the bytes it wrote.
 */
export function publishDeployment(
  db: Db,
  input: { ownerId: string; sproutId: string; versionId: string; publicUrl: string; deploymentId: string; files: DeploymentFileInput[] },
): Promise<PublishResult> {
  return db.transaction(async (tx) => {
    if (!(await lockUser(tx, input.ownerId))) return { ok: false, reason: 'not_found' };
    const sprout = await getSproutForOwner(tx, input.sproutId, input.ownerId);
    if (!sprout) return { ok: false, reason: 'not_found' };
    const limit = await limitReached(tx, input.ownerId, sprout.id);
    if (limit !== null) return { ok: false, reason: 'deployment_limit_reached', limit };
    const deployment = await insertDeployment(tx, {
      id: input.deploymentId,
      sproutId: sprout.id,
      versionId: input.versionId,
      createdBy: input.ownerId,
      files: input.files,
    });
    const [updated] = await tx
      .update(sprouts)
      .set({ isDeploymentEnabled: true, publicUrl: input.publicUrl, activeDeploymentId: deployment.id })
      .where(eq(sprouts.id, sprout.id))
      .returning();
    await pruneDeployments(tx, sprout.id, [deployment.id, ...(sprout.activeDeploymentId ? [sprout.activeDeploymentId] : [])]);
    return { ok: true, sprout: updated!, deployment };
  });
}

export type EnableResult =
  | { ok: true; sprout: SproutRow }
  | { ok: false; reason: 'not_found' | 'not_deployed' }
  | { ok: false; reason: 'deployment_limit_reached'; limit: number };

/** Turns a project's existing deployment back on (after an unpublish), within the plan's limit. */
export function enableDeployment(db: Db, input: { ownerId: string; sproutId: string }): Promise<EnableResult> {
  return db.transaction(async (tx) => {
    if (!(await lockUser(tx, input.ownerId))) return { ok: false, reason: 'not_found' };
    const sprout = await getSproutForOwner(tx, input.sproutId, input.ownerId);
    if (!sprout) return { ok: false, reason: 'not_found' };
    if (sprout.isDeploymentEnabled) return { ok: true, sprout };
    if (!sprout.activeDeploymentId || !sprout.publicUrl) return { ok: false, reason: 'not_deployed' };
    const limit = await limitReached(tx, input.ownerId, sprout.id);
    if (limit !== null) return { ok: false, reason: 'deployment_limit_reached', limit };
    const [updated] = await tx.update(sprouts).set({ isDeploymentEnabled: true }).where(eq(sprouts.id, sprout.id)).returning();
    return { ok: true, sprout: updated! };
  });
}

/** The plan's limit when publishing one more project would exceed it; null when it is allowed. */
async function limitReached(tx: Parameters<Parameters<Db['transaction']>[0]>[0], ownerId: string, sproutId: string): Promise<number | null> {
  const user = await getUserById(tx, ownerId);
  const tier = user?.tier ?? 'free';
  const published = await countPublishedSprouts(tx, ownerId, sproutId);
  return canPublishAnother(tier, published) ? null : (publishedAppLimit(tier) ?? 0);
}
