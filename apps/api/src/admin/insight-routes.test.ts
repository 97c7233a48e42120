import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listAudit, upsertSubscription } from '@sprout/db';
import { type Session, useTestApp } from '../testing';

const t = useTestApp();
let staff: Session;
let ann: Session;
let bob: Session;
// Read from the clock before each test, after everything the earlier tests created: a run that
// crosses midnight then still finds the project created before it inside the week it asks for.
let today: string;
let weekAgo: string;
const daysAgo = (n: number, hour = 12) => new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000 + hour * 3_600_000).toISOString();
beforeEach(() => {
  today = new Date().toISOString().slice(0, 10);
  weekAgo = daysAgo(6).slice(0, 10);
});

beforeAll(async () => {
  staff = await t.register({ displayName: 'Staff Person' });
  ann = await t.register({ email: 'ann.insight@example.com', displayName: 'Ann Insight' });
  bob = await t.register({ email: 'bob.insight@example.com', displayName: 'Bob Insight' });
  await upsertSubscription(t.db.db, staff.user.id, { type: 'internal', tierType: 'sprout-tier-internal-staff' });
});

const as = (who: Session) => ({ token: who.idToken });
let n = 0;
const event = (name: string, timestamp: string, properties: Record<string, unknown> = {}, anonymousId?: string) => ({
  messageId: `insight-${++n}-${Math.random().toString(36).slice(2)}`,
  name,
  properties,
  timestamp,
  ...(anonymousId ? { anonymousId } : {}),
});

describe('GET /v1/admin/people and /v1/admin/users/:id', () => {
  it('finds people by part of their name or email, with plan, projects and messages', async () => {
    await t.api('POST', '/v1/sprouts', { ...as(ann), body: { displayName: 'Ann’s board' } });
    const found = await t.api('GET', '/v1/admin/people?q=INSIGHT', as(staff));
    expect(found.statusCode, found.body).toBe(200);
    expect(
      found
        .json()
        .people.map((p: { email: string }) => p.email)
        .sort(),
    ).toEqual(['ann.insight@example.com', 'bob.insight@example.com']);
    expect(found.json().people.find((p: { email: string }) => p.email.startsWith('ann'))).toMatchObject({
      displayName: 'Ann Insight',
      tier: 'free',
      planLabel: 'Free',
      projects: 1,
      monthlyMessages: 0,
    });
    expect((await t.api('GET', '/v1/admin/people?q=nobody-has-this', as(staff))).json()).toEqual({ people: [] });
    expect((await t.api('GET', '/v1/admin/people?limit=500', as(staff))).statusCode).toBe(400);
  });

  it('shows one person in full: plan, usage, projects and flags', async () => {
    const res = await t.api('GET', `/v1/admin/users/${ann.user.id}`, as(staff));
    expect(res.statusCode, res.body).toBe(200);
    const person = res.json();
    expect(person.user).toMatchObject({ id: ann.user.id, email: 'ann.insight@example.com' });
    expect(person.usage.projects.used).toBe(1);
    expect(person.projects).toEqual([expect.objectContaining({ displayName: 'Ann’s board', published: false, versions: 1, deletedAt: null })]);
    expect(person.flags.sources.enableDiffView).toBe('default');
    expect((await t.api('GET', '/v1/admin/users/nobody', as(staff))).statusCode).toBe(404);
    expect((await t.api('GET', `/v1/admin/users/${ann.user.id}`, as(bob))).statusCode).toBe(403);
  });
});

describe('GET /v1/admin/analytics', () => {
  it('reports a week of events by day, the funnel and the experiment’s variants, and exports it as CSV', async () => {
    const sent = await t.api('POST', '/v1/events', {
      ...as(ann),
      body: {
        events: [
          event('Experiment Viewed', daysAgo(6, 9), { experimentId: 'demo-ab-test', variant: 'variant1' }, 'ann-browser'),
          event('Prompt Sent', daysAgo(6, 10), { length: 20 }, 'ann-browser'),
          event('Paywall Displayed', daysAgo(5), { source: 'message_limit_reached' }, 'ann-browser'),
          event('Checkout Started', daysAgo(5, 13), { tier: 'tier-1' }, 'ann-browser'),
          event('Upgrade', daysAgo(5, 14), { tier: 'tier-1' }, 'ann-browser'),
          event('Publish', daysAgo(2), {}, 'ann-browser'),
        ],
      },
    });
    expect(sent.statusCode, sent.body).toBe(202);
    await t.api('POST', '/v1/events', {
      ...as(bob),
      body: {
        events: [
          event('Experiment Viewed', daysAgo(4), { experimentId: 'demo-ab-test', variant: 'original' }, 'bob-browser'),
          event('Paywall Displayed', daysAgo(4, 13), {}, 'bob-browser'),
          event('Prompt Sent', daysAgo(9), {}, 'bob-browser'),
        ],
      },
    });

    const res = await t.api('GET', `/v1/admin/analytics?from=${weekAgo}&to=${today}`, as(staff));
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report.days).toHaveLength(7);
    expect(report.days[0]).toMatchObject({ day: weekAgo, promptsSent: 1, activePeople: 1 });
    expect(report.days[1]).toMatchObject({ paywallViews: 1, checkouts: 1, upgrades: 1 });
    expect(report.totals).toMatchObject({ promptsSent: 1, publishes: 1, paywallViews: 2, activePeople: 2, projectsCreated: 1 });
    expect(report.funnel.map((f: { people: number }) => f.people)).toEqual([2, 1, 1]);
    expect(report.experiment.variants).toEqual([
      { variant: 'original', people: 1, prompted: 0, paywalled: 1, upgraded: 0, published: 0 },
      { variant: 'variant1', people: 1, prompted: 1, paywalled: 1, upgraded: 1, published: 1 },
    ]);

    const csv = await t.api('GET', `/v1/admin/analytics.csv?from=${weekAgo}&to=${today}`, as(staff));
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="sprout-analytics-${weekAgo}-to-${today}.csv"`);
    expect(csv.body.split('\r\n')).toEqual(
      expect.arrayContaining([
        'section,metric,dimension,day,value',
        'funnel,checkout,,,1',
        'experiment:demo-ab-test,upgraded,variant1,,1',
        `daily,promptsSent,,${weekAgo},1`,
      ]),
    );
    expect(await listAudit(t.db.db)).toContainEqual(
      expect.objectContaining({ actorId: staff.user.id, action: 'analytics.export', details: { from: weekAgo, to: today } }),
    );
  });

  it('refuses a reversed, malformed or too long range, and everyone but staff', async () => {
    for (const q of [`from=${today}&to=${weekAgo}`, 'from=2026-13-01&to=2026-13-02', 'from=2020-01-01&to=2026-01-01', 'from=x', '']) {
      const res = await t.api('GET', `/v1/admin/analytics?${q}`, as(staff));
      expect(res.statusCode, q).toBe(400);
    }
    expect((await t.api('GET', `/v1/admin/analytics?from=${weekAgo}&to=${today}`, as(ann))).statusCode).toBe(403);
    expect((await t.api('GET', `/v1/admin/analytics.csv?from=${weekAgo}&to=${today}`, as(ann))).statusCode).toBe(403);
  });
});
