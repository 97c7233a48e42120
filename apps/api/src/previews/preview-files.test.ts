import { beforeAll, describe, expect, it } from 'vitest';
import { createVersion, finishRun, getVersionFiles, insertRun, newId } from '@sprout/db';
import type { PreviewManifest } from '@sprout/preview';
import { expectOk, testBuilder } from '@sprout/preview/testing';
import { type Session, useTestApp } from '../testing';

// What the hot update client asks of the preview origin: a version's module list (with the load tag
// of that version) and the modules of newer versions under the folder its page was loaded from.

const t = useTestApp();
let owner: Session;
let other: Session;
let sproutId: string;
let first: string;
let second: string;

const hostOf = (id: string) => `${id}.preview.localhost:3001`;
const get = (url: string, cookie?: string, host = hostOf(sproutId)) => t.app.inject({ method: 'GET', url, headers: { host, ...(cookie ? { cookie } : {}) } });

async function openPreview(s: Session, id: string): Promise<string> {
  const url = new URL((await t.api('POST', `/build/v1/sprouts/${id}/preview-session`, { token: s.idToken, body: {} })).json().url);
  const res = await get(url.pathname + url.search, undefined, url.host);
  return (res.headers['set-cookie'] as string[])[0]!.split(';')[0]!;
}

beforeAll(async () => {
  owner = await t.register();
  other = await t.register();
  const created = (await t.api('POST', '/v1/sprouts', { token: owner.idToken, body: {} })).json();
  sproutId = created.id;
  first = created.currentVersionId;
  const files = await getVersionFiles(t.db.db, first);
  const edited = files.map((f) => (f.path === 'client/src/App.tsx' ? { ...f, content: f.content.replace('Sprout starter', 'Second version') } : f));
  second = (await t.db.db.transaction((tx) => createVersion(tx, { sproutId, files: edited, source: 'test' }))).id;
});

