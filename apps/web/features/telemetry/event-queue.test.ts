import { describe, expect, it } from 'vitest';
import { backoffMs, EventQueue, MAX_QUEUED, QUEUE_KEY, type QueuedEvent } from './event-queue';
import { MemoryStorage } from '@/lib/browser/memory-storage';

const ev = (i: number): QueuedEvent => ({ messageId: `m${i}`, name: 'Page Viewed', properties: { i }, timestamp: new Date(0).toISOString(), anonymousId: 'a' });

function harness(sendImpl: (events: QueuedEvent[]) => Promise<void>) {
  const timers: { fn: () => void; ms: number }[] = [];
  const storage = new MemoryStorage();
  const queue = new EventQueue(storage, sendImpl, (fn, ms) => {
    timers.push({ fn, ms });
    return 0 as unknown as ReturnType<typeof setTimeout>;
  });
  return { storage, queue, timers };
}

describe('EventQueue', () => {
  it('keeps events across "reloads" until they are delivered', async () => {
    const storage = new MemoryStorage();
    const first = new EventQueue(
      storage,
      async () => {
        throw new Error('offline');
      },
      () => 0 as unknown as ReturnType<typeof setTimeout>,
    );
    first.enqueue(ev(1));
    await first.flush();
    const delivered: string[] = [];
    const second = new EventQueue(storage, async (batch) => {
      delivered.push(...batch.map((e) => e.messageId));
    });
    await second.flush();
    expect(delivered).toEqual(['m1']);
    expect(JSON.parse(storage.getItem(QUEUE_KEY)!)).toEqual([]);
  });

  it('backs off exponentially after failures, capped at a minute', async () => {
    const { queue, timers } = harness(async () => {
      throw new Error('down');
    });
    queue.enqueue(ev(1));
    for (let i = 0; i < 8; i++) {
      const t = timers.shift()!;
      t.fn();
      await new Promise((r) => setTimeout(r, 0));
    }
    expect(timers[0]!.ms).toBe(60_000);
    expect([1, 2, 3, 4, 7].map(backoffMs)).toEqual([1000, 2000, 4000, 8000, 60_000]);
  });

  it('removes only the events that were sent, even if more arrived meanwhile', async () => {
    let release!: () => void;
    const { queue, storage } = harness(() => new Promise<void>((r) => (release = r)));
    queue.enqueue(ev(1));
    const flushing = queue.flush();
    queue.enqueue(ev(2));
    release();
    await flushing;
    expect(JSON.parse(storage.getItem(QUEUE_KEY)!).map((e: QueuedEvent) => e.messageId)).toEqual(['m2']);
  });

  it('bounds the stored queue', () => {
    const { queue } = harness(async () => undefined);
    for (let i = 0; i < MAX_QUEUED + 20; i++) queue.enqueue(ev(i));
    const pending = queue.pending();
    expect(pending).toHaveLength(MAX_QUEUED);
    expect(pending[0]!.messageId).toBe('m20');
  });

  it('survives corrupt storage', () => {
    const { queue, storage } = harness(async () => undefined);
    storage.setItem(QUEUE_KEY, '{not json');
    expect(queue.pending()).toEqual([]);
  });
});
