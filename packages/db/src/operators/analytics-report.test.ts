import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../testing';
import type { DbHandle } from '../create-db';
import { newId } from '../ids';
import { createUser } from '../queries/users';
import { insertAnalyticsEvents } from '../queries/misc';
import { runs, sprouts } from '../schema';
import {
  activePeople,
  eventsByDay,
  experimentOutcomes,
  fixRoundCounts,
  projectsByDay,
  runFailures,
  runsByDay,
  tokensByModel,
  upgradeFunnel,
} from './analytics-report';

let h: DbHandle;
const at = (day: number, hour = 12) => new Date(Date.UTC(2026, 10, day, hour));
const range = { from: at(16, 0), to: at(23, 0) };
const ids: Record<string, string> = {};

function event(name: string, when: Date, who: { user?: string; anon: string }, properties: Record<string, unknown> = {}) {
  return { messageId: newId(), userId: who.user ?? null, anonymousId: who.anon, name, properties, occurredAt: when };
}

beforeAll(async () => {
  h = await createTestDb();
  for (const n of ['ann', 'bob', 'cy']) ids[n] = (await createUser(h.db, { email: `${n}@report.test`, passwordHash: 'x', displayName: n })).id;
  const ann = { user: ids.ann!, anon: 'browser-ann' };
  const bob = { user: ids.bob!, anon: 'browser-bob' };
  const cy = { user: ids.cy!, anon: 'browser-cy' };
  const visitor = { anon: 'browser-visitor' };
  const view = (variant: string) => ({ experimentId: 'demo-ab-test', variant });
  await insertAnalyticsEvents(h.db, [
    // Ann: sees variant1 signed out, then signs in, sends prompts, hits the paywall, checks out, upgrades.
    event('Experiment Viewed', at(16, 9), { anon: ann.anon }, view('variant1')),
    event('Prompt Sent', at(16, 10), ann),
    event('Prompt Sent', at(17, 10), ann),
    event('Paywall Displayed', at(17, 11), ann),
    event('Checkout Started', at(17, 12), ann),
    event('Upgrade', at(17, 13), ann),
    // Bob: original; paywall, then an upgrade without a checkout in between (not through the funnel).
    event('Experiment Viewed', at(18), bob, view('original')),
    event('Paywall Displayed', at(18, 13), bob),
    event('Upgrade', at(18, 14), bob),
    event('Publish', at(19), bob),
    // Cy: checked out before ever seeing a paywall: not counted as a step after it.
    event('Checkout Started', at(19, 9), cy),
    event('Paywall Displayed', at(19, 10), cy),
    event('Page Viewed', at(19, 11), cy),
    // A visitor who never signs in, and events outside the range.
    event('Experiment Viewed', at(20), visitor, view('original')),
    event('Page Viewed', at(20), visitor),
    event('Prompt Sent', at(15), ann),
    event('Prompt Sent', at(23, 1), ann),
    event('Experiment Viewed', at(20), visitor, { experimentId: 'other', variant: 'x' }),
  ]);
  const project = (id: string, owner: string, day: number) => ({ id, ownerId: owner, displayName: id, createdAt: at(day) });
  await h.db.insert(sprouts).values([project('p1', ids.ann!, 16), project('p2', ids.ann!, 16), project('p3', ids.bob!, 18), project('p0', ids.bob!, 10)]);
  const run = (id: string, day: number, more: Partial<typeof runs.$inferInsert>) => ({
    id,
    sproutId: 'p1',
    userId: ids.ann!,
    status: 'succeeded',
    model: 'offline',
    createdAt: at(day),
    ...more,
  });
  await h.db
    .insert(runs)
    .values([
      run('r1', 16, { tokensIn: 1000, tokensOut: 200, tokensInCached: 600 }),
      run('r2', 16, { status: 'failed', errorCode: 'provider_auth', model: 'Claude', tokensIn: 50, tokensOut: 0 }),
      run('r3', 17, { status: 'failed', errorCode: 'still_broken', fixRounds: 2, tokensIn: 3000, tokensOut: 900 }),
      run('r4', 18, { status: 'interrupted', fixRounds: 1, model: null }),
      run('r5', 18, { status: 'failed', errorCode: 'provider_auth', model: 'Claude' }),
      run('r0', 12, { status: 'failed', errorCode: 'old', tokensIn: 99 }),
    ]);
});
afterAll(async () => {
  await h?.close();
});

