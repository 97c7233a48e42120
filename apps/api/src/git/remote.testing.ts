import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import type { RemoteStatus } from '@sprout/core/contract';
import { gitClient, type GitRemoteServer, type Session, startGitRemoteServer, useModelTestApp } from '../testing';
import type { PushOutcome } from './remote-pushes';

/** The token the test git server asks for: it must never be in a reply or a log line. */
export const REMOTE_TOKEN = 'ghp_remoteTestToken5f1c9e';

/**
 * An app (with a fake model, for runs) whose projects may have a remote on a git server started
 * for the test (plain http on the loopback, as GIT_REMOTE_ALLOW_LOOPBACK allows), and a person's git
 * client to look at the remote.
 */
export function useRemoteFixture() {
  const { t, fake } = useModelTestApp({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'sprout-remote-data-')), GIT_REMOTE_ALLOW_LOOPBACK: 'on' });
  let server: GitRemoteServer;
  let git: Awaited<ReturnType<typeof gitClient>>;
  beforeAll(async () => {
    server = await startGitRemoteServer(REMOTE_TOKEN);
    git = await gitClient();
  });
  afterAll(async () => {
    await server?.close();
  });

  /** The remote's address with the token in it, as the person's own git uses it. */
  const authed = (name: string) => server.urlOf(name).replace('://', `://x:${REMOTE_TOKEN}@`);

  const f = {
    t,
    fake,
    get server() {
      return server;
    },
    get git() {
      return git;
    },
    remoteUrl: (name: string) => server.urlOf(name),
    /** Makes an empty repository on the server and connects the project to it. */
    async connect(owner: Session, sproutId: string, name: string): Promise<RemoteStatus> {
      await server.createRepo(name);
      const res = await t.api('PUT', `/build/v1/sprouts/${sproutId}/remote`, { token: owner.idToken, body: { url: server.urlOf(name), token: REMOTE_TOKEN } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
    /** The remote's main, or '' when it has none. */
    async remoteHead(name: string): Promise<string> {
      return (await git.ok(['ls-remote', authed(name), 'refs/heads/main'])).slice(0, 40);
    },
    /** A working copy of the remote in the person's git client. */
    async cloneRemote(name: string): Promise<string> {
      const dir = path.join(git.home, `${name}-${Math.random().toString(36).slice(2, 8)}`);
      await git.ok(['clone', '-q', authed(name), dir]);
      return dir;
    },
    /**
     * Resolves with the next push to the project's remote the app records (the next one `until`
     * accepts, when given: a push asked for earlier may come first). Call it before what causes the push.
     */
    nextPush(sproutId: string, until: (outcome: PushOutcome) => Promise<boolean> | boolean = () => true): Promise<PushOutcome> {
      return new Promise((resolve, reject) => {
        const stop = t.app.services.remotes.onPushed((outcome) => {
          if (outcome.sproutId !== sproutId) return;
          Promise.resolve(until(outcome)).then((done) => {
            if (!done) return;
            stop();
            resolve(outcome);
          }, reject);
        });
      });
    },
    /** Saves a manual edit of one file on top of the current version. */
    async edit(owner: Session, sproutId: string, content: string, file = 'client/src/App.tsx') {
      const versions = await t.api('GET', `/build/v1/sprouts/${sproutId}/versions`, { token: owner.idToken });
      const res = await t.api('PUT', `/build/v1/sprouts/${sproutId}/files`, {
        token: owner.idToken,
        body: { path: file, content, baseVersionId: versions.json().currentVersionId },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().version as { id: string; number: number };
    },
  };
  return f;
}
