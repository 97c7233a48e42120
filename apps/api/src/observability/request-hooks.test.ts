import { describe, expect, it } from 'vitest';
import { followRun } from '@sprout/testkit';
import { newProject, send, useModelTestApp } from '../testing';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids and run ids in the logs', () => {
  const { t, fake } = useModelTestApp();

  it('keeps a sane X-Request-Id, replaces any other with a UUID, and sends it back on every answer', async () => {
    const kept = await t.api('GET', '/health', { headers: { 'x-request-id': 'lb-7f3a.91:2' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.91:2');
    for (const bad of ['has space', 'a'.repeat(129), '"quoted"', '-leading-dash', '{"json":1}']) {
      const res = await t.api('GET', '/health', { headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id'], bad).toMatch(UUID);
    }
    const fresh = await t.api('GET', '/v1/sprouts');
    expect(fresh.statusCode).toBe(401);
    expect(fresh.headers['x-request-id']).toMatch(UUID);
    expect((await t.api('GET', '/no/such/route')).headers['x-request-id']).toMatch(UUID);
    const app = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { host: `nothing.${t.app.services.config.previewDomain}`, 'x-request-id': 'app-host-1' },
    });
    expect(app.headers['x-request-id']).toBe('app-host-1');
    // Both of Fastify's lines of a request carry its id.
    const lines = t.logs.filter((l) => l.reqId === 'lb-7f3a.91:2').map((l) => l.msg);
    expect(lines).toEqual(['incoming request', 'request completed']);
    // The browser may read it (to quote to support) and send it.
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/v1/sprouts',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-request-id' },
    });
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('X-Request-Id');
    expect(String((await t.api('GET', '/health', { headers: { origin: 'http://localhost:3000' } })).headers['access-control-expose-headers'])).toContain(
      'X-Request-Id',
    );
  });

  it('logs the run id on every line of a run route, and the engine’s lines of the run carry it', async () => {
    const base = await t.listen();
    const owner = await t.register();
    const sproutId = await newProject(t, owner);
    fake.reply({ status: 500, error: 'upstream exploded' });
    const { runId } = (await send(t, owner, sproutId, 'Build it')).json() as { runId: string };
    const followed = await followRun(base, owner.idToken, runId, { headers: { 'x-request-id': 'follow-1' } });
    expect(followed.events.at(-1)!.type).toBe('run.failed');
    const stream = t.logs.filter((l) => l.reqId === 'follow-1');
    expect(stream.length).toBeGreaterThanOrEqual(2);
    for (const line of stream) expect(line.runId).toBe(runId);
    // The instance executing the run says what went wrong with it, under its id.
    expect(t.logs.find((l) => l.msg === 'the model provider failed')).toMatchObject({ runId, model: 'openai-compatible:fake-coder' });
    // Other routes carry none.
    const urlOf = (l: Record<string, unknown>) => String((l.req as { url?: string } | undefined)?.url ?? '');
    const others = new Set(t.logs.filter((l) => l.msg === 'incoming request' && !urlOf(l).includes('/runs/')).map((l) => l.reqId));
    expect(others.size).toBeGreaterThan(3);
    expect(t.logs.filter((l) => others.has(l.reqId) && 'runId' in l)).toEqual([]);
  });
});
