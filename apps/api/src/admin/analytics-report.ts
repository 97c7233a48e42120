import { emptyDay, REPORT_MAX_DAYS, reportDays, type AnalyticsReport, type DailyMetric } from '@sprout/core';
import {
  activePeople,
  eventsByDay,
  experimentOutcomes,
  fixRoundCounts,
  projectsByDay,
  runFailures,
  runsByDay,
  upgradeFunnel,
  tokensByModel,
  type ReportRange,
} from '@sprout/db';
import { badRequest } from '../errors';
import type { Services } from '../services';

/** Which stored event each daily count reads. */
const EVENT_METRICS: Record<string, DailyMetric> = {
  'Prompt Sent': 'promptsSent',
  Publish: 'publishes',
  'Paywall Displayed': 'paywallViews',
  'Checkout Started': 'checkouts',
  Upgrade: 'upgrades',
};

const REPORT_EXPERIMENT = 'demo-ab-test';

/** The staff dashboard over [from, to] (UTC days, both included): days, funnel, the experiment, runs and tokens. */
export async function analyticsReport(s: Services, from: string, to: string): Promise<AnalyticsReport> {
  const days = reportDays(from, to);
  if (days.length === 0 || days.length > REPORT_MAX_DAYS) throw badRequest('invalid_range', `Choose a range of 1 to ${REPORT_MAX_DAYS} days.`);
  const range: ReportRange = { from: new Date(`${from}T00:00:00Z`), to: new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000) };
  const db = s.db;
  const [events, active, projects, runs, failures, rounds, tokens, funnel, variants] = await Promise.all([
    eventsByDay(db, range, Object.keys(EVENT_METRICS)),
    activePeople(db, range),
    projectsByDay(db, range),
    runsByDay(db, range),
    runFailures(db, range),
    fixRoundCounts(db, range),
    tokensByModel(db, range),
    upgradeFunnel(db, range),
    experimentOutcomes(db, range, REPORT_EXPERIMENT),
  ]);

  const byDay = new Map(days.map((d) => [d, emptyDay(d)]));
  const add = (day: string | null, metric: DailyMetric, n: number) => {
    const row = day ? byDay.get(day) : undefined;
    if (row) row[metric] += n;
  };
  for (const e of events) add(e.day, EVENT_METRICS[e.name]!, e.events);
  for (const a of active) {
    add(a.day, 'activePeople', a.people);
    add(a.day, 'visitors', a.visitors);
  }
  for (const p of projects) add(p.day, 'projectsCreated', p.projects);
  for (const r of runs) {
    add(r.day, 'runs', r.runs);
    add(r.day, 'runsFailed', r.failed);
    add(r.day, 'fixRounds', r.fixRounds);
  }
  const list = [...byDay.values()];
  const totals = emptyDay('');
  for (const d of list) for (const m of Object.keys(totals) as (DailyMetric | 'day')[]) if (m !== 'day') totals[m] += d[m];
  // People are counted once over the range, not once per day they came back.
  const whole = active.find((a) => a.day === null);
  totals.activePeople = whole?.people ?? 0;
  totals.visitors = whole?.visitors ?? 0;
  const { day: _day, ...sums } = totals;

  return {
    from,
    to,
    days: list,
    totals: sums,
    funnel: [
      { step: 'paywall', label: 'Saw a paywall', people: funnel.paywall },
      { step: 'checkout', label: 'Then started a checkout', people: funnel.checkout },
      { step: 'upgrade', label: 'Then upgraded', people: funnel.upgrade },
    ],
    experiment: { id: REPORT_EXPERIMENT, variants },
    runFailures: failures,
    fixRounds: rounds,
    tokens: tokens.map((t) => ({ ...t, uncachedIn: Math.max(0, t.tokensIn - t.cachedIn) })),
  };
}
