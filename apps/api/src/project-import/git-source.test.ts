import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ImportedProject, Sprout } from '@sprout/core/contract';
import { gitClient, type GitRemoteServer, openPreviewPage, type Session, startGitRemoteServer, useTestApp } from '../testing';
import { VITE_APP } from './import-apps.testing';

const TOKEN = 'ghp_importTestToken7d2a';
const t = useTestApp({ GIT_REMOTE_ALLOW_LOOPBACK: 'on' });
let privateServer: GitRemoteServer;
let publicServer: GitRemoteServer;
let git: Awaited<ReturnType<typeof gitClient>>;
let owner: Session;

/** A repository on `server` holding `files` on main, pushed by a person's git. */
async function repoWith(server: GitRemoteServer, name: string, files: Record<string, string>, branch = 'main'): Promise<string> {
  await server.createRepo(name);
  const work = path.join(git.home, `${name}-${Math.random().toString(36).slice(2, 8)}`);
  await git.ok(['init', '-q', `--initial-branch=${branch}`, work]);
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(work, file)), { recursive: true });
    await writeFile(path.join(work, file), content);
  }
  await git.ok(['add', '-A'], work);
  await git.ok(['commit', '-q', '-m', 'The app'], work);
  await git.ok(['push', '-q', server.urlOf(name).replace('://', `://x:${TOKEN}@`), `HEAD:${branch}`], work);
  return server.urlOf(name);
}

const importUrl = (body: { url: string; token?: string; name?: string }) => t.api('POST', '/build/v1/sprouts/import', { token: owner.idToken, body });
const projects = async () => ((await t.api('GET', '/v1/sprouts', { token: owner.idToken })).json() as Sprout[]).length;
const importDirs = async () => (await readdir(tmpdir())).filter((d) => d.startsWith('sprout-import-'));

beforeAll(async () => {
  privateServer = await startGitRemoteServer(TOKEN);
  publicServer = await startGitRemoteServer(TOKEN, { publicReads: true });
  git = await gitClient();
});
afterAll(async () => {
  await privateServer?.close();
  await publicServer?.close();
});
beforeEach(async () => {
  owner = await t.register();
});

describe('POST /build/v1/sprouts/import from a git repository', () => {
  it('imports main of a private repository with its token, as a project that builds and previews', async () => {
    const url = await repoWith(privateServer, 'habits', VITE_APP);
    const leftBefore = await importDirs();
    const res = await importUrl({ url, token: TOKEN });
    expect(res.statusCode, res.body).toBe(201);
    const imported = res.json() as ImportedProject;
    expect(imported.version).toMatchObject({ source: 'import', summary: expect.stringMatching(/^Imported from 127\.0\.0\.1:\d+\/habits$/) });
    expect(imported.checks.builds).toBe(true);
    expect(imported.skipped.map((s) => s.path)).toEqual(expect.arrayContaining(['.env', 'supabase/']));
    // The token went as a header only, and never came back.
    expect(privateServer.authorizations).toContain(`Basic ${Buffer.from(`x-access-token:${TOKEN}`).toString('base64')}`);
    expect(res.body).not.toContain(TOKEN);
    await openPreviewPage(t, owner, imported.sprout.id);
    // The repository fetched for the import is gone.
    expect(await importDirs()).toEqual(leftBefore);
  });

  it('imports a public repository without a token', async () => {
    const url = await repoWith(publicServer, 'open', VITE_APP);
    const res = await importUrl({ url, name: 'Open habits' });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as ImportedProject).sprout.displayName).toBe('Open habits');
  });

  it.each([
    ['no token for a private repository', undefined, /refused the token/],
    ['a wrong token', 'ghp_wrong', /refused the token/],
  ])('refuses %s, and creates no project', async (_name, token, message) => {
    const url = await repoWith(privateServer, `locked-${Math.random().toString(36).slice(2, 8)}`, VITE_APP);
    const before = await projects();
    const res = await importUrl({ url, token });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ code: 'remote_failed', message: expect.stringMatching(message) });
    expect(await projects()).toBe(before);
  });

  it('imports the default branch whatever its name', async () => {
    const master = await repoWith(privateServer, 'old-style', VITE_APP, 'master');
    // As on GitHub, the repository's HEAD names its default branch.
    await git.ok(['--git-dir', path.join(privateServer.root, 'old-style.git'), 'symbolic-ref', 'HEAD', 'refs/heads/master']);
    const res = await importUrl({ url: master, token: TOKEN });
    expect(res.statusCode, res.body).toBe(201);
    const { version } = res.json() as ImportedProject;
    const files = (await t.api('GET', `/build/v1/sprouts/${(res.json() as ImportedProject).sprout.id}/files`, { token: owner.idToken })).json().files as {
      path: string;
    }[];
    expect(version.source).toBe('import');
    expect(files.map((f) => f.path)).toContain('client/src/App.tsx');
  });

  it('refuses an empty repository, or one with no app on it', async () => {
    await privateServer.createRepo('empty');
    const empty = await importUrl({ url: privateServer.urlOf('empty'), token: TOKEN });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({ code: 'remote_failed', message: 'The repository is empty: push the app to it, then try again.' });
    const notes = await repoWith(privateServer, 'notes', { 'notes.md': '# Notes\n' });
    const res = await importUrl({ url: notes, token: TOKEN });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'not_a_project', message: expect.stringMatching(/^This does not look like a Vite or React project/) });
  });

  it.each([
    ['a private address', 'https://10.0.0.8/team/app.git'],
    ['a user name in the address', 'https://pat:secret@github.com/pat/app.git'],
    ['another protocol', 'ftp://github.com/pat/app.git'],
    ['not an address', 'my app'],
  ])('refuses %s before reaching anything', async (_name, url) => {
    const before = await projects();
    const res = await importUrl({ url });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ code: 'invalid_remote' });
    expect(await projects()).toBe(before);
  });
});
