import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createVersion, getSproutForOwner, getVersionFiles, listDeployments, upsertSubscription } from '@sprout/db';
import { buildApp } from '../app';
import { AppError } from '../errors';
import { useFixture } from '@sprout/testkit/vitest';
import { startTestBucket } from '../file-store/test-bucket.testing';
import { type Session, useTestApp } from '../testing';
import { publishSprout } from './publish';

// On an S3 store (s3rver), as several instances share one: a published app's files live there.
const bucket = useFixture('the test bucket', startTestBucket, (b) => b.close());
const t = useTestApp(() => bucket.env);

const create = async (s: Session, displayName = 'My Todo App') => (await t.api('POST', '/v1/sprouts', { token: s.idToken, body: { displayName } })).json();
const publish = (s: Session, id: string) => t.api('POST', `/build/v1/sprouts/${id}/publish`, { token: s.idToken });
const unpublish = (s: Session, id: string) => t.api('DELETE', `/build/v1/sprouts/${id}/publish`, { token: s.idToken });
const site = (url: string, path = '/') => t.app.inject({ method: 'GET', url: path, headers: { host: new URL(url).host } });

/** The keys every deployment file row names, sorted. */
async function rowKeys(sproutId?: string): Promise<string[]> {
  const rows = await t.db.db.execute(
    sproutId
      ? sql`select f.storage_key as key from deployment_files f join deployments d on d.id = f.deployment_id where d.sprout_id = ${sproutId}`
      : sql`select storage_key as key from deployment_files where storage_key is not null`,
  );
  return (rows as unknown as { rows: { key: string }[] }).rows.map((r) => r.key).sort();
}

/** Once the sweep has run, the bucket holds exactly the published files' bytes some row names: none left behind, none missing. */
async function expectNothingOrphaned() {
  await t.app.services.files.sweep();
  expect(await bucket.keys('deployments/')).toEqual(await rowKeys());
}

async function editApp(s: Session, id: string, app: string) {
  const current = (await t.api('GET', `/v1/sprouts/${id}`, { token: s.idToken })).json().currentVersionId;
  const files = (await getVersionFiles(t.db.db, current)).map((f) => (f.path === 'client/src/App.tsx' ? { ...f, content: app } : f));
  await t.db.db.transaction((tx) => createVersion(tx, { sproutId: id, files, source: 'test' }));
}

