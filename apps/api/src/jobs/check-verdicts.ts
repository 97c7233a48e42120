import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { createPgListener, notifyChannel, type ChannelListener, type Db } from '@sprout/db';
import type { RenderOutcome } from '@sprout/engine';
import type { StoredFiles } from '../file-store/stored-files';
import { fromStoredVerdict, StoredVerdict, toStoredVerdict } from './check-job';

const zip = promisify(gzip);
const unzip = promisify(gunzip);

const CHANNEL = 'sprout_check_verdicts';
/** Read again this often while waiting, besides when told: a notification lost in a reconnect costs this much at most. */
const LOOK_AGAIN_MS = 2_000;
/** A verdict is read once, by the run waiting for it; kept a while for a retried job to find. */
const KEPT_SECONDS = 3_600;
const keyOf = (checkId: string) => `check-verdicts/${checkId}`;
const ALIVE = ':alive';

/** How a wait for a verdict ended: the verdict, or why there is none. `quiet`: the worker checking it stopped saying it is alive. */
export type WaitResult = { verdict: RenderOutcome } | { ended: 'timeout' | 'aborted' | 'quiet' };

type Log = { warn(obj: object, msg: string): void };

/**
 * Check verdicts between processes: the check worker stores its answer in the file store (a thumbnail
 * is too large for a notification) and tells every process by NOTIFY; the run waiting for it reads
 * it then, or on its own every 2 s. While it checks, the worker says every few seconds that it is
 * alive, so a run whose check worker died asks again instead of waiting out the deadline.
 */
export class CheckVerdicts {
  private readonly wakers = new Map<string, Set<() => void>>();
  /** When the worker checking a waited-for check last said it is alive. */
  private readonly heard = new Map<string, number>();

  private constructor(
    private readonly files: StoredFiles,
    private readonly db: Db,
    private readonly log: Log,
    private readonly listener: ChannelListener | null,
  ) {}

  /** `listenUrl`: where to be told of verdicts, in a process whose runs wait for them; without it they are only stored. */
  static async start(o: { files: StoredFiles; db: Db; listenUrl: string | null; log: Log }): Promise<CheckVerdicts> {
    if (!o.listenUrl) return new CheckVerdicts(o.files, o.db, o.log, null);
    const listener = createPgListener(o.listenUrl, { onError: (err) => o.log.warn({ err }, 'check verdict listener connection error') });
    const verdicts = new CheckVerdicts(o.files, o.db, o.log, listener);
    await listener.listen(CHANNEL, (payload) => {
      if (!payload.endsWith(ALIVE)) return verdicts.wake(payload);
      const checkId = payload.slice(0, -ALIVE.length);
      if (verdicts.wakers.has(checkId)) verdicts.heard.set(checkId, Date.now());
    });
    // Notifications sent while the connection was down are lost: everyone waiting looks now, and no
    // worker counts as quiet for what could not be heard.
    listener.onReconnect(() => {
      for (const id of [...verdicts.heard.keys()]) verdicts.heard.set(id, Date.now());
      for (const id of [...verdicts.wakers.keys()]) verdicts.wake(id);
    });
    return verdicts;
  }

  /** Said every few seconds by the worker checking `checkId`, until it stored the verdict. */
  async alive(checkId: string): Promise<void> {
    await notifyChannel(this.db, CHANNEL, `${checkId}${ALIVE}`);
  }

  private wake(checkId: string): void {
    for (const waker of this.wakers.get(checkId) ?? []) waker();
  }

  async put(checkId: string, outcome: RenderOutcome): Promise<void> {
    const body = await zip(JSON.stringify(toStoredVerdict(outcome)));
    await this.files.putExpiring(keyOf(checkId), body, KEPT_SECONDS);
    await notifyChannel(this.db, CHANNEL, checkId);
  }

  /** The stored verdict, or null when there is none yet (or it cannot be read: logged, and treated as none). */
  async read(checkId: string): Promise<RenderOutcome | null> {
    try {
      const body = await this.files.readAll(keyOf(checkId));
      if (!body) return null;
      const parsed = StoredVerdict.safeParse(JSON.parse((await unzip(body)).toString('utf8')));
      if (parsed.success) return fromStoredVerdict(parsed.data);
      this.log.warn({ checkId }, 'a stored check verdict is not one');
    } catch (err) {
      this.log.warn({ err, checkId }, 'reading a check verdict failed');
    }
    return null;
  }

  /**
   * Waits for the verdict of `checkId` until `signal` aborts or `timeoutMs` passes, or the worker that
   * took it has not said it is alive for `quietMs` (it died: its job stays locked for hours).
   */
  async wait(checkId: string, o: { signal?: AbortSignal; timeoutMs: number; quietMs: number }): Promise<WaitResult> {
    const deadline = Date.now() + o.timeoutMs;
    const set = this.wakers.get(checkId) ?? new Set();
    this.wakers.set(checkId, set);
    let wakeNow = () => {};
    const waker = () => wakeNow();
    set.add(waker);
    o.signal?.addEventListener('abort', waker, { once: true });
    try {
      for (;;) {
        // Listening before reading: a verdict stored in between still wakes this loop.
        const told = new Promise<void>((resolve) => (wakeNow = resolve));
        const found = await this.read(checkId);
        if (found) return { verdict: found };
        const left = deadline - Date.now();
        if (o.signal?.aborted) return { ended: 'aborted' };
        if (left <= 0) return { ended: 'timeout' };
        const heard = this.heard.get(checkId);
        if (heard !== undefined && Date.now() - heard > o.quietMs) return { ended: 'quiet' };
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([told, new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.min(left, LOOK_AGAIN_MS))))]);
        clearTimeout(timer);
      }
    } finally {
      set.delete(waker);
      if (set.size === 0) {
        this.wakers.delete(checkId);
        this.heard.delete(checkId);
      }
      o.signal?.removeEventListener('abort', waker);
    }
  }

  async close(): Promise<void> {
    await this.listener?.close();
  }
}
