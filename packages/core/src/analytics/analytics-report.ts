// The staff dashboard's report: its shape, the days of a range, and the CSV export.

/** What each day of the report counts. */
export const DAILY_METRICS = [
  'activePeople',
  'visitors',
  'promptsSent',
  'projectsCreated',
  'publishes',
  'paywallViews',
  'checkouts',
  'upgrades',
  'runs',
  'runsFailed',
  'fixRounds',
] as const;
export type DailyMetric = (typeof DAILY_METRICS)[number];

export const DAILY_METRIC_LABELS: Record<DailyMetric, string> = {
  activePeople: 'Active people',
  visitors: 'Visitors (signed out)',
  promptsSent: 'Prompts sent',
  projectsCreated: 'Projects created',
  publishes: 'Publishes',
  paywallViews: 'Paywall views',
  checkouts: 'Checkouts started',
  upgrades: 'Upgrades',
  runs: 'Replies (runs)',
  runsFailed: 'Replies failed',
  fixRounds: 'Fix rounds',
};

export type ReportDay = { day: string } & Record<DailyMetric, number>;

export interface AnalyticsReport {
  from: string;
  to: string;
  days: ReportDay[];
  /** Sums over the range; activePeople and visitors count each person once. */
  totals: Record<DailyMetric, number>;
  /** People at each step, each step a subset of the one before. */
  funnel: { step: 'paywall' | 'checkout' | 'upgrade'; label: string; people: number }[];
  experiment: {
    id: string;
    variants: { variant: string; people: number; prompted: number; paywalled: number; upgraded: number; published: number }[];
  };
  runFailures: { kind: string; runs: number }[];
  fixRounds: { rounds: number; runs: number }[];
  /** Input tokens split into read from the provider's prompt cache and not (null where unknown). */
  tokens: { model: string; runs: number; tokensIn: number; tokensOut: number; cachedIn: number | null; uncachedIn: number | null }[];
}

/** The longest range a report covers (a year: retention is 180 days by default). */
export const REPORT_MAX_DAYS = 366;

/** Every UTC day from `from` to `to`, both included, as YYYY-MM-DD; empty when `from` is after `to`. */
export function reportDays(from: string, to: string): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (!Number.isFinite(start) || !Number.isFinite(end)) return [];
  const days: string[] = [];
  for (let t = start; t <= end && days.length <= REPORT_MAX_DAYS; t += 86_400_000) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/** An empty day: every metric 0. */
export function emptyDay(day: string): ReportDay {
  return { day, ...(Object.fromEntries(DAILY_METRICS.map((m) => [m, 0])) as Record<DailyMetric, number>) };
}

/** A CSV cell: quoted when it must be, and a leading = + - @ defused so a spreadsheet never runs it. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The whole report as one CSV in long form (section, metric, dimension, day, value), so every part
 * — the days, the funnel, the variants, failures, fix rounds and tokens — pivots in a spreadsheet.
 */
export function reportCsv(report: AnalyticsReport): string {
  const lines: (string | number | null)[][] = [['section', 'metric', 'dimension', 'day', 'value']];
  for (const d of report.days) for (const m of DAILY_METRICS) lines.push(['daily', m, '', d.day, d[m]]);
  for (const m of DAILY_METRICS) lines.push(['total', m, '', '', report.totals[m]]);
  for (const f of report.funnel) lines.push(['funnel', f.step, '', '', f.people]);
  for (const v of report.experiment.variants)
    for (const k of ['people', 'prompted', 'paywalled', 'upgraded', 'published'] as const)
      lines.push([`experiment:${report.experiment.id}`, k, v.variant, '', v[k]]);
  for (const f of report.runFailures) lines.push(['run_failures', 'runs', f.kind, '', f.runs]);
  for (const f of report.fixRounds) lines.push(['fix_rounds', 'runs', String(f.rounds), '', f.runs]);
  for (const t of report.tokens)
    for (const k of ['runs', 'tokensIn', 'tokensOut', 'cachedIn', 'uncachedIn'] as const) if (t[k] !== null) lines.push(['tokens', k, t.model, '', t[k]]);
  return `${lines.map((l) => l.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
