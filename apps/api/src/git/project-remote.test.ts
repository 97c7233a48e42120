import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RemoteStatus } from '@sprout/core/contract';
import { createTestApp, fileOf, newProject, type Session, type TestApp, versionsOf } from '../testing';
import { REMOTE_TOKEN, useRemoteFixture } from './remote.testing';

const f = useRemoteFixture();
const { t } = f;
let owner: Session;

// A person of their own for each test: the free plan holds five projects.
beforeEach(async () => {
  owner = await t.register();
});

const remoteOf = async (sproutId: string, who = owner) => {
  const res = await t.api('GET', `/build/v1/sprouts/${sproutId}/remote`, { token: who.idToken });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as RemoteStatus).remote;
};

describe('connecting a project to a remote', () => {
  it('pushes the whole history, and shows the remote without its token', async () => {
    const sproutId = await newProject(t, owner);
    await f.edit(owner, sproutId, 'export default () => "one";\n');
    const status = await f.connect(owner, sproutId, 'full');
    expect(status.remote).toMatchObject({ url: f.remoteUrl('full'), hasToken: true, lastError: null, lastPulledAt: null });
    expect(status.remote!.lastPushedAt).not.toBeNull();
    expect(await remoteOf(sproutId)).toEqual(status.remote);

    const copy = await f.cloneRemote('full');
    const { versions } = await versionsOf(t, owner, sproutId);
    expect((await f.git.ok(['log', '--format=%s'], copy)).split('\n')).toEqual(versions.map((v) => v.summary ?? expect.any(String)));
    expect(await readFile(path.join(copy, 'client/src/App.tsx'), 'utf8')).toBe('export default () => "one";\n');
  });

  it('pushes each new version to the remote once it is made', async () => {
    const sproutId = await newProject(t, owner);
    await f.connect(owner, sproutId, 'follows');
    const pushed = f.nextPush(sproutId);
    await f.edit(owner, sproutId, 'export default () => "two";\n');
    expect((await pushed).result).toEqual({ ok: true });
    const copy = await f.cloneRemote('follows');
    expect(await f.git.ok(['log', '-1', '--format=%s'], copy)).toBe('Edited client/src/App.tsx');
    expect(await readFile(path.join(copy, 'client/src/App.tsx'), 'utf8')).toBe('export default () => "two";\n');
    expect((await remoteOf(sproutId))!.lastError).toBeNull();
  });

  it('keeps a remote that has other commits connected, saying to pull first, and changes nothing on it', async () => {
    await f.server.createRepo('theirs');
    const work = await f.cloneRemote('theirs');
    await f.git.ok(['commit', '-q', '--allow-empty', '-m', 'Their own start'], work);
    await f.git.ok(['push', '-q', 'origin', 'HEAD:main'], work);
    const theirHead = await f.remoteHead('theirs');
    const sproutId = await newProject(t, owner);
    const res = await t.api('PUT', `/build/v1/sprouts/${sproutId}/remote`, { token: owner.idToken, body: { url: f.remoteUrl('theirs'), token: REMOTE_TOKEN } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().remote).toMatchObject({ lastPushedAt: null, lastError: 'The remote has commits Sprout does not have: pull first.' });
    expect(await f.remoteHead('theirs')).toBe(theirHead);
  });

  it('reports a wrong token or address at once, and keeps nothing', async () => {
    await f.server.createRepo('locked');
    const sproutId = await newProject(t, owner);
    const wrong = await t.api('PUT', `/build/v1/sprouts/${sproutId}/remote`, {
      token: owner.idToken,
      body: { url: f.remoteUrl('locked'), token: 'ghp_wrongToken77' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: 'remote_failed', message: expect.stringMatching(/refused the token/) });
    const missing = await t.api('PUT', `/build/v1/sprouts/${sproutId}/remote`, {
      token: owner.idToken,
      body: { url: f.remoteUrl('nowhere'), token: REMOTE_TOKEN },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ code: 'remote_failed', message: expect.stringMatching(/not found/) });
    expect(await remoteOf(sproutId)).toBeNull();
  });

  it('disconnects: the remote keeps its commits, Sprout forgets it', async () => {
    const sproutId = await newProject(t, owner);
    await f.connect(owner, sproutId, 'leaving');
    const head = await f.remoteHead('leaving');
    expect((await t.api('DELETE', `/build/v1/sprouts/${sproutId}/remote`, { token: owner.idToken })).statusCode).toBe(204);
    expect(await remoteOf(sproutId)).toBeNull();
    expect(await f.remoteHead('leaving')).toBe(head);
    const pull = await t.api('POST', `/build/v1/sprouts/${sproutId}/remote/pull`, { token: owner.idToken });
    expect(pull.statusCode).toBe(409);
    expect(pull.json().code).toBe('no_remote');
  });

  it("answers 404 for another person's project, and changes nothing", async () => {
    const sproutId = await newProject(t, owner);
    await f.connect(owner, sproutId, 'private');
    const other = await t.register();
    const as = { token: other.idToken };
    const url = `/build/v1/sprouts/${sproutId}/remote`;
    for (const [method, at, body] of [
      ['GET', url, undefined],
      ['PUT', url, { url: f.remoteUrl('private'), token: 'ghp_theirs' }],
      ['DELETE', url, undefined],
      ['POST', `${url}/pull`, undefined],
    ] as const) {
      const res = await t.api(method, at, { ...as, body });
      expect(res.statusCode, `${method} ${at}`).toBe(404);
      expect(res.body).not.toContain(f.remoteUrl('private'));
    }
    expect(await remoteOf(sproutId)).toMatchObject({ url: f.remoteUrl('private'), hasToken: true });
    expect(await fileOf(t, owner, sproutId, 'client/src/App.tsx')).toBeDefined();
  });
});

describe('addresses that are not a public https repository', () => {
  // The configuration of a real server: no loopback.
  let strict: TestApp;
  let person: Session;
  let sproutId: string;
  beforeAll(async () => {
    strict = await createTestApp({});
    person = await strict.register();
    sproutId = await newProject(strict, person);
  });
  afterAll(() => strict?.close());

  it('are refused with the reason, and nothing is kept', async () => {
    const port = new URL(f.remoteUrl('x')).port;
    const cases: [string, RegExp][] = [
      ['file:///etc/passwd', /Only https/],
      ['ssh://git@github.com/pat/app.git', /Only https/],
      ['git@github.com:pat/app.git', /not a web address/],
      ['https://pat:hunter2@github.com/pat/app.git', /token in its own field/],
      ['https://10.0.0.7/pat/app.git', /private network/],
      ['https://169.254.169.254/latest/meta-data', /private network/],
      [`http://localhost:${port}/x.git`, /Only https/],
      [`https://localhost:${port}/x.git`, /private network/],
      ['https://github.com/pat/app.git?x=1', /\? or #/],
    ];
    for (const [url, reason] of cases) {
      const res = await strict.api('PUT', `/build/v1/sprouts/${sproutId}/remote`, { token: person.idToken, body: { url, token: REMOTE_TOKEN } });
      expect(res.statusCode, url).toBe(422);
      expect(res.json(), url).toMatchObject({ code: 'invalid_remote', message: expect.stringMatching(reason) });
    }
    const badToken = await strict.api('PUT', `/build/v1/sprouts/${sproutId}/remote`, {
      token: person.idToken,
      body: { url: 'https://github.com/pat/app.git', token: 'two words' },
    });
    expect(badToken.json()).toMatchObject({ code: 'invalid_remote', message: expect.stringMatching(/spaces/) });
    const remote = await strict.api('GET', `/build/v1/sprouts/${sproutId}/remote`, { token: person.idToken });
    expect(remote.json()).toEqual({ remote: null });
  });
});

describe('the token', () => {
  it('is never in a reply or a log line', async () => {
    const sproutId = await newProject(t, owner);
    await f.server.createRepo('token-check');
    const replies = [
      await t.api('PUT', `/build/v1/sprouts/${sproutId}/remote`, { token: owner.idToken, body: { url: f.remoteUrl('absent'), token: REMOTE_TOKEN } }),
      await t.api('PUT', `/build/v1/sprouts/${sproutId}/remote`, { token: owner.idToken, body: { url: f.remoteUrl('token-check'), token: REMOTE_TOKEN } }),
      await t.api('GET', `/build/v1/sprouts/${sproutId}/remote`, { token: owner.idToken }),
      await t.api('POST', `/build/v1/sprouts/${sproutId}/remote/pull`, { token: owner.idToken }),
    ];
    expect(replies.map((r) => r.statusCode)).toEqual([422, 200, 200, 200]);
    const header = Buffer.from(`x-access-token:${REMOTE_TOKEN}`).toString('base64');
    for (const r of replies) {
      expect(r.body).not.toContain(REMOTE_TOKEN);
      expect(r.body).not.toContain(header);
    }
    // Every line the app logged in this file, the failed connections' included.
    const logged = JSON.stringify(t.logs);
    expect(t.logs.length).toBeGreaterThan(0);
    expect(logged).not.toContain(REMOTE_TOKEN);
    expect(logged).not.toContain('ghp_wrongToken77');
    expect(logged).not.toContain(header);
  });
});
