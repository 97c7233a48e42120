import type { EngineMetrics } from '@sprout/engine';

/** What an HTTP request's span is told when the request ends. */
export interface HttpSpanEnd {
  statusCode: number;
  route: string;
  runId?: string;
}

/**
 * Traces, when an OTLP endpoint is configured (otel.ts); otherwise NO_TRACING, and nothing of
 * OpenTelemetry is loaded. Spans: one per HTTP request (continuing a caller's `traceparent`) and
 * one per run, with its checks and fix rounds as events.
 */
export interface Tracing {
  readonly enabled: boolean;
  /** Starts a request's span; the returned function ends it. `traceId` goes into the request's log lines. */
  startHttp(request: { method: string; headers: Record<string, string | string[] | undefined>; requestId: string }): {
    traceId: string | null;
    end(e: HttpSpanEnd): void;
  };
  /** Run spans, from the engine's metrics seam. */
  runs: EngineMetrics;
  /** Sends what is buffered and stops. */
  shutdown(): Promise<void>;
}
