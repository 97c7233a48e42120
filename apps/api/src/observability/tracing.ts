import type { OtelConfig } from './config';
import type { Tracing } from './tracing-types';

export type { HttpSpanEnd, Tracing } from './tracing-types';

const nothing = () => {};

export const NO_TRACING: Tracing = {
  enabled: false,
  startHttp: () => ({ traceId: null, end: nothing }),
  runs: { runStarted: nothing, fixRound: nothing, checked: nothing, runEnded: nothing },
  shutdown: async () => {},
};

/** Tracing as configured: the OpenTelemetry SDK is imported only when there is somewhere to send spans. */
export async function startTracing(otel: OtelConfig | null): Promise<Tracing> {
  if (!otel) return NO_TRACING;
  const { otelTracing } = await import('./otel');
  return otelTracing(otel);
}
