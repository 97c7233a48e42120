import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../testing';
import type { DbHandle } from '../create-db';
import { createUser } from '../queries/users';
import { upsertSubscription } from '../queries/subscriptions';
import { softDeleteSproutForOwner, updateSproutForOwner } from '../queries/sprouts';
import { claimSlug } from '../queries/addresses';
import { getDeploymentFile, getPublishedSite, getSproutDeploymentFile, listDeployments } from '../queries/deployments';
import { createSproutForUser } from './create-sprout';
import { enableDeployment, publishDeployment } from './publish';

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  await h?.close();
});

const enc = new TextEncoder();
const user = (tag: string) => createUser(h.db, { email: `${tag}-${Math.random()}@example.com`, passwordHash: 'x', displayName: tag });
async function sprout(ownerId: string) {
  const r = await createSproutForUser(h.db, { ownerId, displayName: 'S', files: [{ path: 'client/src/App.tsx', content: 'x' }] });
  if (!r.ok) throw new Error('limit');
  return r.sprout;
}
const site = (html: string) => [
  { path: 'index.html', contentType: 'text/html; charset=utf-8', content: enc.encode(html) },
  { path: `assets/main-${html}.js`, contentType: 'text/javascript; charset=utf-8', content: enc.encode(`console.log(${JSON.stringify(html)})`) },
];

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
    const one = await publishDeployment(h.db, { ...input, files: site('one') });
    expect(one).toMatchObject({ ok: true, sprout: { isDeploymentEnabled: true, publicUrl: input.publicUrl } });
    const live = (await getPublishedSite(h.db, slug))!;
    expect(new TextDecoder().decode((await getDeploymentFile(h.db, live.deploymentId, 'index.html'))!.content)).toBe('one');
    await publishDeployment(h.db, { ...input, files: site('two') });
    await publishDeployment(h.db, { ...input, files: site('three') });
    const now = (await getPublishedSite(h.db, slug))!;
    expect(new TextDecoder().decode((await getDeploymentFile(h.db, now.deploymentId, 'index.html'))!.content)).toBe('three');
    expect(await listDeployments(h.db, p.id)).toHaveLength(2);
    expect(await getSproutDeploymentFile(h.db, p.id, 'assets/main-two.js')).not.toBeNull();
    expect(await getSproutDeploymentFile(h.db, p.id, 'assets/main-one.js')).toBeNull();

    await updateSproutForOwner(h.db, p.id, u.id, { isDeploymentEnabled: false });
    expect(await getPublishedSite(h.db, slug)).toBeNull();
    expect(await enableDeployment(h.db, { ownerId: u.id, sproutId: p.id })).toMatchObject({ ok: true });
    expect(await getPublishedSite(h.db, slug)).not.toBeNull();
    await softDeleteSproutForOwner(h.db, p.id, u.id);
    expect(await getPublishedSite(h.db, slug)).toBeNull();
  });

  it('holds the free limit of one published app under concurrent publishes and re-enables', async () => {
    const u = await user('limit');
    const projects = await Promise.all([sprout(u.id), sprout(u.id), sprout(u.id)]);
    const results = await Promise.all(
      projects.map((p) =>
        publishDeployment(h.db, { ownerId: u.id, sproutId: p.id, versionId: p.currentVersionId!, publicUrl: `http://${p.id}.x`, files: site(p.id) }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
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
