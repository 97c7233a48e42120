import { z } from 'zod';
import {
  addJob,
  getProjectRemote,
  getSproutById,
  listenForVersions,
  recordRemoteSync,
  remotesBehind,
  type DbHandle,
  type ChannelListener,
  type SproutRow,
  type VersionNotices,
} from '@sprout/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { SecretBox } from '../functions/secret-box';
import { migrateJobQueue, startJobRunner, type JobWorker } from '../jobs/job-runner';
import { ensureRepo, reposRoot } from './git-repos';
import { pushToRemote, type RemotePushResult } from './remote-git';
import { openRemoteToken, UNREADABLE_TOKEN } from './remote-token';
import type { RepoLocks } from './repo-lock';
import { syncRepo } from './repo-sync';

const TASK = 'remote-push';
const Job = z.object({ sproutId: z.string().min(1).max(64) });
/** Pushes one process makes at once (each is a git process talking to another host). */
const CONCURRENCY = 2;

export interface RemotePushDeps {
  config: Pick<Config, 'dataDir' | 'gitRemoteAllowLoopback' | 'role'>;
  dbHandle: DbHandle;
  box: SecretBox;
  locks: RepoLocks;
  log: FastifyBaseLogger;
  /** A listening connection the process already holds, for the notices of new versions (PostgreSQL). */
  channel?: ChannelListener | null;
}

/** How a push went; `result` null: the project has no remote (any more). */
export interface PushOutcome {
  sproutId: string;
  result: RemotePushResult | null;
}

/**
 * Keeps each project's remote in step: every new version, however it was made (a run on any
 * instance, an edit, a restore, a push, a pull), is announced when its transaction commits
 * (@sprout/db's version notices), and the project's repository is pushed to its remote soon after,
 * never in the request that made the version. On PostgreSQL the push is a job (graphile-worker),
 * keyed and queued by project: versions made in a burst give one push, pushes of a project never
 * overlap across instances, and a push waiting when a process stops is made by the next. On PGlite
 * (one process) they are made here. At start-up, and when notices may have been missed, projects
 * whose remote is older than their current version are pushed. A push that fails records why in the
 * remote's status and waits for the next version or a pull; it never touches the version.
 */
export class RemotePushes {
  readonly #running = new Map<string, Promise<void>>();
  readonly #again = new Set<string>();
  readonly #listeners = new Set<(outcome: PushOutcome) => void>();
  #notices: VersionNotices | null = null;
  #worker: JobWorker | null = null;
  /** Pushes are jobs any process of the role that takes them may make (a shared PostgreSQL), not made here. */
  #queued = false;
  #closed = false;

  private constructor(private readonly d: RemotePushDeps) {}

  /**
   * Starts the parts of this process's role: on a shared PostgreSQL the processes that serve the API
   * (roles all and api) hear new versions and queue pushes, and those that take background work
   * (all and run-worker) make them; on PGlite (role all, one process) both happen here.
   */
  static async start(d: RemotePushDeps): Promise<RemotePushes> {
    const pushes = new RemotePushes(d);
    const { dbHandle: h, config } = d;
    const hears = config.role === 'all' || config.role === 'api';
    const takes = config.role === 'all' || config.role === 'run-worker';
    pushes.#queued = h.kind === 'postgres' && !!h.listenUrl;
    if (pushes.#queued && takes) {
      pushes.#worker = await startJobRunner({
        connectionString: h.listenUrl!,
        task: TASK,
        concurrency: CONCURRENCY,
        log: d.log,
        execute: async (payload) => {
          await pushes.push(Job.parse(payload).sproutId);
        },
      });
    } else if (pushes.#queued) {
      // Queuing needs the queue's tables, whichever role takes the jobs.
      await migrateJobQueue(h.listenUrl!, d.log);
    }
    if (!hears) return pushes;
    pushes.#notices = await listenForVersions(
      h,
      {
        version: (sproutId) => void pushes.#onVersion(sproutId),
        reconnect: () => void pushes.catchUp(),
        error: (err) => d.log.warn({ err }, 'version notices: listener connection error'),
      },
      d.channel,
    );
    await pushes.catchUp();
    return pushes;
  }

  /** Told of every push made here, once it is recorded. */
  onPushed(listener: (outcome: PushOutcome) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Pushes the project's history to its remote now and records how it went (`lastPushedAt` or
   * `lastError`), holding the project's repository (no rebuild or other push meanwhile).
   */
  async push(sproutId: string): Promise<RemotePushResult | null> {
    const { dbHandle, box, locks, config } = this.d;
    const db = dbHandle.db;
    const result = await locks.hold(sproutId, async (): Promise<RemotePushResult | null> => {
      const [remote, sprout] = await Promise.all([getProjectRemote(db, sproutId), getSproutById(db, sproutId)]);
      if (!remote || !sprout || sprout.deletedAt) return null;
      const token = openRemoteToken(box, remote);
      const pushed: RemotePushResult =
        token === null
          ? { ok: false, rejected: false, message: UNREADABLE_TOKEN }
          : await pushToRemote(await this.#synced(sprout), remote.url, token, { allowLoopback: config.gitRemoteAllowLoopback });
      await recordRemoteSync(db, sproutId, remote.url, { kind: 'push', error: pushed.ok ? null : pushed.message });
      return pushed;
    });
    for (const listener of this.#listeners) listener({ sproutId, result });
    return result;
  }

  async #synced(sprout: SproutRow): Promise<string> {
    const dir = await ensureRepo(reposRoot(this.d.config.dataDir), sprout.id);
    await syncRepo({ db: this.d.dbHandle.db }, sprout, dir);
    return dir;
  }

  /** Asks for a push of the project soon: never waits for it, never fails the caller. */
  request(sproutId: string): void {
    if (this.#closed) return;
    if (this.#queued) {
      const key = `${TASK}:${sproutId}`;
      addJob(this.d.dbHandle.db, TASK, { sproutId }, { key, queue: key, maxAttempts: 3 }).catch((err: unknown) =>
        this.d.log.warn({ err, sproutId }, 'could not queue a push to a remote'),
      );
      return;
    }
    // In this process: one push per project at a time, and versions made meanwhile give one more.
    if (this.#running.has(sproutId)) return void this.#again.add(sproutId);
    const going = this.push(sproutId)
      .then(
        () => undefined,
        (err: unknown) => this.d.log.error({ err, sproutId }, 'a push to a remote failed'),
      )
      .finally(() => {
        this.#running.delete(sproutId);
        if (this.#again.delete(sproutId)) this.request(sproutId);
      });
    this.#running.set(sproutId, going);
  }

  async #onVersion(sproutId: string): Promise<void> {
    try {
      if (await getProjectRemote(this.d.dbHandle.db, sproutId)) this.request(sproutId);
    } catch (err) {
      this.d.log.warn({ err, sproutId }, 'could not look up the remote of a new version');
    }
  }

  /** Asks for a push of every project whose remote is older than its current version: at start-up, and when notices may have been missed. */
  async catchUp(): Promise<void> {
    try {
      for (const sproutId of await remotesBehind(this.d.dbHandle.db)) this.request(sproutId);
    } catch (err) {
      this.d.log.warn({ err }, 'could not look for remotes to push to');
    }
  }

  /** Hears no more versions; resolves once the pushes going here have ended. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#notices?.close();
    this.#notices = null;
    await this.#worker?.stop();
    this.#again.clear();
    await Promise.all(this.#running.values());
  }
}
