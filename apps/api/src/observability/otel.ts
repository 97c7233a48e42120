// Loaded only when an OTLP endpoint is configured (tracing.ts): the SDK costs nothing otherwise.
import { defaultTextMapGetter, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BasicTracerProvider,
  BatchSpanProcessor,
  ParentBasedSampler,
  SamplingDecision,
  TraceIdRatioBasedSampler,
  type Sampler,
} from '@opentelemetry/sdk-trace-base';
import type { OtelConfig } from './config';
import type { Tracing } from './tracing-types';

/** Runs whose end this instance never sees (taken over by another) are dropped past this many. */
const MAX_OPEN_RUN_SPANS = 10_000;

/**
 * Samples at `ratio` by a draw of its own. A caller's `traceparent` names the trace id and a sampled
 * flag: honouring the flag, or deciding by a trace id the caller picked, would let any caller have
 * every request it sends traced (and exported) at will.
 */
export function drawnRatioSampler(ratio: number, random = Math.random): Sampler {
  return {
    shouldSample: () => ({ decision: random() < ratio ? SamplingDecision.RECORD_AND_SAMPLED : SamplingDecision.NOT_RECORD }),
    toString: () => `DrawnRatio{${ratio}}`,
  };
}

/**
 * Tracing with the OpenTelemetry SDK, exporting over OTLP/HTTP (JSON) in batches. Nothing is
 * registered globally (several apps may share a process); a caller's W3C `traceparent` is continued.
 */
export function otelTracing(config: OtelConfig): Tracing {
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': config.serviceName }),
    // A request's own trace, or a caller's continued: sampled at the configured ratio either way.
    sampler: new ParentBasedSampler({
      root: new TraceIdRatioBasedSampler(config.sampleRatio),
      remoteParentSampled: drawnRatioSampler(config.sampleRatio),
      remoteParentNotSampled: drawnRatioSampler(config.sampleRatio),
    }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: config.tracesUrl, headers: config.headers }))],
  });
  const tracer = provider.getTracer('sprout-api');
  const propagator = new W3CTraceContextPropagator();
  const runs = new Map<string, Span>();

  return {
    enabled: true,
    startHttp(request) {
      const parent = propagator.extract(ROOT_CONTEXT, request.headers, defaultTextMapGetter);
      const span = tracer.startSpan(
        request.method,
        { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method, 'sprout.request_id': request.requestId } },
        parent,
      );
      const context = span.spanContext();
      return {
        traceId: trace.isSpanContextValid(context) && span.isRecording() ? context.traceId : null,
        end({ statusCode, route, runId }) {
          span.updateName(`${request.method} ${route}`);
          span.setAttributes({ 'http.route': route, 'http.response.status_code': statusCode, ...(runId ? { 'sprout.run.id': runId } : {}) });
          if (statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
          span.end();
        },
      };
    },
    runs: {
      runStarted(run) {
        if (runs.size >= MAX_OPEN_RUN_SPANS) {
          const [oldest] = runs.keys();
          runs.get(oldest!)?.end();
          runs.delete(oldest!);
        }
        const span = tracer.startSpan('run', {
          kind: SpanKind.INTERNAL,
          startTime: run.at,
          attributes: { 'sprout.run.id': run.runId, 'sprout.run.kind': run.kind, 'gen_ai.request.model': run.model },
        });
        runs.set(run.runId, span);
      },
      fixRound(round) {
        runs.get(round.runId)?.addEvent('fix round', { round: round.round, reason: round.reason }, round.at);
      },
      checked(check) {
        const attributes: Record<string, string | number | boolean> = { round: check.round, ok: check.ok, 'build_and_lint.ms': check.buildMs };
        if (check.typeCheck) Object.assign(attributes, { 'type_check.status': check.typeCheck.status, 'type_check.ms': check.typeCheck.durationMs });
        if (check.render) Object.assign(attributes, { 'render_check.status': check.render.status, 'render_check.ms': check.render.durationMs });
        runs.get(check.runId)?.addEvent('checks', attributes, check.at);
      },
      runEnded(run) {
        // A run ended here without having started here (an orphan found after a crash) gets a span of its own.
        const span =
          runs.get(run.runId) ??
          tracer.startSpan('run', {
            startTime: new Date(run.at.getTime() - run.durationMs),
            attributes: { 'sprout.run.id': run.runId, 'sprout.run.kind': run.kind, 'gen_ai.request.model': run.model },
          });
        runs.delete(run.runId);
        span.setAttributes({
          'sprout.run.outcome': run.outcome,
          'sprout.run.fix_rounds': run.fixRounds,
          'gen_ai.usage.input_tokens': run.tokensIn,
          'gen_ai.usage.cache_read.input_tokens': run.tokensInCached,
          'gen_ai.usage.output_tokens': run.tokensOut,
          ...(run.code ? { 'error.type': run.code } : {}),
        });
        if (run.outcome === 'failed' || run.outcome === 'interrupted') span.setStatus({ code: SpanStatusCode.ERROR, message: run.code ?? run.outcome });
        span.end(run.at);
      },
    },
    async shutdown() {
      for (const span of runs.values()) span.end();
      runs.clear();
      await provider.shutdown();
    },
  };
}
