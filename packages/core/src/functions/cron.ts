// Schedules of apps' functions: standard five-field cron (minute hour day-of-month month
// day-of-week), in UTC. Lists (1,15), ranges (1-5), steps (*/10, 0-30/5) and names (mon, jan).

export interface Cron {
  minutes: ReadonlySet<number>;
  hours: ReadonlySet<number>;
  days: ReadonlySet<number>;
  months: ReadonlySet<number>;
  weekdays: ReadonlySet<number>;
  /** Whether day-of-month and day-of-week were both restricted: cron then fires on either. */
  eitherDay: boolean;
}

const FIELDS = [
  { name: 'minute', min: 0, max: 59, names: [] as string[] },
  { name: 'hour', min: 0, max: 23, names: [] },
  { name: 'day of the month', min: 1, max: 31, names: [] },
  { name: 'month', min: 1, max: 12, names: ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] },
  { name: 'day of the week', min: 0, max: 7, names: ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] },
] as const;

type Field = (typeof FIELDS)[number];

function value(text: string, field: Field): number | null {
  const named = (field.names as readonly string[]).indexOf(text.toLowerCase());
  if (named >= 0) return named + (field.name === 'month' ? 1 : 0);
  if (!/^\d{1,2}$/.test(text)) return null;
  const n = Number(text);
  return n >= field.min && n <= field.max ? n : null;
}

function parseField(text: string, field: Field): Set<number> | string {
  const out = new Set<number>();
  for (const part of text.split(',')) {
    const [range, stepText, extra] = part.split('/');
    const step = stepText === undefined ? 1 : /^\d{1,2}$/.test(stepText) ? Number(stepText) : 0;
    if (extra !== undefined || step < 1) return `"${part}" is not a valid ${field.name}`;
    let from: number | null = field.min;
    let to: number | null = field.max;
    if (range !== '*') {
      const [a, b, more] = range!.split('-');
      from = value(a ?? '', field);
      to = b === undefined ? (stepText === undefined ? from : field.max) : value(b, field);
      if (more !== undefined || from === null || to === null || from > to) return `"${part}" is not a valid ${field.name} (${field.min}-${field.max})`;
    }
    for (let n = from; n <= to; n += step) out.add(field.name === 'day of the week' && n === 7 ? 0 : n);
  }
  return out;
}

/** Reads a schedule, or says what is wrong with it in words a person can act on. */
export function parseCron(expression: string): { ok: true; cron: Cron } | { ok: false; problem: string } {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5 || expression.length > 200)
    return {
      ok: false,
      problem: `A schedule has five fields: minute hour day month weekday ('0 8 * * *' is every day at 08:00 UTC); "${expression.slice(0, 60)}" has ${parts.length}.`,
    };
  const sets: Set<number>[] = [];
  for (let i = 0; i < 5; i++) {
    const parsed = parseField(parts[i]!, FIELDS[i]!);
    if (typeof parsed === 'string') return { ok: false, problem: `In the schedule "${expression}": ${parsed}.` };
    sets.push(parsed);
  }
  const [minutes, hours, days, months, weekdays] = sets as [Set<number>, Set<number>, Set<number>, Set<number>, Set<number>];
  return { ok: true, cron: { minutes, hours, days, months, weekdays, eitherDay: parts[2] !== '*' && parts[4] !== '*' } };
}

function matches(c: Cron, t: Date): boolean {
  if (!c.minutes.has(t.getUTCMinutes()) || !c.hours.has(t.getUTCHours()) || !c.months.has(t.getUTCMonth() + 1)) return false;
  const day = c.days.has(t.getUTCDate());
  const weekday = c.weekdays.has(t.getUTCDay());
  return c.eitherDay ? day || weekday : day && weekday;
}

const MINUTE = 60_000;
// Five years of minutes: far enough for any schedule that fires at all (Feb 29 on a Monday fires within 28 years; cron is bounded here).
const HORIZON_MINUTES = 5 * 366 * 24 * 60;

/** The latest time at or before `at` (to the minute) when the schedule fires, looking back at most `withinMs`; null if none. */
export function lastFireAtOrBefore(c: Cron, at: Date, withinMs: number): Date | null {
  let t = Math.floor(at.getTime() / MINUTE) * MINUTE;
  const stop = at.getTime() - withinMs;
  for (; t >= stop; t -= MINUTE) if (matches(c, new Date(t))) return new Date(t);
  return null;
}

/** The first time after `at` when the schedule fires; null when it never does (Feb 31). */
export function nextFireAfter(c: Cron, at: Date): Date | null {
  let t = (Math.floor(at.getTime() / MINUTE) + 1) * MINUTE;
  for (let i = 0; i < HORIZON_MINUTES; i++, t += MINUTE) if (matches(c, new Date(t))) return new Date(t);
  return null;
}

/** The shortest gap between two runs over a week (from a fixed Monday), in minutes; Infinity when it runs at most once a week. */
export function shortestGapMinutes(c: Cron): number {
  const start = Date.UTC(2026, 0, 5);
  let last: number | null = null;
  let shortest = Number.POSITIVE_INFINITY;
  for (let m = 0; m < 7 * 24 * 60 + 60; m++) {
    const t = start + m * MINUTE;
    if (!matches(c, new Date(t))) continue;
    if (last !== null) shortest = Math.min(shortest, (t - last) / MINUTE);
    last = t;
  }
  return shortest;
}

/** The schedule in words for the Functions panel: "every 15 minutes", "every day at 08:00 UTC", else the expression. */
export function describeCron(expression: string): string {
  const e = expression.trim().split(/\s+/).join(' ');
  const every = /^\*\/(\d+) \* \* \* \*$/.exec(e);
  if (e === '* * * * *') return 'every minute';
  if (every) return `every ${every[1]} minutes`;
  const hourly = /^(\d+) \* \* \* \*$/.exec(e);
  if (hourly) return `every hour at minute ${hourly[1]}`;
  const daily = /^(\d+) (\d+) \* \* \*$/.exec(e);
  if (daily) return `every day at ${daily[2]!.padStart(2, '0')}:${daily[1]!.padStart(2, '0')} UTC`;
  return `on the schedule ${e} (UTC)`;
}
