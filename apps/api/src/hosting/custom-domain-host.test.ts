import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimCustomDomain, createSproutForUser, createUser, type DbHandle, markCustomDomainChecked, schema, setPrimaryCustomDomain } from '@sprout/db';
import { createTestDb } from '@sprout/db/testing';
import { customDomainTarget, primaryDomainRedirect } from './custom-domain-host';

let h: DbHandle;
const slug = `hosted-${Math.random().toString(36).slice(2, 8)}`;
const own = ['api.sprout.test', 'sprout.test'];
beforeAll(async () => {
  h = await createTestDb();
  const user = await createUser(h.db, { email: `host-${Math.random()}@example.com`, passwordHash: 'x', displayName: 'o' });
  const made = await createSproutForUser(h.db, { ownerId: user.id, displayName: 'Hosted', files: [{ path: 'client/src/App.tsx', content: 'x' }] });
  if (!made.ok) throw new Error('limit');
  const id = made.sprout.id;
  await h.db
    .update(schema.sprouts)
    .set({ slug, isDeploymentEnabled: true, publicUrl: `http://${slug}.sites.localhost` })
    .where(eq(schema.sprouts.id, id));
  await claimCustomDomain(h.db, { sproutId: id, domain: 'shop.hosted.example', verifyToken: 't' });
  await markCustomDomainChecked(h.db, { sproutId: id, domain: 'shop.hosted.example', error: null, at: new Date() });
  await setPrimaryCustomDomain(h.db, id, 'shop.hosted.example', true);
});
afterAll(async () => {
  await h?.close();
});

describe('a host Sprout does not know', () => {
  it('is the app of a verified domain, "no app" for other public names, and the API for its own, private and IP hosts', async () => {
    const s = { db: h.db };
    expect(await customDomainTarget(s, 'Shop.Hosted.Example:443', own)).toEqual({ kind: 'site', slug, domain: 'shop.hosted.example' });
    expect(await customDomainTarget(s, 'other.example', own)).toEqual({ kind: 'unknown' });
    for (const host of ['api.sprout.test', 'localhost:3001', '127.0.0.1', 'api', 'db.internal', undefined])
      expect(await customDomainTarget(s, host, own)).toBeNull();
  });

  it('the slug address sends pages to the primary domain, keeping the path; files stay', async () => {
    const s = { db: h.db, config: { appProtocol: 'https' } } as Parameters<typeof primaryDomainRedirect>[0];
    expect(await primaryDomainRedirect(s, slug, '/menu?x=1')).toMatchObject({ status: 301, headers: { location: 'https://shop.hosted.example/menu?x=1' } });
    expect((await primaryDomainRedirect(s, slug, '//evil.example/x'))?.headers.location).toBe('https://shop.hosted.example/');
    expect(await primaryDomainRedirect(s, slug, '/assets/app-1.js')).toBeNull();
    expect(await primaryDomainRedirect(s, 'no-such-slug', '/')).toBeNull();
  });
});
