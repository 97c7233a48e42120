import {
  finishRun,
  insertMessage,
  insertRunEvents,
  lastRunEventSeq,
  listMessagesOfRun,
  listRunEvents,
  lockRunEnd,
  recordRunTokens,
  refundedRunIds,
  refundMessageForRun,
  withholdRunFileText,
  type Db,
  type RunRow,
} from '@sprout/db';
import { estimateTokensOf } from '../context/tokens';
import type { RunEventHub } from './event-hub';
import { MAX_UNSTORED_EVENTS, type RunEventRecorder } from './event-recorder';
import { TERMINAL_EVENTS, type RunEvent, type RunTotals } from './events';
import type { Failure } from './run-failure';

/**
 * Ends a run as failed: the files stay as they were, a message-run's reserved message is given back
 * (a failure must not cost the person a message) unless the failure says otherwise, and then the
 * file text it streamed is blanked so the refund does not give the answer away; the chat gets the
 * reason, then the terminal event.
 */
export async function failRun(
  db: Db,
  rec: RunEventRecorder,
  run: { id: string; sproutId: string; kind: string },
  failure: Failure,
  totals: RunTotals,
  prose: string,
): Promise<void> {
  const ended = await finishRun(db, run.id, {
    status: failure.code === 'interrupted' ? 'interrupted' : 'failed',
    error: failure.message,
    errorCode: failure.code,
    tokensIn: totals.tokensIn,
    tokensInCached: totals.tokensInCached,
    tokensOut: totals.tokensOut,
    fixRounds: totals.fixRounds,
  });
  const refunded = ended && run.kind === 'message' && failure.refund !== false ? await refundMessageForRun(db, run.id) : false;
  if (!ended) return; // Someone else ended it and wrote its terminal event.
  if (refunded) {
    // Events not stored yet (or whose write is retried later) are stored blank; the rest is blanked here.
    rec.withholdFileText();
    await rec.flush();
    await withholdRunFileText(db, run.id);
  }
  await insertMessage(db, { sproutId: run.sproutId, userId: null, role: 'assistant', content: prose.trim(), runId: run.id });
  rec.emit('run.failed', { ...totals, code: failure.code, message: failure.message, refunded });
}

export async function stopRun(db: Db, rec: RunEventRecorder, run: { id: string; sproutId: string }, totals: RunTotals, prose: string): Promise<void> {
  const ended = await finishRun(db, run.id, {
    status: 'stopped',
    tokensIn: totals.tokensIn,
    tokensInCached: totals.tokensInCached,
    tokensOut: totals.tokensOut,
    fixRounds: totals.fixRounds,
  });
  if (!ended) return;
  await insertMessage(db, { sproutId: run.sproutId, userId: null, role: 'assistant', content: prose.trim(), runId: run.id });
  rec.emit('run.stopped', totals);
}

/**
 * Ends a run no process is executing any more (after a crash or restart, or running on an instance
 * that is gone): records the end, gives an interrupted message back, keeps what the reply had said
 * so far as its chat message, and appends the terminal event so followers stop waiting.
 */
export async function endOrphanRun(
  db: Db,
  hub: RunEventHub,
  run: RunRow,
  status: 'failed' | 'stopped' | 'interrupted',
  failure?: Failure,
): Promise<RunEvent | null> {
  const spent = await spentBy(db, run);
  const ended =
    run.status !== 'running' || (await finishRun(db, run.id, { status, error: failure?.message ?? null, errorCode: failure?.code ?? null, ...spent }));
  if (!ended) return null;
  // Marked interrupted by a sweep already: what it spent goes on the row now.
  if (run.status !== 'running') await recordRunTokens(db, run.id, spent);
  run = { ...run, ...spent };
  const failed = status !== 'stopped';
  const refunded = failed && run.kind === 'message' && failure?.refund !== false ? await refundMessageForRun(db, run.id) : false;
  if (refunded) await withholdRunFileText(db, run.id);
  return appendEnd(db, hub, run, (totals) =>
    failed
      ? {
          type: 'run.failed',
          data: { ...totals, code: failure?.code ?? 'interrupted', message: failure?.message ?? 'The reply was interrupted.', refunded },
        }
      : { type: 'run.stopped', data: totals },
  );
}

