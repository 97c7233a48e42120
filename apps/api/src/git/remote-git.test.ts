import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitRemoteServer, type GitRemoteServer } from '@sprout/testkit';
import {
  checkRemote,
  defaultBranchOf,
  fetchDefaultBranchTip,
  fetchRemote,
  pushToRemote,
  REMOTE_TRACKING_REF,
  remoteGitEnv,
  type RemoteOptions,
} from './remote-git';
import { runGit } from './run-git';

const TOKEN = 'test-remote-token-5f1c';
/** The test server listens on 127.0.0.1 over plain http, as GIT_REMOTE_ALLOW_LOOPBACK lets tests do. */
const LOCAL: RemoteOptions = { allowLoopback: true };

let server: GitRemoteServer;
let work: string;
/** Git as a person runs it (an identity of its own); runGit's environment keeps everything else out. */
const IDENTITY = { GIT_AUTHOR_NAME: 'Pat', GIT_AUTHOR_EMAIL: 'pat@example.com', GIT_COMMITTER_NAME: 'Pat', GIT_COMMITTER_EMAIL: 'pat@example.com' };
const ok = async (args: string[], cwd?: string) => (await runGit(args, { cwd, env: IDENTITY })).toString().trim();

/** A bare repository with `count` commits on main, as Sprout's materialised one is. */
async function sproutRepo(name: string, count: number): Promise<{ dir: string; head: string }> {
  const dir = path.join(work, `${name}.git`);
  const checkout = path.join(work, name);
  await ok(['init', '--quiet', '--initial-branch=main', checkout]);
  for (let i = 0; i < count; i++) {
    // The name too: two repositories made in the same second must not make the same commits.
    await writeFile(path.join(checkout, 'index.html'), `<p>${name} ${i}</p>`);
    await ok(['add', '-A'], checkout);
    await ok(['commit', '--quiet', '-m', `v${i}`], checkout);
  }
  await ok(['clone', '--quiet', '--bare', checkout, dir]);
  return { dir, head: await ok(['rev-parse', 'HEAD'], checkout) };
}

beforeAll(async () => {
  server = await startGitRemoteServer(TOKEN);
  work = await mkdtemp(path.join(tmpdir(), 'sprout-remote-git-'));
});
afterAll(async () => {
  await server.close();
  await rm(work, { recursive: true, force: true });
});

describe('defaultBranchOf', () => {
  it('reads the branch HEAD names from git ls-remote --symref, or none for an empty repository', () => {
    expect(defaultBranchOf('ref: refs/heads/master\tHEAD\n3f2a9c1d0e5b7a8c9d0e1f2a3b4c5d6e7f8a9b0c\tHEAD\n')).toBe('refs/heads/master');
    expect(defaultBranchOf('ref: refs/heads/release/2.x\tHEAD\n')).toBe('refs/heads/release/2.x');
    expect(defaultBranchOf('')).toBeNull();
    // A HEAD that names something other than a branch is not followed.
    expect(defaultBranchOf('ref: refs/tags/v1\tHEAD\n')).toBeNull();
  });
});

describe('remoteGitEnv', () => {
  it('puts the token in a header set through the environment, with helpers, prompts and redirects off', () => {
    const env = remoteGitEnv(TOKEN);
    const pairs = Array.from({ length: Number(env.GIT_CONFIG_COUNT) }, (_, i) => [env[`GIT_CONFIG_KEY_${i}`], env[`GIT_CONFIG_VALUE_${i}`]]);
    expect(pairs).toContainEqual(['credential.helper', '']);
    expect(pairs).toContainEqual(['http.followRedirects', 'false']);
    expect(pairs).toContainEqual(['http.extraHeader', `Authorization: Basic ${Buffer.from(`x-access-token:${TOKEN}`).toString('base64')}`]);
    expect(env).toMatchObject({ GIT_TERMINAL_PROMPT: '0', GIT_ALLOW_PROTOCOL: 'https:http' });
    expect(Object.values(remoteGitEnv('')).join('\n')).not.toMatch(/Authorization/);
  });

  it('pins git to the address Sprout checked, through the same variables', () => {
    const env = remoteGitEnv(TOKEN, 'git.example.com:443:140.82.121.4');
    const pairs = Array.from({ length: Number(env.GIT_CONFIG_COUNT) }, (_, i) => [env[`GIT_CONFIG_KEY_${i}`], env[`GIT_CONFIG_VALUE_${i}`]]);
    expect(pairs).toContainEqual(['http.curloptResolve', 'git.example.com:443:140.82.121.4']);
  });
});

