import type { RunEvent, RunEventType } from '@sprout/core/contract';
import type { RunEventRecord } from '@sprout/db';

// Run events are declared once in the contract (@sprout/core/contract): they cross to the browser over SSE.
export type { RunEvent, RunEventPayloads, RunEventType, RunTotals, TypeCheckSummary } from '@sprout/core/contract';

export const TERMINAL_EVENTS: ReadonlySet<string> = new Set<RunEventType>(['run.finished', 'run.failed', 'run.stopped']);

/** A stored event as it is delivered. */
export const eventFromRecord = (r: RunEventRecord): RunEvent => ({
  runId: r.runId,
  seq: r.seq,
  type: r.type as RunEvent['type'],
  data: r.data as never,
  at: r.createdAt.toISOString(),
});
