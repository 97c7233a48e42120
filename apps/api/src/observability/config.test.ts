import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';

describe('observability configuration', () => {
  it('is off by default: metrics open, no tracing', () => {
    expect(loadConfig({}).observability).toEqual({ metricsToken: undefined, otel: null });
  });

  it('reads the metrics token and the OTLP settings', () => {
    const c = loadConfig({
      METRICS_TOKEN: 'a-random-secret-of-some-length',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otel.example.com:4318/',
      OTEL_EXPORTER_OTLP_HEADERS: 'x-api-key=abc%3D%3D, x-team = sprout',
      OTEL_SERVICE_NAME: 'sprout-api-eu',
      OTEL_TRACES_SAMPLER_ARG: '0.25',
    }).observability;
    expect(c).toEqual({
      metricsToken: 'a-random-secret-of-some-length',
      otel: {
        tracesUrl: 'https://otel.example.com:4318/v1/traces',
        headers: { 'x-api-key': 'abc==', 'x-team': 'sprout' },
        serviceName: 'sprout-api-eu',
        sampleRatio: 0.25,
      },
    });
    // The traces endpoint, when given, is used as it is.
    expect(loadConfig({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:4318/custom' }).observability.otel).toMatchObject({
      tracesUrl: 'http://127.0.0.1:4318/custom',
      headers: {},
      serviceName: 'sprout-api',
      sampleRatio: 1,
    });
  });

  it('refuses a short metrics token, a malformed endpoint, headers or ratio, saying which', () => {
    for (const [env, name] of [
      [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN'],
      [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'ftp://collector' }, 'OTEL_EXPORTER_OTLP_ENDPOINT'],
      [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_EXPORTER_OTLP_HEADERS: 'no-equals-sign' }, 'OTEL_EXPORTER_OTLP_HEADERS'],
      [{ OTEL_TRACES_SAMPLER_ARG: '2' }, 'OTEL_TRACES_SAMPLER_ARG'],
    ] as const) {
      expect(() => loadConfig(env), name).toThrow(ConfigError);
      expect(() => loadConfig(env), name).toThrow(name);
    }
  });
});