describe('GET /_sprout/version/:id', () => {
  it('gives the session’s owner the version’s modules and a load tag of that version', async () => {
    const cookie = await openPreview(owner, sproutId);
    const res = await get(`/_sprout/version/${second}`, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as { ok: true; manifest: PreviewManifest; load: string };
    expect(body.ok).toBe(true);
    expect(body.manifest).toMatchObject({ version: second, base: `/_sprout/build/${second}/`, entries: ['client/src/main.tsx'] });
    const tag = await t.app.services.previewTokens.verify(body.load, 'load', sproutId);
    expect(tag).toMatchObject({ userId: owner.user.id, versionId: second });

    const old = (await get(`/_sprout/version/${first}`, cookie)).json() as { manifest: PreviewManifest };
    const changed = Object.keys(body.manifest.modules).filter((p) => body.manifest.modules[p]!.own !== old.manifest.modules[p]!.own);
    expect(changed).toEqual(['client/src/App.tsx']);
    // Its importers get new names (they import the new one), everything else keeps its name and instance.
    expect(body.manifest.modules['client/src/main.tsx']!.name).not.toBe(old.manifest.modules['client/src/main.tsx']!.name);
    expect(body.manifest.modules['client/src/components/ui/button.tsx']!.name).toBe(old.manifest.modules['client/src/components/ui/button.tsx']!.name);
  });

  it('answers 401 without a session, and 404 for a version of another project or none', async () => {
    expect((await get(`/_sprout/version/${second}`)).statusCode).toBe(401);
    const cookie = await openPreview(owner, sproutId);
    const foreign = (await t.api('POST', '/v1/sprouts', { token: other.idToken, body: {} })).json().currentVersionId;
    expect((await get(`/_sprout/version/${foreign}`, cookie)).statusCode).toBe(404);
    expect((await get('/_sprout/version/nope0000', cookie)).statusCode).toBe(404);
  });
});

describe('a run’s candidate', () => {
  it('is shown to its project’s owner while its run goes on (its module list, and its page by name), without a load tag; to nobody else, and no more once the run has ended', async () => {
    const files = await getVersionFiles(t.db.db, first);
    const run = await insertRun(t.db.db, { id: newId(), sproutId, userId: owner.user.id, model: 'offline', baseVersionId: first });
    const candidate = newId();
    const edited = files.map((f) => (f.path === 'client/src/App.tsx' ? { ...f, content: f.content.replace('Sprout starter', 'Candidate C') } : f));
    expect((await t.app.services.buildPreview(sproutId, candidate, edited)).ok).toBe(true);

    const cookie = await openPreview(owner, sproutId);
    const res = await get(`/_sprout/version/${candidate}`, cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { ok: true; manifest: PreviewManifest; load: string | null };
    expect(body).toMatchObject({ ok: true, load: null, manifest: { version: candidate } });
    const app = body.manifest.modules['client/src/App.tsx']!.name;
    expect((await get(`/_sprout/build/${first}/${app}`, cookie)).body).toContain('Candidate C');
    // Asked for by name as a page (what the hot update client loads when it cannot apply it in
    // place): the candidate's page, tagged with its id and without a load tag.
    const page = await get(`/tasks?version=${candidate}`, cookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<meta name="sprout-version" content="${candidate}">`);
    expect(page.body).not.toContain('<meta name="sprout-load"');
    expect(page.body).toContain(`/_sprout/build/${candidate}/`);

    // Another project's owner, on their own origin, cannot open it; nor can a stored version id be faked.
    const foreign = (await t.api('POST', '/v1/sprouts', { token: other.idToken, body: {} })).json().id as string;
    const otherCookie = await openPreview(other, foreign);
    expect((await get(`/_sprout/version/${candidate}`, otherCookie, hostOf(foreign))).statusCode).toBe(404);
    // A page by a name that is not there goes to the same address without it: the current version.
    const elsewhere = await get(`/?version=${candidate}`, otherCookie, hostOf(foreign));
    expect([elsewhere.statusCode, elsewhere.headers.location]).toEqual([303, '/']);
    expect((await get(`/_sprout/version/${newId()}`, cookie)).statusCode).toBe(404);
    const unknown = await get(`/tasks?tab=2&version=${newId()}`, cookie);
    expect([unknown.statusCode, unknown.headers.location]).toEqual([303, '/tasks?tab=2']);
    // Never to another site, whatever the path looks like.
    expect((await get(`//evil.example/?version=${newId()}`, cookie)).headers.location).toBe('/');

    // The run failed (and was given back): its candidate is not listed any more.
    await finishRun(t.db.db, run.id, { status: 'failed', error: 'x', errorCode: 'attempt_failed', tokensIn: 0, tokensInCached: 0, tokensOut: 0, fixRounds: 2 });
    expect((await get(`/_sprout/version/${candidate}`, cookie)).statusCode).toBe(404);
    expect((await get(`/?version=${candidate}`, cookie)).headers.location).toBe('/');
  });
});

describe('module files', () => {
  it('serves a newer version’s module under the folder of the version the page was loaded with', async () => {
    const cookie = await openPreview(owner, sproutId);
    const next = (await get(`/_sprout/version/${second}`, cookie)).json() as { manifest: PreviewManifest };
    const app = next.manifest.modules['client/src/App.tsx']!.name;
    const res = await get(`/_sprout/build/${first}/${app}`, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(res.body).toContain('Second version');
    expect((await get(`/_sprout/build/${first}/${app}.map`, cookie)).json().sources).toContain('client/src/App.tsx');
    // Never without the session, even right after it was used.
    expect((await get(`/_sprout/build/${first}/${app}`)).statusCode).toBe(401);
    expect((await get(`/_sprout/build/${first}/App.tsx.00000000000000000000.js`, cookie)).statusCode).toBe(404);
  });

  it('finds a module no build in memory has by building the folder’s version, then the current one', async () => {
    const cookie = await openPreview(owner, sproutId);
    // A version this API has never built (made by another instance, or before a restart).
    const files = (await getVersionFiles(t.db.db, first)).map((f) =>
      f.path === 'client/src/App.tsx' ? { ...f, content: 'export default function App() { return <h1>Third version</h1>; }\n' } : f,
    );
    await t.db.db.transaction((tx) => createVersion(tx, { sproutId, files, source: 'test' }));
    // Module names depend on the files only: any builder names them the same.
    const elsewhere = expectOk(await testBuilder().build(files, { mode: 'preview', assetBase: '/elsewhere/' }));
    const app = elsewhere.manifest!.modules['client/src/App.tsx']!.name;
    expect(t.app.services.previews.previewFile(sproutId, app)).toBeUndefined();
    const res = await get(`/_sprout/build/${first}/${app}`, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Third version');
  });
});
