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

type Log = { warn(obj: object, msg: string): void };

/**
 * Check verdicts between processes: the check worker stores its answer in the file store (a thumbnail
 * is too large for a notification) and tells every process by NOTIFY; the run waiting for it reads
 * it then, or on its own every 2 s.
 */
export class CheckVerdicts {
  private readonly wakers = new Map<string, Set<() => void>>();

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
    await listener.listen(CHANNEL, (checkId) => verdicts.wake(checkId));
    // Notifications sent while the connection was down are lost: everyone waiting looks now.
    listener.onReconnect(() => {
      for (const id of [...verdicts.wakers.keys()]) verdicts.wake(id);
    });
    return verdicts;
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

  /** Waits for the verdict of `checkId`: null when `signal` aborts or `timeoutMs` passes first. */
  async wait(checkId: string, o: { signal?: AbortSignal; timeoutMs: number }): Promise<RenderOutcome | null> {
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
        if (found) return found;
        const left = deadline - Date.now();
        if (o.signal?.aborted || left <= 0) return null;
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([told, new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.min(left, LOOK_AGAIN_MS))))]);
        clearTimeout(timer);
      }
    } finally {
      set.delete(waker);
      if (set.size === 0) this.wakers.delete(checkId);
      o.signal?.removeEventListener('abort', waker);
    }
  }

  async close(): Promise<void> {
    await this.listener?.close();
  }
}
