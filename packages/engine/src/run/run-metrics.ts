import type { RenderCheckSummary, TypeCheckSummary } from '@sprout/core/contract';
import type { RunEvent } from './events';

/** How a run ended: `interrupted` is a run whose process went away (a restart, a crash, a shutdown). */
export type RunOutcome = 'succeeded' | 'failed' | 'stopped' | 'interrupted';

export interface RunIdentity {
  runId: string;
  kind: 'message' | 'runtime-fix' | 'security-fix' | 'plan';
  /** The model's label (as configured by the operator). */
  model: string;
}

export interface RunEnd extends RunIdentity {
  outcome: RunOutcome;
  /** The failure's code (`provider_rate_limit`, `answer_cut_off`, …); null unless failed or interrupted. */
  code: string | null;
  durationMs: number;
  fixRounds: number;
  tokensIn: number;
  /** Of tokensIn, read from the provider's prompt cache. */
  tokensInCached: number;
  tokensOut: number;
}

export interface RoundChecked extends RunIdentity {
  round: number;
  ok: boolean;
  /** The preview build and the linters. */
  buildMs: number;
  typeCheck: TypeCheckSummary | null;
  render: RenderCheckSummary | null;
}

/**
 * What the engine tells its host about runs, for metrics and traces (`EngineDeps.metrics`): the
 * engine does not know how they are exported. Each method is called on the instance executing the
 * run (an orphan run ends where it is found); one that throws is logged and never fails the run.
 */
export interface EngineMetrics {
  runStarted(run: RunIdentity & { at: Date }): void;
  /** Another model request of a run: a fix round (`errors`, `runtime`), or a continuation or placeholder request. */
  fixRound(round: RunIdentity & { round: number; reason: 'continue' | 'placeholder' | 'errors' | 'runtime' | 'security'; at: Date }): void;
  /** One round's checks ended (the type check included). */
  checked(check: RoundChecked & { at: Date }): void;
  runEnded(run: RunEnd & { at: Date }): void;
}

/**
 * Turns a run's events into `metrics` calls: the events already say everything (check.result has
 * the durations, the terminal event the totals), so the steps of a run need no hooks of their own.
 */
export function observeRun(metrics: EngineMetrics, run: Omit<RunIdentity, 'runId'>, log?: { warn(obj: object, msg: string): void }): (event: RunEvent) => void {
  return (event) => {
    try {
      const call = metricsCall(metrics, { runId: event.runId, ...run }, event);
      call?.();
    } catch (err) {
      log?.warn({ err, runId: event.runId }, 'run metrics failed');
    }
  };
}

function metricsCall(m: EngineMetrics, id: RunIdentity, e: RunEvent): (() => void) | null {
  const at = new Date(e.at);
  switch (e.type) {
    case 'run.started':
      return () => m.runStarted({ ...id, at });
    case 'fix.started':
      return () => m.fixRound({ ...id, round: e.data.round, reason: e.data.reason, at });
    case 'check.result':
      return () =>
        m.checked({
          ...id,
          round: e.data.round,
          ok: e.data.ok,
          buildMs: e.data.durationMs,
          typeCheck: e.data.typeCheck ?? null,
          render: e.data.render ?? null,
          at,
        });
    case 'run.finished':
      return () => m.runEnded({ ...id, ...totals(e.data), outcome: 'succeeded', code: null, at });
    case 'run.failed':
      return () => m.runEnded({ ...id, ...totals(e.data), outcome: e.data.code === 'interrupted' ? 'interrupted' : 'failed', code: e.data.code, at });
    case 'run.stopped':
      return () => m.runEnded({ ...id, ...totals(e.data), outcome: 'stopped', code: null, at });
    default:
      return null;
  }
}

const totals = (t: { durationMs: number; fixRounds: number; tokensIn: number; tokensInCached?: number; tokensOut: number }) => ({
  durationMs: t.durationMs,
  fixRounds: t.fixRounds,
  tokensIn: t.tokensIn,
  tokensInCached: t.tokensInCached ?? 0,
  tokensOut: t.tokensOut,
});
