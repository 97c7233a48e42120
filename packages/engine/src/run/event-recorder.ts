import { insertRunEvents, type Db } from '@sprout/db';
import type { RunEventHub } from './event-hub';
import { TERMINAL_EVENTS, type RunEvent, type RunEventPayloads, type RunEventType } from './events';

/** How long events wait to be stored together; delivery to subscribers does not wait for it. */
const FLUSH_MS = 40;

/**
 * The most events delivered ahead of what is stored. A process that dies has shown its followers at
 * most this many events the database never got, so the end another instance writes for its run
 * (endOrphanRun: the last stored seq + this + 1) comes after every event any follower saw: a seq is
 * never given twice, and a follower that reconnects elsewhere is never told it has the end already.
 * A stream reaches it only while the database cannot be written; delivery then waits for storage.
 */
export const MAX_UNSTORED_EVENTS = 1000;

/**
 * Numbers a run's events, delivers each at once through the hub (up to MAX_UNSTORED_EVENTS ahead of
 * storage) and stores them in batches. A failed write is retried with the next batch (the insert
 * ignores rows already stored).
 */
export class RunEventRecorder {
  private seq = 0;
  /** The highest seq stored, and the events numbered but held back until storage catches up. */
  private storedSeq = 0;
  private held: RunEvent[] = [];
  private queue: RunEvent[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private failure: unknown = null;
  private withholding = false;
  /** Characters of the model's text streamed so far (prose and file text): what an unfinished answer said. */
  private streamed = 0;

  constructor(
    private readonly db: Db,
    private readonly hub: RunEventHub,
    readonly runId: string,
    private readonly onError: (err: unknown) => void = () => {},
    /** Sees every event as it is emitted (the host's metrics, run-metrics.ts). */
    private readonly observe?: (event: RunEvent) => void,
  ) {}

  emit<T extends RunEventType>(type: T, data: RunEventPayloads[T]): RunEvent<T> {
    const event = { runId: this.runId, seq: ++this.seq, type, data, at: new Date().toISOString() } as RunEvent<T>;
    if (type === 'text.delta' || type === 'file.delta') this.streamed += (data as { text: string }).text.length;
    // One member of the RunEvent union, which TypeScript cannot tell for a generic T.
    this.queue.push(event as RunEvent);
    if (this.held.length > 0 || event.seq - this.storedSeq > MAX_UNSTORED_EVENTS) this.held.push(event as RunEvent);
    else this.hub.publish(event as RunEvent);
    this.observe?.(event as RunEvent);
    if (TERMINAL_EVENTS.has(type)) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS);
    return event;
  }

  get lastSeq(): number {
    return this.seq;
  }

  get streamedChars(): number {
    return this.streamed;
  }

  /** Stores everything queued so far; resolves when it is in the database. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.writing = this.writing.then(async () => {
      const batch = this.queue;
      if (batch.length === 0) return;
      this.queue = [];
      try {
        await insertRunEvents(
          this.db,
          batch.map((e) => ({ runId: e.runId, seq: e.seq, type: e.type, data: this.stored(e), createdAt: new Date(e.at) })),
        );
        this.storedSeq = batch[batch.length - 1]!.seq;
        this.hub.markPersisted(this.runId, this.storedSeq);
        while (this.held.length > 0 && this.held[0]!.seq - this.storedSeq <= MAX_UNSTORED_EVENTS) this.hub.publish(this.held.shift()!);
      } catch (err) {
        // Keep them for the next attempt; the hub keeps serving those delivered to subscribers meanwhile.
        this.queue = [...batch, ...this.queue];
        this.failure = err;
        this.onError(err);
      }
    });
    return this.writing;
  }

  /** From now on, file text is stored blank (see withholdRunFileText); what was stored before is the caller's. */
  withholdFileText(): void {
    this.withholding = true;
  }

  private stored(e: RunEvent): Record<string, unknown> {
    const data = e.data as unknown as Record<string, unknown>;
    return this.withholding && e.type === 'file.delta' ? { ...data, text: '' } : data;
  }

  /** Final flush with a few retries; throws the last error when the events could not be stored. */
  async close(): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt++) {
      this.failure = null;
      await this.flush();
      if (this.queue.length === 0) return;
      await new Promise((r) => setTimeout(r, 100 * (attempt + 1)));
    }
    throw this.failure ?? new Error('Run events could not be stored.');
  }
}