describe('publish', () => {
  it('builds the current version, serves it at {slug}.sites.localhost and marks the project published', async () => {
    const s = await t.register();
    const p = await create(s, 'My Todo App');
    const res = await publish(s, p.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: p.id, isDeploymentEnabled: true, published: true, publicUrl: 'http://my-todo-app.sites.localhost:3001' });

    const page = await site(res.json().publicUrl);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Sprout starter</title>');
    expect(page.body).not.toContain('importmap');
    expect(page.body).not.toMatch(/<script>/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self';");
    expect(page.headers['content-security-policy']).toContain('frame-ancestors http://localhost:3000');
    expect(page.headers['x-content-type-options']).toBe('nosniff');

    const script = /<script type="module" src="([^"]+)"/.exec(page.body)![1]!;
    expect(script).toMatch(/^\/assets\/main-\w+\.js$/);
    const js = await site(res.json().publicUrl, script);
    expect(js.statusCode).toBe(200);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.body).toContain('Sprout starter');
    const css = await site(res.json().publicUrl, /<link rel="stylesheet" href="([^"]+)"/.exec(page.body)![1]!);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.body).toContain('.bg-background');

    expect((await site(res.json().publicUrl, '/about/team')).body).toContain('<title>Sprout starter</title>');
    expect((await site(res.json().publicUrl, '/nope.png')).statusCode).toBe(404);
    // The API is not there.
    const api = await site(res.json().publicUrl, '/v1/sprouts');
    expect(api.headers['content-type']).toBe('text/html; charset=utf-8');

    // Every file's bytes are in the store, under keys of its deployment; the rows hold none.
    const keys = await rowKeys(p.id);
    expect(keys.length).toBeGreaterThanOrEqual(3);
    for (const key of keys) expect(key).toMatch(/^deployments\/[a-z0-9]{20}\/\d+$/);
    const inline = await t.db.db.execute(sql`select count(*)::int as n from deployment_files where content is not null`);
    expect((inline as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    await expectNothingOrphaned();
  });

  it('is served by another instance on the same database and store, which never built it', async () => {
    const s = await t.register();
    const p = await create(s, 'Elsewhere');
    const url = (await publish(s, p.id)).json().publicUrl;
    const here = await site(url);
    const other = await buildApp({ config: t.app.services.config, db: t.db, logger: false });
    try {
      await other.ready();
      const there = (path = '/') => other.inject({ method: 'GET', url: path, headers: { host: new URL(url).host } });
      const page = await there();
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(here.body);
      const script = /<script type="module" src="([^"]+)"/.exec(page.body)![1]!;
      const js = await there(script);
      expect(js.statusCode).toBe(200);
      expect(js.body).toBe((await site(url, script)).body);
      // Read from the shared store into that instance's own memory.
      expect(other.services.siteFiles.usage.entries).toBeGreaterThanOrEqual(2);
    } finally {
      await other.close();
    }
  });

  it('gives projects with the same name different addresses', async () => {
    const s = await t.register();
    await upsertSubscription(t.db.db, s.user.id, { type: 'subscribed on web', tierType: 'tier-1' });
    const a = (await publish(s, (await create(s, 'Twin')).id)).json();
    const b = (await publish(s, (await create(s, 'Twin')).id)).json();
    expect(a.publicUrl).toBe('http://twin.sites.localhost:3001');
    expect(b.publicUrl).toMatch(/^http:\/\/twin-[a-z0-9]{4}\.sites\.localhost:3001$/);
  });

  it('unpublish takes the site down and keeps the URL; publishing again restores the same address', async () => {
    const s = await t.register();
    const p = await create(s, 'Come And Go');
    const url = (await publish(s, p.id)).json().publicUrl;
    const off = await unpublish(s, p.id);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ isDeploymentEnabled: false, published: false, publicUrl: url });
    const gone = await site(url);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('There is no published app at this address');
    expect((await publish(s, p.id)).json().publicUrl).toBe(url);
    expect((await site(url)).statusCode).toBe(200);
  });

  it('republish switches to the new version and keeps only the previous deployment beside it', async () => {
    const s = await t.register();
    const p = await create(s, 'Versions');
    const url = (await publish(s, p.id)).json().publicUrl;
    const firstScript = /<script type="module" src="([^"]+)"/.exec((await site(url)).body)![1]!;
    await editApp(s, p.id, 'export default function App() { return <h1>Version two</h1>; }\n');
    await publish(s, p.id);
    const page = await site(url);
    const script = /<script type="module" src="([^"]+)"/.exec(page.body)![1]!;
    expect((await site(url, script)).body).toContain('Version two');
    // A visitor who loaded the old page a moment ago still gets its script.
    expect((await site(url, firstScript)).statusCode).toBe(200);
    await editApp(s, p.id, 'export default function App() { return <h1>Version three</h1>; }\n');
    const firstKeys = await rowKeys(p.id);
    await publish(s, p.id);
    expect(await listDeployments(t.db.db, p.id)).toHaveLength(2);
    expect((await site(url, firstScript)).statusCode).toBe(404);
    // The first deployment was pruned: its bytes leave the store (the publish swept at once).
    const kept = await rowKeys(p.id);
    const pruned = firstKeys.filter((k) => !kept.includes(k));
    expect(pruned.length).toBeGreaterThan(0);
    await expect.poll(async () => (await bucket.keys('deployments/')).filter((k) => pruned.includes(k))).toEqual([]);
    await expectNothingOrphaned();
  });

  it('refuses a version that does not build, with the errors, and leaves the live site alone', async () => {
    const s = await t.register();
    const p = await create(s, 'Fragile');
    const url = (await publish(s, p.id)).json().publicUrl;
    await editApp(s, p.id, "import x from 'left-pad';\nexport default () => x;\n");
    const res = await publish(s, p.id);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'build_failed', errors: [{ file: 'client/src/App.tsx', line: 1 }] });
    expect(res.json().message).toContain("Package 'left-pad' is not available in Sprout");
    expect((await site(url)).statusCode).toBe(200);
  });

  it('answers 404 for another user’s project and serves nothing for deleted projects', async () => {
    const s = await t.register();
    const stranger = await t.register();
    const p = await create(s, 'Mine Only');
    expect((await publish(stranger, p.id)).statusCode).toBe(404);
    expect((await unpublish(stranger, p.id)).statusCode).toBe(404);
    const url = (await publish(s, p.id)).json().publicUrl;
    const keys = await rowKeys(p.id);
    expect(keys.length).toBeGreaterThan(0);
    await t.api('DELETE', `/v1/sprouts/${p.id}`, { token: s.idToken });
    expect((await site(url)).statusCode).toBe(404);
    // Its builds went with it, and their bytes leave the store (deleting sweeps at once).
    expect(await rowKeys(p.id)).toEqual([]);
    await expect.poll(async () => (await bucket.keys('deployments/')).filter((k) => keys.includes(k))).toEqual([]);
  });

  it('removes the files it wrote when the transaction that would store the deployment refuses it', async () => {
    const s = await t.register();
    const a = await create(s, 'Stale A');
    const b = await create(s, 'Stale B');
    await publish(s, a.id);
    // A publish of A whose row was read while A was live (another tab): it skips the early limit check and builds.
    const stale = (await getSproutForOwner(t.db.db, a.id, s.user.id))!;
    await unpublish(s, a.id);
    expect((await publish(s, b.id)).statusCode).toBe(200);
    const before = await bucket.keys('deployments/');
    const refused = await publishSprout(t.app.services, stale).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 402, code: 'deployment_limit_reached' });
    // Its files were written, then removed: the bucket is as it was, and nothing waits for the sweep.
    expect(await bucket.keys('deployments/')).toEqual(before);
    const pending = await t.db.db.execute(sql`select count(*)::int as n from file_deletions where key like 'deployments/%' and due_at > now()`);
    expect((pending as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    await expectNothingOrphaned();
  });
});

