import { beforeAll, describe, expect, it } from 'vitest';
import { followRun, waitUntil } from '@sprout/testkit';
import { APP, newProject, send, sendAndWait, type Session, useModelTestApp, useTestApp, writeApp, type TestApp } from '../testing';
import { tokenMatches } from '../plugins/authenticate';

const TOKEN = 'metrics-token-for-the-test-0123456789';
const MODEL = 'openai-compatible:fake-coder';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus' text format, one sample a line (`name{a="b"} 1`). */
function parse(text: string): Sample[] {
  return text
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(l);
      if (!m) throw new Error(`not a sample: ${l}`);
      const labels = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1]!, x[2]!]));
      return { name: m[1]!, labels, value: Number(m[3]) };
    });
}

const value = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)).reduce((n, s) => n + s.value, 0);

async function scrape(t: TestApp, token: string | null = TOKEN): Promise<Sample[]> {
  const res = await t.api('GET', '/metrics', { token });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain');
  return parse(res.body);
}

const BROKEN = "import { Missing } from '@/components/missing';\n\nexport default function App() {\n  return <Missing />;\n}\n";

describe('GET /metrics with METRICS_TOKEN set', () => {
  const { t, fake } = useModelTestApp({ METRICS_TOKEN: TOKEN });
  let base: string;
  let owner: Session;
  beforeAll(async () => {
    base = await t.listen();
    owner = await t.register();
  });

  it('answers only the bearer token: none, a wrong one or a person’s ID token get 401', async () => {
    for (const token of [null, 'x', `${TOKEN}x`, TOKEN.replace('0', '1'), owner.idToken]) {
      const res = await t.api('GET', '/metrics', { token });
      expect(res.statusCode, String(token)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.json()).toEqual({ code: 'unauthenticated', message: 'The metrics need the bearer token set in METRICS_TOKEN.' });
    }
    expect((await scrape(t)).length).toBeGreaterThan(20);
    expect([tokenMatches(TOKEN, TOKEN), tokenMatches(null, TOKEN), tokenMatches('', TOKEN)]).toEqual([true, false, false]);
  });

  it('answers the series while a run is under way, with bounded labels', async () => {
    const sproutId = await newProject(t, owner);
    // A finished run with a fix round: its build fails, the fix builds, and the provider reports a cache hit.
    fake.reply(
      { text: writeApp(BROKEN), usage: { input: 4000, output: 100, cached: 0 } },
      { text: writeApp(APP('Fixed')), usage: { input: 4500, output: 90, cached: 3800 } },
    );
    const first = await sendAndWait(t, owner, sproutId, 'Build it');
    expect(first.types).toContain('fix.started');
    fake.reply({ text: 'Thinking about it…', hold: true });
    const sent = await send(t, owner, sproutId, 'Now make it blue');
    expect(sent.statusCode).toBe(202);
    const { runId } = sent.json() as { runId: string };

    let during: Sample[] = [];
    const followed = await followRun(base, owner.idToken, runId, {
      headers: { 'x-request-id': 'stream-request-1' },
      onEvent: async (e) => {
        if (e.type !== 'text.delta' || during.length) return;
        during = await scrape(t);
        expect((await t.api('POST', `/build/v1/runs/${runId}/stop`, { token: owner.idToken })).statusCode).toBe(200);
      },
    });
    expect(followed.headers.get('x-request-id')).toBe('stream-request-1');
    expect(followed.events.at(-1)!.type).toBe('run.stopped');

    // While the second run was under way:
    expect(value(during, 'sprout_runs_active')).toBe(1);
    expect(value(during, 'sprout_event_streams_open')).toBe(1);
    expect(value(during, 'sprout_runs_started_total', { kind: 'message', model: MODEL })).toBe(2);
    expect(value(during, 'sprout_runs_total', { kind: 'message', outcome: 'succeeded', model: MODEL })).toBe(1);
    expect(value(during, 'sprout_run_duration_seconds_count', { kind: 'message', outcome: 'succeeded' })).toBe(1);
    expect(value(during, 'sprout_fix_rounds_total', { kind: 'message', reason: 'errors' })).toBe(1);
    expect(value(during, 'sprout_run_fix_rounds_bucket', { kind: 'message', le: '0' })).toBe(0);
    expect(value(during, 'sprout_run_fix_rounds_bucket', { kind: 'message', le: '1' })).toBe(1);
    expect(value(during, 'sprout_model_tokens_total', { model: MODEL, type: 'input_cached' })).toBe(3800);
    expect(value(during, 'sprout_model_tokens_total', { model: MODEL, type: 'input_uncached' })).toBe(8500 - 3800);
    expect(value(during, 'sprout_model_tokens_total', { model: MODEL, type: 'output' })).toBe(190);
    expect(value(during, 'sprout_preview_build_duration_seconds_count', { outcome: 'failed' })).toBeGreaterThanOrEqual(1);
    expect(value(during, 'sprout_preview_build_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThanOrEqual(1);
    expect(value(during, 'sprout_check_duration_seconds_count', { check: 'build_and_lint', outcome: 'issues' })).toBe(1);
    expect(value(during, 'sprout_check_duration_seconds_count', { check: 'build_and_lint', outcome: 'ok' })).toBe(1);
    expect(value(during, 'sprout_check_duration_seconds_count', { check: 'type_check' })).toBeGreaterThanOrEqual(1);
    expect(value(during, 'sprout_http_request_duration_seconds_count', { method: 'POST', route: '/build/v1/sprouts/:id/messages', status_class: '2xx' })).toBe(
      2,
    );
    expect(value(during, 'sprout_db_info', { kind: t.db.kind })).toBe(1);
    expect(value(during, 'sprout_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    // PostgreSQL reports its pool by state; PGlite, one connection in the process, only its total.
    const states = during.filter((x) => x.name === 'sprout_db_pool_connections').map((x) => x.labels.state);
    expect(states.sort()).toEqual(t.db.kind === 'postgres' ? ['idle', 'total', 'waiting'] : ['total']);
    expect(value(during, 'sprout_db_pool_max')).toBeGreaterThanOrEqual(1);
    expect(value(during, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);

    // After it: stopped, nothing running, the stream closed and counted under its route.
    const after = await waitUntil(
      async () => {
        const s = await scrape(t);
        return value(s, 'sprout_runs_active') === 0 && value(s, 'sprout_event_streams_open') === 0 ? s : null;
      },
      { what: 'the stopped run and its stream to be gone from the metrics' },
    );
    expect(value(after, 'sprout_runs_total', { outcome: 'stopped', model: MODEL })).toBe(1);
    // The first run's stream (read by sendAndWait) and this one.
    expect(value(after, 'sprout_http_request_duration_seconds_count', { route: '/build/v1/runs/:id/events', status_class: '2xx' })).toBe(2);

    // No label names a person, a project, a run or an address.
    await t.api('GET', `/build/v1/sprouts/${sproutId}/files?token=secret`, { token: owner.idToken });
    await t.api('GET', `/nowhere/${sproutId}`);
    const all = await scrape(t);
    const values = new Set(all.flatMap((s) => Object.values(s.labels)));
    for (const secret of [sproutId, runId, first.runId, owner.user.id, owner.user.email, 'secret', 'nowhere']) {
      expect([...values].filter((v) => v.includes(secret))).toEqual([]);
    }
    expect([...new Set(all.filter((s) => s.name.startsWith('sprout_http_')).map((s) => s.labels.route))]).toEqual(
      expect.arrayContaining(['/build/v1/sprouts/:id/files', 'unmatched', '/metrics']),
    );
    for (const route of new Set(all.map((s) => s.labels.route).filter(Boolean))) expect(route).toMatch(/^(\/[\w:.-]*)+$|^unmatched$|^app:\w+$/);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  const t = useTestApp();

  it('is open, and counts an app host’s requests under one route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { host: `nothing-here.${t.app.services.config.previewDomain}` } });
    expect(res.statusCode).toBe(404);
    const samples = await scrape(t, null);
    expect(value(samples, 'sprout_http_request_duration_seconds_count', { route: 'app:unknown', status_class: '4xx' })).toBe(1);
    expect(value(samples, 'sprout_runs_active')).toBe(0);
  });
});
