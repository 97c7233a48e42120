import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { remotesBehind, setProjectRemote } from '@sprout/db';
import { APP, newProject, sendAndWait, type Session, versionsOf, writeApp } from '../testing';
import { RemotePushes } from './remote-pushes';
import { sealRemoteToken } from './remote-token';
import { REMOTE_TOKEN, useRemoteFixture } from './remote.testing';

const f = useRemoteFixture();
const { t } = f;
let owner: Session;

beforeEach(async () => {
  owner = await t.register();
});

describe('pushes after each version', () => {
  it('pushes the version a run made', async () => {
    const sproutId = await newProject(t, owner);
    await f.connect(owner, sproutId, 'after-run');
    f.fake.reply({ text: writeApp(APP('Synced board')) });
    const pushed = f.nextPush(sproutId);
    const run = await sendAndWait(t, owner, sproutId, 'A board');
    expect(run.types).toContain('version.created');
    expect((await pushed).result).toEqual({ ok: true });
    const copy = await f.cloneRemote('after-run');
    expect(await readFile(path.join(copy, 'client/src/App.tsx'), 'utf8')).toContain('Synced board');
  });

  it('records why a push failed, and never fails the version', async () => {
    const sproutId = await newProject(t, owner);
    await f.connect(owner, sproutId, 'vanishing');
    // The repository goes away on the server (createRepo answers with its folder).
    await rm(await f.server.createRepo('vanishing'), { recursive: true, force: true });
    const failed = f.nextPush(sproutId);
    const version = await f.edit(owner, sproutId, 'export default () => "kept";\n');
    expect((await versionsOf(t, owner, sproutId)).currentVersionId).toBe(version.id);
    expect((await failed).result).toEqual({ ok: false, rejected: false, message: 'The remote repository was not found. Check its address.' });
    const status = (await t.api('GET', `/build/v1/sprouts/${sproutId}/remote`, { token: owner.idToken })).json();
    expect(status.remote).toMatchObject({ lastError: 'The remote repository was not found. Check its address.' });
  });

  it('catches up, as at start-up, with the remotes older than their project’s current version', async () => {
    const sproutId = await newProject(t, owner);
    await f.edit(owner, sproutId, 'export default () => "missed";\n');
    // A remote kept while no process heard the versions (as across a restart): never pushed to.
    await f.server.createRepo('missed');
    const s = t.app.services;
    await setProjectRemote(t.db.db, sproutId, { url: f.remoteUrl('missed'), ...sealRemoteToken(s.functions.box, sproutId, REMOTE_TOKEN) });
    expect(await remotesBehind(t.db.db)).toContain(sproutId);
    // A process that hears no versions of its own (a run worker's role), so only the catch-up pushes.
    const pushes = await RemotePushes.start({
      config: { ...s.config, role: 'run-worker' },
      dbHandle: t.db,
      box: s.functions.box,
      locks: s.repoLocks,
      log: s.log,
    });
    try {
      // (The remote whose push failed above is behind too: it is pushed again, and fails again.)
      // On PostgreSQL the catch-up queues a job, which the app's own worker may take as well as this one.
      const pushed = Promise.race([new Promise((resolve) => pushes.onPushed((o) => o.sproutId === sproutId && resolve(o))), f.nextPush(sproutId)]);
      await pushes.catchUp();
      expect(await pushed).toEqual({ sproutId, result: { ok: true } });
    } finally {
      await pushes.close();
    }
    const copy = await f.cloneRemote('missed');
    expect(await f.git.ok(['log', '-1', '--format=%s'], copy)).toBe('Edited client/src/App.tsx');
    expect(await remotesBehind(t.db.db)).not.toContain(sproutId);
  });
});
