import type { EngineMetrics } from '@sprout/engine';
import type { Metrics } from './metrics';
import type { Tracing } from './tracing';

/**
 * The engine's metrics seam (EngineDeps.metrics) as the API implements it: Prometheus series and,
 * when tracing is on, the run's span. Labels carry no run, project or person ids (labels.ts).
 */
export function engineObserver(m: Metrics, tracing: Tracing): EngineMetrics {
  return {
    runStarted(run) {
      m.runsStarted.inc({ kind: run.kind, model: m.models.of(run.model) });
      tracing.runs.runStarted(run);
    },
    fixRound(round) {
      m.fixRounds.inc({ kind: round.kind, reason: round.reason });
      tracing.runs.fixRound(round);
    },
    checked(check) {
      m.observeCheck('build_and_lint', check.ok ? 'ok' : 'issues', check.buildMs);
      if (check.typeCheck) m.observeCheck('type_check', check.typeCheck.status, check.typeCheck.durationMs);
      if (check.render) m.observeCheck('render_check', check.render.status, check.render.durationMs);
      tracing.runs.checked(check);
    },
    runEnded(run) {
      const model = m.models.of(run.model);
      m.runsEnded.inc({ kind: run.kind, outcome: run.outcome, model });
      m.runDuration.observe({ kind: run.kind, outcome: run.outcome }, run.durationMs / 1000);
      if (run.outcome === 'failed' || run.outcome === 'interrupted') m.runFailures.inc({ kind: run.kind, code: m.codes.of(run.code) });
      m.runFixRounds.observe({ kind: run.kind }, run.fixRounds);
      const cached = Math.min(run.tokensInCached, run.tokensIn);
      m.tokens.inc({ model, type: 'input_cached' }, cached);
      m.tokens.inc({ model, type: 'input_uncached' }, run.tokensIn - cached);
      m.tokens.inc({ model, type: 'output' }, run.tokensOut);
      tracing.runs.runEnded(run);
    },
  };
}
