import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { createPgListener, notifyChannel, type ChannelListener, type Db } from '@sprout/db';
import type { StoredFiles } from '../file-store/stored-files';

const zip = promisify(gzip);
const unzip = promisify(gunzip);

/** Read again this often while waiting, besides when told: a notification lost in a reconnect costs this much at most. */
const LOOK_AGAIN_MS = 2_000;
/** An answer is read once, by the process waiting for it; kept a while for a retried job to find. */
const KEPT_SECONDS = 3_600;
const ALIVE = ':alive';

/** How a kind of answer is stored: its name (the file store's folder, the channel) and its JSON form. */
export interface AnswerCodec<T> {
  name: string;
  encode(answer: T): unknown;
  /** The answer, or null when what is stored is not one. */
  decode(stored: unknown): T | null;
}

/** How a wait for an answer ended: the answer, or why there is none. `quiet`: the worker on it stopped saying it is alive. */
export type WaitResult<T> = { answer: T } | { ended: 'timeout' | 'aborted' | 'quiet' };

type Log = { warn(obj: object, msg: string): void };

/**
 * Answers of jobs a process waits for (a render check's verdict, a publish's outcome): the worker
 * stores its answer in the file store (a thumbnail is too large for a notification) and tells every
 * process by NOTIFY; the one waiting reads it then, or on its own every 2 s. While it works, the
 * worker says every few seconds that it is alive, so a waiter whose worker died asks again instead
 * of waiting out the deadline.
 */
export class JobAnswers<T> {
  private readonly wakers = new Map<string, Set<() => void>>();
  /** When the worker on a waited-for job last said it is alive. */
  private readonly heard = new Map<string, number>();
  private readonly channel: string;
  /** Listening starts with the first wait: a process that never waits keeps no connection for it. */
  private listening: Promise<ChannelListener> | null = null;

  private constructor(
    private readonly codec: AnswerCodec<T>,
    private readonly files: StoredFiles,
    private readonly db: Db,
    private readonly log: Log,
    private readonly listenUrl: string | null,
  ) {
    this.channel = channelOf(codec.name);
  }

  /** `listenUrl`: where to be told of answers, in a process that waits for them; without it they are only stored. */
  static start<T>(codec: AnswerCodec<T>, o: { files: StoredFiles; db: Db; listenUrl: string | null; log: Log }): JobAnswers<T> {
    return new JobAnswers(codec, o.files, o.db, o.log, o.listenUrl);
  }

  private listen(): Promise<ChannelListener> {
    const { listenUrl } = this;
    if (!listenUrl) return Promise.reject(new Error(`${this.codec.name}: this process does not wait for answers`));
    this.listening ??= (async () => {
      const listener = createPgListener(listenUrl, { onError: (err) => this.log.warn({ err }, `${this.codec.name} listener connection error`) });
      await listener.listen(this.channel, (payload) => {
        if (!payload.endsWith(ALIVE)) return this.wake(payload);
        const id = payload.slice(0, -ALIVE.length);
        if (this.wakers.has(id)) this.heard.set(id, Date.now());
      });
      // Notifications sent while the connection was down are lost: everyone waiting looks now, and no
      // worker counts as quiet for what could not be heard.
      listener.onReconnect(() => {
        for (const id of [...this.heard.keys()]) this.heard.set(id, Date.now());
        for (const id of [...this.wakers.keys()]) this.wake(id);
      });
      return listener;
    })().catch((err: unknown) => {
      // Asked again by the next wait; this one reads the store every 2 s meanwhile.
      this.listening = null;
      throw err;
    });
    return this.listening;
  }

  /**
   * Resolves once this process hears answers (or listening failed: logged, and waits then read the
   * store every 2 s). An asker calls it before queueing a job, so the worker's first "alive" is heard.
   */
  async ready(): Promise<void> {
    await this.listen().catch((err: unknown) => this.log.warn({ err }, `${this.codec.name}: listening failed; looking every 2 s`));
  }

  private keyOf(id: string): string {
    return `${this.codec.name}/${id}`;
  }

  /** Said every few seconds by the worker on job `id`, until it stored the answer. */
  async alive(id: string): Promise<void> {
    await notifyChannel(this.db, this.channel, `${id}${ALIVE}`);
  }

  private wake(id: string): void {
    for (const waker of this.wakers.get(id) ?? []) waker();
  }

  async put(id: string, answer: T): Promise<void> {
    const body = await zip(JSON.stringify(this.codec.encode(answer)));
    await this.files.putExpiring(this.keyOf(id), body, KEPT_SECONDS);
    await notifyChannel(this.db, this.channel, id);
  }

  /** The stored answer, or null when there is none yet (or it cannot be read: logged, and treated as none). */
  async read(id: string): Promise<T | null> {
    try {
      const body = await this.files.readAll(this.keyOf(id));
      if (!body) return null;
      const answer = this.codec.decode(JSON.parse((await unzip(body)).toString('utf8')));
      if (answer !== null) return answer;
      this.log.warn({ id }, `a stored ${this.codec.name} answer is not one`);
    } catch (err) {
      this.log.warn({ err, id }, `reading a ${this.codec.name} answer failed`);
    }
    return null;
  }

  /**
   * Waits for the answer of job `id` until `signal` aborts or `timeoutMs` passes, or the worker that
   * took it has not said it is alive for `quietMs` (it died: its job stays locked for hours).
   */
  async wait(id: string, o: { signal?: AbortSignal; timeoutMs: number; quietMs: number }): Promise<WaitResult<T>> {
    const deadline = Date.now() + o.timeoutMs;
    const set = this.wakers.get(id) ?? new Set();
    this.wakers.set(id, set);
    let wakeNow = () => {};
    const waker = () => wakeNow();
    set.add(waker);
    o.signal?.addEventListener('abort', waker, { once: true });
    await this.ready();
    try {
      for (;;) {
        // Listening before reading: an answer stored in between still wakes this loop.
        const told = new Promise<void>((resolve) => (wakeNow = resolve));
        const found = await this.read(id);
        if (found !== null) return { answer: found };
        const left = deadline - Date.now();
        if (o.signal?.aborted) return { ended: 'aborted' };
        if (left <= 0) return { ended: 'timeout' };
        const heard = this.heard.get(id);
        if (heard !== undefined && Date.now() - heard > o.quietMs) return { ended: 'quiet' };
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([told, new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.min(left, LOOK_AGAIN_MS))))]);
        clearTimeout(timer);
      }
    } finally {
      set.delete(waker);
      if (set.size === 0) {
        this.wakers.delete(id);
        this.heard.delete(id);
      }
      o.signal?.removeEventListener('abort', waker);
    }
  }

  async close(): Promise<void> {
    const listening = this.listening;
    this.listening = null;
    await (await listening?.catch(() => null))?.close();
  }
}

/** `check-verdicts` → `sprout_check_verdicts`. */
const channelOf = (name: string) => `sprout_${name.replace(/-/g, '_')}`;
