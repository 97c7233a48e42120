import { ROOT_CONTEXT, SpanKind } from '@opentelemetry/api';
import { SamplingDecision } from '@opentelemetry/sdk-trace-base';
import { drawnRatioSampler } from './otel';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newProject, sendAndWait } from '../testing';
import { NO_TRACING, startTracing } from './tracing';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: { key: string; value: Record<string, unknown> }[];
  events?: { name: string; attributes: { key: string; value: Record<string, unknown> }[] }[];
  status?: { code?: number };
}

/** An OTLP/HTTP collector on 127.0.0.1 that keeps every span it is sent (JSON encoding). */
class FakeCollector {
  readonly spans: OtlpSpan[] = [];
  readonly headers: Record<string, string | string[] | undefined>[] = [];
  private server!: Server;
  url = '';

  async start() {
    this.server = createServer(async (req, res) => {
      let body = '';
      for await (const chunk of req) body += chunk;
      this.headers.push(req.headers);
      if (req.url === '/v1/traces') {
        const parsed = JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };
        for (const r of parsed.resourceSpans) for (const s of r.scopeSpans) this.spans.push(...s.spans);
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const attr = (s: OtlpSpan, key: string) => {
  const v = s.attributes.find((a) => a.key === key)?.value;
  return v ? (v.stringValue ?? v.intValue ?? v.boolValue ?? v.doubleValue) : undefined;
};

const collector = new FakeCollector();
beforeAll(() => collector.start());
afterAll(() => collector.close());

describe('OpenTelemetry traces', () => {
  it('are off unless an OTLP endpoint is configured', async () => {
    expect(await startTracing(null)).toBe(NO_TRACING);
  });

  it("samples a caller's trace at the configured ratio, whatever its sampled flag says", () => {
    const draws = [0.05, 0.5, 0.95];
    const sampler = drawnRatioSampler(0.1, () => draws.shift()!);
    const decide = () => sampler.shouldSample(ROOT_CONTEXT, '4bf92f3577b34da6a3ce929d0e0e4736', 'GET', SpanKind.SERVER, {}, []).decision;
    expect([decide(), decide(), decide()]).toEqual([SamplingDecision.RECORD_AND_SAMPLED, SamplingDecision.NOT_RECORD, SamplingDecision.NOT_RECORD]);
  });

  it('exports a span per request, continuing the caller’s trace, and one per run with its checks and tokens', async () => {
    const t = await createTestApp({
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20collector-key',
      OTEL_SERVICE_NAME: 'sprout-test',
    });
    let runId = '';
    try {
      const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
      const health = await t.api('GET', '/health', { headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01`, 'x-request-id': 'traced-1' } });
      expect(health.statusCode).toBe(200);
      expect(t.logs.find((l) => l.reqId === 'traced-1' && l.msg === 'request completed')).toMatchObject({ traceId });
      const owner = await t.register();
      const sproutId = await newProject(t, owner);
      ({ runId } = await sendAndWait(t, owner, sproutId, 'A simple to-do list'));
    } finally {
      // Closing flushes what is batched.
      await t.close();
    }
    const http = collector.spans.find((s) => s.name === 'GET /health')!;
    expect(http).toBeDefined();
    expect(http.traceId.toLowerCase()).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(http.parentSpanId?.toLowerCase()).toBe('00f067aa0ba902b7');
    expect([attr(http, 'http.route'), Number(attr(http, 'http.response.status_code')), attr(http, 'sprout.request_id')]).toEqual(['/health', 200, 'traced-1']);
    expect(collector.spans.some((s) => s.name === 'POST /build/v1/sprouts/:id/messages')).toBe(true);
    const events = collector.spans.find((s) => s.name === 'GET /build/v1/runs/:id/events')!;
    expect(attr(events, 'sprout.run.id')).toBe(runId);

    const run = collector.spans.find((s) => s.name === 'run' && attr(s, 'sprout.run.id') === runId)!;
    expect(run).toBeDefined();
    expect([attr(run, 'sprout.run.kind'), attr(run, 'sprout.run.outcome'), attr(run, 'gen_ai.request.model')]).toEqual(['message', 'succeeded', 'offline']);
    expect(Number(attr(run, 'gen_ai.usage.input_tokens'))).toBeGreaterThan(0);
    expect(run.events?.map((e) => e.name)).toContain('checks');
    expect(collector.headers.every((h) => h.authorization === 'Bearer collector-key')).toBe(true);
  });
});
