import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../testing';
import type { DbHandle } from '../create-db';
import { createUser } from '../queries/users';
import { upsertSubscription } from '../queries/subscriptions';
import { softDeleteSproutForOwner, updateSproutForOwner } from '../queries/sprouts';
import { claimSlug } from '../queries/addresses';
import { getDeploymentFile, getPublishedSite, getSproutDeploymentFile, listDeployments } from '../queries/deployments';
import { dueFileDeletions, queuePendingFile } from '../queries/stored-files';
import { fileDeletions } from '../files/tables';
import { newId } from '../ids';
import { createSproutForUser } from './create-sprout';
import { enableDeployment, publishDeployment } from './publish';

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  await h?.close();
});

const user = (tag: string) => createUser(h.db, { email: `${tag}-${Math.random()}@example.com`, passwordHash: 'x', displayName: tag });
async function sprout(ownerId: string) {
  const r = await createSproutForUser(h.db, { ownerId, displayName: 'S', files: [{ path: 'client/src/App.tsx', content: 'x' }] });
  if (!r.ok) throw new Error('limit');
  return r.sprout;
}
/** A built site as the API hands it over: its files' bytes written first, under keys of a new deployment, pending until a publish claims them. */
async function site(tag: string) {
  const deploymentId = newId();
  const files = [
    { path: 'index.html', contentType: 'text/html; charset=utf-8', storageKey: `deployments/${deploymentId}/0`, size: 3 },
    { path: `assets/main-${tag}.js`, contentType: 'text/javascript; charset=utf-8', storageKey: `deployments/${deploymentId}/1`, size: 20 },
  ];
  await queuePendingFile(
    h.db,
    files.map((f) => f.storageKey),
    3600,
  );
  return { deploymentId, files };
}
const keysOf = (built: Awaited<ReturnType<typeof site>>) => built.files.map((f) => f.storageKey);
/** Which of `keys` are queued for the file store's sweep (pending or due). */
const queued = async (keys: string[]) =>
  (await h.db.select({ key: fileDeletions.key }).from(fileDeletions).where(inArray(fileDeletions.key, keys))).map((r) => r.key).sort();

describe('claimSlug', () => {
  it('gives each project the first free slug, once, even when claimed concurrently', async () => {
    const u = await user('slug');
    await upsertSubscription(h.db, u.id, { type: 'subscribed on web', tierType: 'tier-1' });
    const projects = await Promise.all(Array.from({ length: 6 }, () => sprout(u.id)));
    const slugs = await Promise.all(projects.map((p, i) => claimSlug(h.db, p.id, ['shared', `shared-${i}`])));
    expect(new Set(slugs).size).toBe(6);
    expect(slugs.filter((s) => s === 'shared')).toHaveLength(1);
    expect(await claimSlug(h.db, projects[0]!.id, ['other'])).toBe(slugs[0]);
  });
});

describe('publishDeployment', () => {
  it('switches the live site atomically, keeps one previous deployment and serves by slug', async () => {
    const u = await user('pub');
    const p = await sprout(u.id);
    const slug = (await claimSlug(h.db, p.id, [`pub-${p.id}`]))!;
    const input = { ownerId: u.id, sproutId: p.id, versionId: p.currentVersionId!, publicUrl: `http://${slug}.sites.localhost` };
    const one = await site('one');
    expect(await publishDeployment(h.db, { ...input, ...one })).toMatchObject({
      ok: true,
      sprout: { isDeploymentEnabled: true, publicUrl: input.publicUrl, activeDeploymentId: one.deploymentId },
      deployment: { id: one.deploymentId, fileCount: 2, totalBytes: 23 },
    });
    const live = (await getPublishedSite(h.db, slug))!;
    expect(await getDeploymentFile(h.db, live.deploymentId, 'index.html')).toEqual({
      contentType: 'text/html; charset=utf-8',
      storageKey: keysOf(one)[0],
      content: null,
    });
    // Claimed in the publish's transaction: the sweep leaves their bytes.
    expect(await queued(keysOf(one))).toEqual([]);
    const two = await site('two');
    const three = await site('three');
    await publishDeployment(h.db, { ...input, ...two });
    await publishDeployment(h.db, { ...input, ...three });
    const now = (await getPublishedSite(h.db, slug))!;
    expect(now.deploymentId).toBe(three.deploymentId);
    expect((await getDeploymentFile(h.db, now.deploymentId, 'index.html'))?.storageKey).toBe(keysOf(three)[0]);
    expect(await listDeployments(h.db, p.id)).toHaveLength(2);
    expect(await getSproutDeploymentFile(h.db, p.id, 'assets/main-two.js')).not.toBeNull();
    expect(await getSproutDeploymentFile(h.db, p.id, 'assets/main-one.js')).toBeNull();
    // The pruned deployment's bytes are due for the sweep at once; the two kept are not queued.
    const due = (await dueFileDeletions(h.db, 1000)).filter((d) => keysOf(one).includes(d.key));
    expect(due.sort((a, b) => a.key.localeCompare(b.key))).toEqual(keysOf(one).map((key) => ({ key, referenced: false })));
    expect(await queued([...keysOf(two), ...keysOf(three)])).toEqual([]);

    await updateSproutForOwner(h.db, p.id, u.id, { isDeploymentEnabled: false });
    expect(await getPublishedSite(h.db, slug)).toBeNull();
    expect(await enableDeployment(h.db, { ownerId: u.id, sproutId: p.id })).toMatchObject({ ok: true });
    expect(await getPublishedSite(h.db, slug)).not.toBeNull();
    await softDeleteSproutForOwner(h.db, p.id, u.id);
    expect(await getPublishedSite(h.db, slug)).toBeNull();
    // A deleted project's builds go with it, their bytes queued for the sweep.
    expect(await listDeployments(h.db, p.id)).toEqual([]);
    expect(await queued([...keysOf(two), ...keysOf(three)])).toEqual([...keysOf(two), ...keysOf(three)].sort());
  });

  it('holds the free limit of one published app under concurrent publishes and re-enables', async () => {
    const u = await user('limit');
    const projects = await Promise.all([sprout(u.id), sprout(u.id), sprout(u.id)]);
    const built = await Promise.all(projects.map((p) => site(p.id)));
    const results = await Promise.all(
      projects.map((p, i) =>
        publishDeployment(h.db, { ownerId: u.id, sproutId: p.id, versionId: p.currentVersionId!, publicUrl: `http://${p.id}.x`, ...built[i]! }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    // A refused publish claims nothing: its keys stay pending, for the API (or the sweep) to remove.
    for (const [i, r] of results.entries()) expect(await queued(keysOf(built[i]!))).toEqual(r.ok ? [] : keysOf(built[i]!).sort());
    expect(results.filter((r) => !r.ok)).toEqual([
      { ok: false, reason: 'deployment_limit_reached', limit: 1 },
      { ok: false, reason: 'deployment_limit_reached', limit: 1 },
    ]);
    const published = projects[results.findIndex((r) => r.ok)]!;
    const unpublished = projects.find((p) => p !== published)!;
    expect(await enableDeployment(h.db, { ownerId: u.id, sproutId: unpublished.id })).toEqual({ ok: false, reason: 'not_deployed' });
    expect(await enableDeployment(h.db, { ownerId: 'nobody', sproutId: published.id })).toEqual({ ok: false, reason: 'not_found' });
  });
});