describe('pushToRemote and fetchRemote', () => {
  it('pushes the whole history to an empty remote, then fast-forwards it', async () => {
    await server.createRepo('empty');
    const repo = await sproutRepo('a', 2);
    expect(await pushToRemote(repo.dir, server.urlOf('empty'), TOKEN, LOCAL)).toEqual({ ok: true });
    expect(server.authorizations.length).toBeGreaterThan(0);
    expect(server.authorizations.every((h) => h === `Basic ${Buffer.from(`x-access-token:${TOKEN}`).toString('base64')}`)).toBe(true);
    expect(await ok(['ls-remote', `${server.urlOf('empty').replace('://', `://x:${TOKEN}@`)}`, 'refs/heads/main'])).toContain(repo.head);
    // A new version: the next push fast-forwards.
    const checkout = path.join(work, 'a');
    await writeFile(path.join(checkout, 'about.html'), '<p>about</p>');
    await ok(['add', '-A'], checkout);
    await ok(['commit', '--quiet', '-m', 'v2'], checkout);
    await ok(['push', '--quiet', repo.dir, 'main'], checkout);
    expect(await pushToRemote(repo.dir, server.urlOf('empty'), TOKEN, LOCAL)).toEqual({ ok: true });
    expect(await ok(['ls-remote', `${server.urlOf('empty').replace('://', `://x:${TOKEN}@`)}`, 'refs/heads/main'])).toContain(
      await ok(['rev-parse', 'HEAD'], checkout),
    );
  });

  it('never forces: a remote with other commits refuses, and says to pull first', async () => {
    await server.createRepo('other');
    const theirs = await sproutRepo('theirs', 1);
    expect(await pushToRemote(theirs.dir, server.urlOf('other'), TOKEN, LOCAL)).toEqual({ ok: true });
    const ours = await sproutRepo('ours', 1);
    const r = await pushToRemote(ours.dir, server.urlOf('other'), TOKEN, LOCAL);
    expect(r).toEqual({ ok: false, rejected: true, message: 'The remote has commits Sprout does not have: pull first.' });
    expect(await ok(['ls-remote', `${server.urlOf('other').replace('://', `://x:${TOKEN}@`)}`, 'refs/heads/main'])).toContain(theirs.head);
  });

  it('a wrong token fails with plain words and no token in them', async () => {
    await server.createRepo('locked');
    const repo = await sproutRepo('b', 1);
    const r = await pushToRemote(repo.dir, server.urlOf('locked'), 'wrong-token-77', LOCAL);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.rejected).toBe(false);
      expect(r.message).toMatch(/refused the token/);
      expect(r.message).not.toContain('wrong-token-77');
    }
    expect(await fetchRemote(repo.dir, server.urlOf('locked'), 'wrong-token-77', LOCAL)).toEqual({
      ok: false,
      message: expect.stringMatching(/refused the token/),
    });
  });

  it('fetches the remote main into the tracking ref, never into main', async () => {
    await server.createRepo('ahead');
    const remote = await sproutRepo('remote-side', 3);
    await pushToRemote(remote.dir, server.urlOf('ahead'), TOKEN, LOCAL);
    const local = await sproutRepo('local-side', 1);
    const r = await fetchRemote(local.dir, server.urlOf('ahead'), TOKEN, LOCAL);
    expect(r).toEqual({ ok: true, head: remote.head });
    expect((await runGit(['--git-dir', local.dir, 'rev-parse', REMOTE_TRACKING_REF])).toString().trim()).toBe(remote.head);
    expect((await runGit(['--git-dir', local.dir, 'rev-parse', 'refs/heads/main'])).toString().trim()).toBe(local.head);
  });

  it('stops a fetch that brings more than it may, leaving no half-written pack, and takes the same remote within the limit', async () => {
    await server.createRepo('heavy');
    const checkout = path.join(work, 'heavy-side');
    await ok(['init', '--quiet', '--initial-branch=main', checkout]);
    // Random bytes: git cannot compress them below their size.
    await writeFile(path.join(checkout, 'video.bin'), randomBytes(3 * 1024 * 1024));
    await ok(['add', '-A'], checkout);
    await ok(['commit', '--quiet', '-m', 'Heavy'], checkout);
    await ok(['clone', '--quiet', '--bare', checkout, path.join(work, 'heavy-side.git')]);
    await pushToRemote(path.join(work, 'heavy-side.git'), server.urlOf('heavy'), TOKEN, LOCAL);
    const tooLarge = {
      ok: false,
      message: 'The repository sent more than 1 MB, more than Sprout takes at once. Make it smaller (large files, history), then try again.',
    };

    const local = await sproutRepo('light-side', 1);
    expect(await fetchRemote(local.dir, server.urlOf('heavy'), TOKEN, { ...LOCAL, maxFetchBytes: 1024 * 1024 })).toEqual(tooLarge);
    expect(await readdir(path.join(local.dir, 'objects', 'pack'))).not.toContainEqual(expect.stringMatching(/^tmp_/));
    await expect(runGit(['--git-dir', local.dir, 'rev-parse', '--verify', REMOTE_TRACKING_REF])).rejects.toThrow();

    const fresh = path.join(work, 'import-heavy.git');
    await runGit(['init', '--bare', '--quiet', fresh]);
    expect(await fetchDefaultBranchTip(fresh, server.urlOf('heavy'), TOKEN, { ...LOCAL, maxFetchBytes: 1024 * 1024 })).toEqual(tooLarge);
    const head = await ok(['rev-parse', 'HEAD'], checkout);
    expect(await fetchDefaultBranchTip(fresh, server.urlOf('heavy'), TOKEN, LOCAL)).toEqual({ ok: true, head });
  });

  it('an empty remote has no head', async () => {
    await server.createRepo('blank');
    const repo = await sproutRepo('c', 1);
    expect(await fetchRemote(repo.dir, server.urlOf('blank'), TOKEN, LOCAL)).toEqual({ ok: true, head: null });
  });

  it('refuses protocols other than http(s) even when handed one', async () => {
    const repo = await sproutRepo('d', 1);
    const r = await pushToRemote(repo.dir, 'ext::sh -c touch% /tmp/sprout-pwned', TOKEN, LOCAL);
    expect(r.ok).toBe(false);
    expect(existsSync('/tmp/sprout-pwned')).toBe(false);
    const f = await pushToRemote(repo.dir, `file://${repo.dir}`, TOKEN, LOCAL);
    expect(f.ok).toBe(false);
  });
});

describe('the remote’s host, resolved once and pinned', () => {
  const PRIVATE = 'This address leads to a private network. Use the public address of the repository.';

  it('refuses a name that resolves to the loopback unless loopback is allowed', async () => {
    const repo = await sproutRepo('dns-a', 1);
    const url = server.urlOf('dns').replace('http://127.0.0.1', 'https://localhost');
    const seen = server.authorizations.length;
    expect(await pushToRemote(repo.dir, url, TOKEN)).toEqual({ ok: false, rejected: false, message: PRIVATE });
    expect(await fetchRemote(repo.dir, url, TOKEN)).toEqual({ ok: false, message: PRIVATE });
    expect(await checkRemote(url, TOKEN)).toEqual({ ok: false, message: PRIVATE });
    expect(await checkRemote(server.urlOf('dns'), TOKEN)).toEqual({ ok: false, message: 'Only https:// addresses are allowed.' });
    expect(server.authorizations.length).toBe(seen);
  });

  it('refuses a name with any private address among its answers, even with loopback allowed', async () => {
    const lookup = async () => ['140.82.121.4', '10.0.0.7'];
    expect(await checkRemote('https://git.example.com/pat/app.git', TOKEN, { allowLoopback: true, lookup })).toEqual({ ok: false, message: PRIVATE });
    const metadata = async () => ['169.254.169.254'];
    expect(await checkRemote('https://git.example.com/pat/app.git', TOKEN, { lookup: metadata })).toEqual({ ok: false, message: PRIVATE });
    const nowhere = async () => Promise.reject(new Error('ENOTFOUND'));
    expect(await checkRemote('https://git.example.com/pat/app.git', TOKEN, { lookup: nowhere })).toEqual({
      ok: false,
      message: 'The remote’s host name was not found. Check its address.',
    });
  });

  it('connects git to the checked address, not to what the name resolves to later', async () => {
    await server.createRepo('pinned');
    const repo = await sproutRepo('dns-b', 2);
    // A name no resolver knows: git reaches the server only through the pinned address.
    const url = server.urlOf('pinned').replace('127.0.0.1', 'git.sprout-pinned.invalid');
    let asked = 0;
    const lookup = async (host: string) => {
      asked++;
      expect(host).toBe('git.sprout-pinned.invalid');
      return ['127.0.0.1'];
    };
    expect(await pushToRemote(repo.dir, url, TOKEN, { allowLoopback: true, lookup })).toEqual({ ok: true });
    expect(await checkRemote(url, TOKEN, { allowLoopback: true, lookup })).toEqual({ ok: true, head: repo.head });
    expect(asked).toBe(2);
  });
});
