import { findRunEventSeq, listRunEvents, type Db } from '@sprout/db';
import type { RunEventHub } from './event-hub';
import { eventFromRecord, TERMINAL_EVENTS, type RunEvent } from './events';

/**
 * A run's events after `afterSeq`, in order, without repeats (and without gaps, but before the end
 * another instance wrote for a run whose process died: see MAX_UNSTORED_EVENTS): the stored ones, then the live
 * tail, ending after the terminal event (or when `signal` aborts). It subscribes before reading the
 * database and merges by `seq`, so an event published while the database is read is not lost.
 */
export async function* followRunEvents(db: Db, hub: RunEventHub, runId: string, afterSeq: number, signal?: AbortSignal): AsyncGenerator<RunEvent> {
  const live: RunEvent[] = [];
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  const sub = hub.subscribe(runId, (e) => {
    live.push(e);
    notify();
  });
  signal?.addEventListener('abort', notify);
  try {
    let last = afterSeq;
    const stored = (await listRunEvents(db, runId, afterSeq)).map(eventFromRecord);
    const first = [...stored, ...sub.backlog].sort((a, b) => a.seq - b.seq);
    for (const e of first) {
      if (e.seq <= last) continue;
      last = e.seq;
      yield e;
      if (TERMINAL_EVENTS.has(e.type)) return;
    }
    // The client already has the end (it reconnected after the terminal event): nothing more will come.
    if (sub.backlog.some((e) => TERMINAL_EVENTS.has(e.type) && e.seq <= last)) return;
    const terminal = await findRunEventSeq(db, runId, [...TERMINAL_EVENTS]);
    if (terminal !== null && terminal <= last) return;
    while (!signal?.aborted) {
      const e = live.shift();
      if (!e) {
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      if (e.seq <= last) continue;
      if (e.seq > last + 1) {
        // Not expected with either hub; if it happens, the database has the missing ones.
        for (const gap of (await listRunEvents(db, runId, last)).map(eventFromRecord).filter((g) => g.seq < e.seq)) {
          last = gap.seq;
          yield gap;
        }
      }
      last = e.seq;
      yield e;
      if (TERMINAL_EVENTS.has(e.type)) return;
    }
  } finally {
    sub.unsubscribe();
    signal?.removeEventListener('abort', notify);
  }
}