/**
 * What a run whose process is gone had spent: the tokens its row had when its last model call began
 * (fix-loop.ts records them), and at least what its stored events show the model streamed, at about
 * four characters a token (the provider's count of an unfinished answer never came back).
 */
async function spentBy(db: Db, run: RunRow): Promise<{ tokensIn: number; tokensInCached: number; tokensOut: number }> {
  let streamed = 0;
  for (const e of await listRunEvents(db, run.id)) if (e.type === 'text.delta' || e.type === 'file.delta') streamed += String(e.data.text ?? '').length;
  return { tokensIn: run.tokensIn ?? 0, tokensInCached: run.tokensInCached ?? 0, tokensOut: Math.max(run.tokensOut ?? 0, estimateTokensOf(streamed)) };
}

/**
 * The terminal event of a run whose row has ended but whose process died before writing it
 * (between the commit of its version and `run.finished`, or between a failure's record and
 * `run.failed`): the end the row says, the chat message if none was written, so followers stop
 * waiting. A failure's refund is reported as the row's message usage has it, never made twice.
 */
export async function completeEndedRun(db: Db, hub: RunEventHub, run: RunRow): Promise<RunEvent | null> {
  if (run.status === 'running') return null;
  if (run.status === 'succeeded')
    return appendEnd(db, hub, run, (totals) => ({
      type: 'run.finished',
      data: { ...totals, versionId: run.resultVersionId, summary: run.summary, remainingIssues: 0 },
    }));
  if (run.status === 'stopped') return appendEnd(db, hub, run, (totals) => ({ type: 'run.stopped', data: totals }));
  const refunded = (await refundedRunIds(db, [run.id])).has(run.id);
  return appendEnd(db, hub, run, (totals) => ({
    type: 'run.failed',
    data: { ...totals, code: run.errorCode ?? 'interrupted', message: run.error ?? 'The reply was interrupted.', refunded },
  }));
}

type End = Pick<RunEvent<'run.finished'>, 'type' | 'data'> | Pick<RunEvent<'run.failed'>, 'type' | 'data'> | Pick<RunEvent<'run.stopped'>, 'type' | 'data'>;

/** Appends `end` to a run no process writes any more, unless it has a terminal event already. */
async function appendEnd(db: Db, hub: RunEventHub, run: RunRow, end: (totals: RunTotals) => End): Promise<RunEvent | null> {
  // One transaction holding the run's end lock: whoever comes second sees the first one's end.
  const event = await db.transaction(async (tx) => {
    await lockRunEnd(tx, run.id);
    const stored = await listRunEvents(tx, run.id);
    if (stored.some((e) => TERMINAL_EVENTS.has(e.type))) return null;
    if (!(await listMessagesOfRun(tx, run.id)).some((m) => m.role === 'assistant')) {
      const prose = stored
        .filter((e) => e.type === 'text.delta')
        .map((e) => String((e.data as { text?: unknown }).text ?? ''))
        .join('');
      await insertMessage(tx, { sproutId: run.sproutId, userId: null, role: 'assistant', content: prose.trim(), runId: run.id });
    }
    // After anything the dead process may have shown a follower without storing it (see MAX_UNSTORED_EVENTS).
    const seq = (await lastRunEventSeq(tx, run.id)) + MAX_UNSTORED_EVENTS + 1;
    const totals: RunTotals = {
      model: run.model ?? '',
      tokensIn: run.tokensIn ?? 0,
      tokensInCached: run.tokensInCached ?? 0,
      tokensOut: run.tokensOut ?? 0,
      fixRounds: run.fixRounds,
      durationMs: (run.finishedAt ?? new Date()).getTime() - run.createdAt.getTime(),
    };
    const at = new Date();
    const ended = { runId: run.id, seq, at: at.toISOString(), ...end(totals) } as RunEvent;
    await insertRunEvents(tx, [{ runId: run.id, seq, type: ended.type, data: ended.data as unknown as Record<string, unknown>, createdAt: at }]);
    return ended;
  });
  if (!event) return null;
  hub.publish(event);
  hub.markPersisted(run.id, event.seq);
  return event;
}
