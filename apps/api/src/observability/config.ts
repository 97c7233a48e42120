import { z } from 'zod';

// The observability part of the API's configuration (config.ts parses it with the rest).
const optional = z
  .string()
  .trim()
  .transform((s) => (s === '' ? undefined : s))
  .optional();

export const OBSERVABILITY_ENV = {
  // GET /metrics answers only `Authorization: Bearer <METRICS_TOKEN>` when set; unset: open (keep it off the public network).
  METRICS_TOKEN: optional.pipe(z.string().min(16, { error: 'Use at least 16 characters (a random secret).' }).optional()),
  // OpenTelemetry traces: an OTLP/HTTP collector. Unset: no tracing and nothing of OpenTelemetry is loaded.
  OTEL_EXPORTER_OTLP_ENDPOINT: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
  // `key=value,key2=value2` (URL-encoded values), sent with every export: a collector's API key.
  OTEL_EXPORTER_OTLP_HEADERS: optional.transform((raw, ctx) => {
    try {
      return parseOtlpHeaders(raw);
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: (err as Error).message });
      return z.NEVER;
    }
  }),
  OTEL_SERVICE_NAME: z.string().trim().min(1).max(100).default('sprout-api'),
  // The share of traces kept (a request carrying a sampled parent is always kept).
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).default(1),
};

type Env = z.infer<z.ZodObject<typeof OBSERVABILITY_ENV>>;

export interface OtelConfig {
  /** Where spans go: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as is, else OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces. */
  tracesUrl: string;
  headers: Record<string, string>;
  serviceName: string;
  sampleRatio: number;
}

export interface ObservabilityConfig {
  metricsToken: string | undefined;
  otel: OtelConfig | null;
}

/** `a=b,c=d` as the OTLP exporters read it; a malformed pair is a configuration error, not a silent drop. */
function parseOtlpHeaders(raw: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const pair of (raw ?? '').split(',').filter((p) => p.trim())) {
    const at = pair.indexOf('=');
    const key = at > 0 ? pair.slice(0, at).trim() : '';
    if (!/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(key)) throw new Error('expected key=value pairs separated by commas');
    headers[key] = decodeURIComponent(pair.slice(at + 1).trim());
  }
  return headers;
}

export function observabilityConfig(e: Env): ObservabilityConfig {
  const base = e.OTEL_EXPORTER_OTLP_ENDPOINT?.replace(/\/+$/, '');
  const tracesUrl = e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? (base ? `${base}/v1/traces` : undefined);
  return {
    metricsToken: e.METRICS_TOKEN,
    otel: tracesUrl ? { tracesUrl, headers: e.OTEL_EXPORTER_OTLP_HEADERS, serviceName: e.OTEL_SERVICE_NAME, sampleRatio: e.OTEL_TRACES_SAMPLER_ARG } : null,
  };
}