describe('the analytics report', () => {
  it('counts events per UTC day and name, within the range only', async () => {
    const rows = await eventsByDay(h.db, range, ['Prompt Sent', 'Publish']);
    expect(rows.sort((a, b) => (a.day + a.name).localeCompare(b.day + b.name))).toEqual([
      { day: '2026-11-16', name: 'Prompt Sent', events: 1, people: 1 },
      { day: '2026-11-17', name: 'Prompt Sent', events: 1, people: 1 },
      { day: '2026-11-19', name: 'Publish', events: 1, people: 1 },
    ]);
  });

  it('counts active people by day and over the range, and visitors apart', async () => {
    const rows = await activePeople(h.db, range);
    const total = rows.find((r) => r.day === null);
    expect(total).toEqual({ day: null, people: 3, visitors: 2 });
    expect(rows.find((r) => r.day === '2026-11-19')).toEqual({ day: '2026-11-19', people: 2, visitors: 0 });
    expect(rows.find((r) => r.day === '2026-11-16')).toEqual({ day: '2026-11-16', people: 1, visitors: 1 });
  });

  it('follows the upgrade funnel by person and in order', async () => {
    expect(await upgradeFunnel(h.db, range)).toEqual({ paywall: 3, checkout: 1, upgrade: 1 });
  });

  it('puts the experiment’s variants side by side with what their people did afterwards', async () => {
    expect(await experimentOutcomes(h.db, range, 'demo-ab-test')).toEqual([
      { variant: 'original', people: 2, prompted: 0, paywalled: 1, upgraded: 1, published: 1 },
      { variant: 'variant1', people: 1, prompted: 1, paywalled: 1, upgraded: 1, published: 0 },
    ]);
  });

  it('counts projects and runs by day, failures by kind, fix rounds and tokens by model', async () => {
    expect((await projectsByDay(h.db, range)).sort((a, b) => a.day.localeCompare(b.day))).toEqual([
      { day: '2026-11-16', projects: 2 },
      { day: '2026-11-18', projects: 1 },
    ]);
    expect((await runsByDay(h.db, range)).sort((a, b) => a.day.localeCompare(b.day))).toEqual([
      { day: '2026-11-16', runs: 2, failed: 1, fixRounds: 0 },
      { day: '2026-11-17', runs: 1, failed: 1, fixRounds: 2 },
      { day: '2026-11-18', runs: 2, failed: 2, fixRounds: 1 },
    ]);
    expect(await runFailures(h.db, range)).toEqual([
      { kind: 'provider_auth', runs: 2 },
      { kind: 'interrupted', runs: 1 },
      { kind: 'still_broken', runs: 1 },
    ]);
    expect(await fixRoundCounts(h.db, range)).toEqual([
      { rounds: 0, runs: 3 },
      { rounds: 1, runs: 1 },
      { rounds: 2, runs: 1 },
    ]);
    expect(await tokensByModel(h.db, range)).toEqual([
      { model: 'offline', runs: 2, tokensIn: 4000, tokensOut: 1100, cachedIn: 600 },
      { model: 'Claude', runs: 2, tokensIn: 50, tokensOut: 0, cachedIn: 0 },
      { model: 'unknown', runs: 1, tokensIn: 0, tokensOut: 0, cachedIn: 0 },
    ]);
  });

  it('answers an empty range with nothing, not an error', async () => {
    const empty = { from: at(1, 0), to: at(2, 0) };
    expect(await eventsByDay(h.db, empty, ['Publish'])).toEqual([]);
    expect(await upgradeFunnel(h.db, empty)).toEqual({ paywall: 0, checkout: 0, upgrade: 0 });
    expect(await experimentOutcomes(h.db, empty, 'demo-ab-test')).toEqual([]);
    expect(await activePeople(h.db, empty)).toEqual([{ day: null, people: 0, visitors: 0 }]);
  });
});
