// Analytics events wait in a queue kept in localStorage until the API has them: a failed send is
// retried with exponential backoff, and a reload picks up where the last page stopped.

export interface QueuedEvent {
  messageId: string;
  name: string;
  properties: Record<string, unknown>;
  timestamp: string;
  anonymousId: string;
}

export interface QueueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const QUEUE_KEY = 'sprout.events';
export const MAX_QUEUED = 500;
// The API takes at most 20 events per request from a visitor who is not signed in.
const BATCH_SIZE = 20;

export function backoffMs(attempt: number): number {
  return Math.min(60_000, 1000 * 2 ** Math.max(0, attempt - 1));
}

export class EventQueue {
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private sending = false;

  constructor(
    private readonly storage: QueueStorage,
    private readonly send: (events: QueuedEvent[]) => Promise<void>,
    // Wrapped: browsers throw "Illegal invocation" when setTimeout is called as a method of another object.
    private readonly schedule: (fn: () => void, ms: number) => ReturnType<typeof setTimeout> = (fn, ms) => setTimeout(fn, ms),
  ) {}

  pending(): QueuedEvent[] {
    try {
      const list = JSON.parse(this.storage.getItem(QUEUE_KEY) ?? '[]');
      return Array.isArray(list) ? list : [];
    } catch {
      return [];
    }
  }

  private write(list: QueuedEvent[]) {
    // Oldest events are dropped first if a visitor stays offline for very long.
    this.storage.setItem(QUEUE_KEY, JSON.stringify(list.slice(-MAX_QUEUED)));
  }

  enqueue(event: QueuedEvent, flushAfterMs = 1500): void {
    this.write([...this.pending(), event]);
    this.later(flushAfterMs);
  }

  private later(ms: number) {
    if (this.timer !== undefined) return;
    this.timer = this.schedule(() => {
      this.timer = undefined;
      void this.flush();
    }, ms);
  }

  /** Sends one batch; on success removes exactly the sent events, on failure backs off. */
  async flush(): Promise<void> {
    if (this.sending) return;
    const batch = this.pending().slice(0, BATCH_SIZE);
    if (batch.length === 0) return;
    this.sending = true;
    try {
      await this.send(batch);
      const sent = new Set(batch.map((e) => e.messageId));
      this.write(this.pending().filter((e) => !sent.has(e.messageId)));
      this.attempt = 0;
      if (this.pending().length > 0) this.later(0);
    } catch {
      this.attempt += 1;
      this.later(backoffMs(this.attempt));
    } finally {
      this.sending = false;
    }
  }
}
