import { beforeEach, describe, expect, it } from 'vitest';
import type { ImportedProject, Sprout } from '@sprout/core/contract';
import { createZip, readZip } from '@sprout/preview';
import { openPreviewPage, type Session, useTestApp, versionsOf } from '../testing';
import { CRA_APP, VITE_APP } from './import-apps.testing';

const t = useTestApp();
let owner: Session;
// A person of their own for each test: the free plan holds five projects.
beforeEach(async () => {
  owner = await t.register();
});

const zipOf = (files: Record<string, string | Uint8Array>, folder = '') =>
  createZip(Object.entries(files).map(([name, data]) => ({ name: folder + name, data })));
const importZip = (zip: Uint8Array, fileName = 'app.zip', extra: Record<string, unknown> = {}) =>
  t.api('POST', '/build/v1/sprouts/import', { token: owner.idToken, body: { zip: Buffer.from(zip).toString('base64'), fileName, ...extra } });
const projects = async () => ((await t.api('GET', '/v1/sprouts', { token: owner.idToken })).json() as Sprout[]).length;
const filesOf = async (sproutId: string) =>
  new Map(
    ((await t.api('GET', `/build/v1/sprouts/${sproutId}/files`, { token: owner.idToken })).json().files as { path: string; content: string }[]).map((f) => [
      f.path,
      f.content,
    ]),
  );

describe('POST /build/v1/sprouts/import with a zip', () => {
  it('imports an export back as the same files, as a project whose version builds and previews', async () => {
    const source = (await t.api('POST', '/v1/sprouts', { token: owner.idToken, body: { displayName: 'Task Board' } })).json() as Sprout;
    const exported = await t.app.inject({ method: 'GET', url: `/build/v1/sprouts/${source.id}/export`, headers: { authorization: `Bearer ${owner.idToken}` } });
    const res = await importZip(exported.rawPayload, 'task-board.zip');
    expect(res.statusCode, res.body).toBe(201);
    const imported = res.json() as ImportedProject;
    expect(imported.skipped).toEqual([]);
    expect(imported.checks).toEqual({ builds: true, issues: [] });
    expect(imported.version).toMatchObject({ source: 'import', summary: 'Imported from task-board.zip' });
    const expected = new Map(readZip(exported.rawPayload).map((e) => [e.name.slice('task-board/'.length), new TextDecoder().decode(e.data)]));
    expect(await filesOf(imported.sprout.id)).toEqual(expected);
    const { versions } = await versionsOf(t, owner, imported.sprout.id);
    expect(versions).toHaveLength(1);
    // The preview page is served (a build error page has no load tag).
    await openPreviewPage(t, owner, imported.sprout.id);
  });

  it('imports a Lovable-style Vite app into client/, names it after its title, and lists what it left out', async () => {
    const res = await importZip(zipOf(VITE_APP, 'habit-tracker-main/'), 'habit-tracker-main.zip');
    expect(res.statusCode, res.body).toBe(201);
    const imported = res.json() as ImportedProject;
    expect(imported.sprout.displayName).toBe('Habit Tracker');
    expect(imported.checks.builds).toBe(true);
    const files = await filesOf(imported.sprout.id);
    expect([...files.keys()].sort()).toEqual([
      'README.md',
      'client/index.html',
      'client/src/App.tsx',
      'client/src/components/ui/button.tsx',
      'client/src/index.css',
      'client/src/main.tsx',
      'package.json',
      'tsconfig.json',
      'vite.config.ts',
    ]);
    // Sprout's own settings, not the app's: the app lives in client/ now.
    expect(files.get('vite.config.ts')).toContain("root: 'client'");
    expect(JSON.parse(files.get('package.json')!).scripts).toEqual({ dev: 'vite', build: 'vite build' });
    expect(imported.skipped.map((s) => s.path).sort()).toEqual(['.env', 'package.json', 'supabase/', 'tsconfig.json', 'vite.config.ts']);
    expect(JSON.stringify(imported)).not.toContain('do-not-import-me');
    await openPreviewPage(t, owner, imported.sprout.id);
  });

  it('imports a Create React App project so that it builds, under the name the person gave', async () => {
    const res = await importZip(zipOf(CRA_APP), 'recipes.zip', { name: 'My recipes' });
    expect(res.statusCode, res.body).toBe(201);
    const imported = res.json() as ImportedProject;
    expect(imported.sprout.displayName).toBe('My recipes');
    expect(imported.checks).toEqual({ builds: true, issues: [] });
    expect([...(await filesOf(imported.sprout.id)).keys()]).toEqual(
      expect.arrayContaining(['client/src/index.jsx', 'client/src/App.jsx', 'client/public/favicon.svg']),
    );
  });

  it('imports an app that does not build yet, and says why, for the person to fix in the chat', async () => {
    const res = await importZip(
      zipOf({ ...VITE_APP, 'src/App.tsx': "import axios from 'axios';\nexport default function App() { return <p>{String(axios)}</p>; }\n" }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { checks } = res.json() as ImportedProject;
    expect(checks.builds).toBe(false);
    expect(checks.issues.map((i) => i.message).join('\n')).toMatch(/axios/);
  });

  it.each([
    ['not a zip', Buffer.from('PK but not really a zip'), 400, 'invalid_zip', /cannot be read/],
    ['empty', Buffer.alloc(0), 400, 'invalid_zip', /Choose a zip/],
    ['a Next.js app', zipOf({ 'next.config.js': 'module.exports = {};\n', 'app/page.tsx': 'export default () => null;\n' }), 422, 'not_a_project', /Next\.js/],
    ['nothing to run', zipOf({ 'notes.txt': 'hello\n' }), 422, 'not_a_project', /This does not look like a Vite or React project/],
    [
      'more files than a project holds',
      zipOf({ 'index.html': '<p>', ...Object.fromEntries(Array.from({ length: 501 }, (_, i) => [`src/f${i}.ts`, `export const n = ${i};\n`])) }),
      413,
      'import_too_large',
      /at most 500/,
    ],
  ])('refuses %s with a message, and creates no project', async (_name, zip, status, code, message) => {
    const before = await projects();
    const res = await importZip(zip);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ code, message: expect.stringMatching(message) });
    expect(await projects()).toBe(before);
  });

  it('refuses a body that is not one of the two kinds of import', async () => {
    for (const body of [{}, { zip: 'UEs=' }, { url: 'https://github.com/a/b.git', zip: 'UEs=', fileName: 'x.zip' }, { url: 5 }]) {
      const res = await t.api('POST', '/build/v1/sprouts/import', { token: owner.idToken, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it("counts against the plan's project limit, and refuses past it with the paywall", async () => {
    for (let i = 0; i < 5; i++) expect((await t.api('POST', '/v1/sprouts', { token: owner.idToken, body: {} })).statusCode).toBe(201);
    const res = await importZip(zipOf(VITE_APP));
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json()).toMatchObject({ code: 'project_limit_reached', paywall: { source: 'project_limit_reached' } });
    expect(await projects()).toBe(5);
  });
});
