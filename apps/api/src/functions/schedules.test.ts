import { describe, expect, it } from 'vitest';
import { newProject, useTestApp, writeProjectFiles } from '../testing';
import { runDueSchedules } from './schedules';

const t = useTestApp();

async function project(files: Record<string, string>) {
  const owner = await t.register();
  const sproutId = await newProject(t, owner);
  await writeProjectFiles(t, owner, sproutId, files);
  const logs = async () =>
    (await t.api('GET', `/build/v1/sprouts/${sproutId}/functions/test/logs`, { token: owner.idToken })).json().calls as { trigger: string; logs: string[] }[];
  return { owner, sproutId, logs };
}

const TICK = `export const schedule = '* * * * *';
export default async (req: Request, ctx: any) => {
  await ctx.db.collection('ticks').add({ at: req.headers.get('x-sprout-schedule') });
  ctx.log('tick', req.method);
  return 'ticked';
};`;

describe('scheduled functions', () => {
  it('run once per due time, within the plan’s shortest interval, and a missed run once when back', async () => {
    const p = await project({ 'functions/tick.ts': TICK });
    const ran = async (at: Date) => (await runDueSchedules(t.app.services, at)).filter((r) => r.sproutId === p.sproutId);
    const start = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 5_000);
    expect(await ran(start)).toEqual([{ sproutId: p.sproutId, name: 'tick', status: 200 }]);
    // The same due time again (another instance, the next tick): nothing.
    expect(await ran(new Date(start.getTime() + 10_000))).toEqual([]);
    // Due every minute, but a free plan runs a schedule at most every 5 minutes.
    expect(await ran(new Date(start.getTime() + 60_000))).toEqual([]);
    expect(await ran(new Date(start.getTime() + 5 * 60_000))).toHaveLength(1);
    // Down for an hour: the missed runs are one run when it is back, not sixty.
    expect(await ran(new Date(start.getTime() + 65 * 60_000))).toHaveLength(1);
    expect(await ran(new Date(start.getTime() + 65 * 60_000 + 1_000))).toEqual([]);
    const calls = await p.logs();
    expect(calls.map((c) => c.trigger)).toEqual(['schedule', 'schedule', 'schedule']);
    expect(calls[0]!.logs).toEqual(['tick POST']);
    const ticks = await t.api('GET', `/build/v1/sprouts/${p.sproutId}/data/test/collections/ticks`, { token: p.owner.idToken });
    expect(ticks.json().data).toHaveLength(3);
  });

  it('leaves a schedule first seen long after it fell due for its next time', async () => {
    const p = await project({ 'functions/daily.ts': "export const schedule = '0 3 * * *';\nexport default () => 'done';" });
    // The next 10:00 UTC: seven hours after the schedule's time, within the day test schedules run.
    const tenOClock = new Date(new Date().setUTCHours(10, 0, 0, 0));
    if (tenOClock.getTime() < Date.now()) tenOClock.setUTCDate(tenOClock.getUTCDate() + 1);
    expect((await runDueSchedules(t.app.services, tenOClock)).filter((r) => r.sproutId === p.sproutId)).toEqual([]);
    expect(await p.logs()).toEqual([]);
  });

  it('runs a function now for the owner, logged as run by hand; live needs the app published', async () => {
    const p = await project({ 'functions/hello.ts': 'export default (req: Request, ctx: any) => ({ user: ctx.user, visitor: ctx.visitor });' });
    const run = await t.api('POST', `/build/v1/sprouts/${p.sproutId}/functions/test/hello/run`, { token: p.owner.idToken, body: {} });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()).toEqual({ status: 200, body: '{"user":null,"visitor":null}' });
    expect((await p.logs())[0]!.trigger).toBe('run-now');
    const live = await t.api('POST', `/build/v1/sprouts/${p.sproutId}/functions/live/hello/run`, { token: p.owner.idToken, body: {} });
    expect(live.statusCode).toBe(409);
    expect(live.json().code).toBe('not_published');
    expect((await t.api('POST', `/build/v1/sprouts/${p.sproutId}/functions/test/nope/run`, { token: p.owner.idToken, body: {} })).json().code).toBe(
      'function_not_found',
    );
    const stranger = await t.register();
    expect((await t.api('POST', `/build/v1/sprouts/${p.sproutId}/functions/test/hello/run`, { token: stranger.idToken, body: {} })).statusCode).toBe(404);
  });
});