describe('the published-app limit', () => {
  const paywall = { source: 'deployment_limit_reached', destination: 'upgradeDeployments' };

  it('lets a free account publish one app, with the paywall for a second, and republish the first', async () => {
    const s = await t.register();
    const a = await create(s, 'First');
    const b = await create(s, 'Second');
    expect((await publish(s, a.id)).statusCode).toBe(200);
    const refused = await publish(s, b.id);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: 'deployment_limit_reached', paywall, limit: 1 });
    expect(refused.json().message).toBe('Your plan allows 1 published app. Unpublish another app or upgrade to publish more.');
    expect((await publish(s, a.id)).statusCode).toBe(200);
    await unpublish(s, a.id);
    expect((await publish(s, b.id)).statusCode).toBe(200);
  });

  it('holds under concurrent publishes', async () => {
    const s = await t.register();
    const ids = [(await create(s, 'P1')).id, (await create(s, 'P2')).id, (await create(s, 'P3')).id];
    const results = await Promise.all(ids.map((id) => publish(s, id)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 402, 402]);
    const usage = (await t.api('GET', '/v1/sprouts', { token: s.idToken })).json();
    expect(usage.filter((p: { published: boolean }) => p.published)).toHaveLength(1);
  });

  it('applies to PATCH isDeploymentEnabled=true too, which needs an earlier publish', async () => {
    const s = await t.register();
    const a = await create(s, 'Patch A');
    const b = await create(s, 'Patch B');
    await publish(s, a.id);
    await unpublish(s, a.id);
    await publish(s, b.id);
    const again = await t.api('PATCH', `/v1/sprouts/${a.id}`, { token: s.idToken, body: { isDeploymentEnabled: true } });
    expect(again.statusCode).toBe(402);
    expect(again.json()).toMatchObject({ code: 'deployment_limit_reached', paywall });
    await unpublish(s, b.id);
    const on = await t.api('PATCH', `/v1/sprouts/${a.id}`, { token: s.idToken, body: { isDeploymentEnabled: true, isPinned: true } });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ isDeploymentEnabled: true, isPinned: true, published: true });
    expect((await site(on.json().publicUrl)).statusCode).toBe(200);
  });

  it('does not limit paid plans', async () => {
    const s = await t.register();
    await upsertSubscription(t.db.db, s.user.id, { type: 'subscribed on web', tierType: 'tier-2' });
    for (const name of ['Paid 1', 'Paid 2', 'Paid 3']) expect((await publish(s, (await create(s, name)).id)).statusCode).toBe(200);
  });
});
