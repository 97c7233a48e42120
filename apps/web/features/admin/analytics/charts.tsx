'use client';
import { cn } from '@/lib/cn';
import { compact, niceMax, shortDay } from './range';

/**
 * One value per day as bars. The bars are an SVG stretched to the width (so any number of days
 * fits from 375 px up); the axis labels are text beside and below it, so they stay readable at
 * every width. Each bar names its day and value (hover, and the table screen readers get).
 */
export function DailyBars({ days, label, testId }: { days: { day: string; value: number }[]; label: string; testId?: string }) {
  const top = niceMax(Math.max(0, ...days.map((d) => d.value)));
  const ticks = [top, ...(Number.isInteger(top / 2) ? [top / 2] : []), 0];
  const every = Math.ceil(days.length / 7);
  const w = Math.max(1, days.length) * 10;
  return (
    <figure className="grid gap-2" data-testid={testId}>
      <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 gap-y-1">
        <div className="relative h-44 min-w-6 text-right text-[11px] text-muted-foreground tabular-nums" aria-hidden="true">
          {ticks.map((t) => (
            <span key={t} className="absolute right-0 -translate-y-1/2 leading-none" style={{ top: `${(1 - t / top) * 100}%` }}>
              {compact(t)}
            </span>
          ))}
        </div>
        <svg viewBox={`0 0 ${w} 100`} preserveAspectRatio="none" className="h-44 w-full overflow-visible" role="img" aria-label={`${label} per day`}>
          {ticks.map((t) => (
            <line
              key={t}
              x1={0}
              x2={w}
              y1={(1 - t / top) * 100}
              y2={(1 - t / top) * 100}
              className="stroke-border"
              strokeDasharray={t === 0 ? undefined : '3 3'}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {days.map((d, i) => {
            const h = (d.value / top) * 100;
            return (
              <rect
                key={d.day}
                x={i * 10 + 1.5}
                y={100 - h}
                width={7}
                height={Math.max(0, h)}
                className="fill-primary"
                data-testid="chart-bar"
                data-day={d.day}
                data-value={d.value}
              >
                <title>{`${shortDay(d.day)}: ${d.value.toLocaleString('en-US')}`}</title>
              </rect>
            );
          })}
        </svg>
        <span aria-hidden="true" />
        <div
          className="grid text-center text-[11px] text-muted-foreground"
          style={{ gridTemplateColumns: `repeat(${Math.max(1, days.length)}, minmax(0, 1fr))` }}
          aria-hidden="true"
        >
          {days.map((d, i) => (
            // On a phone every other label, so neighbours never run together.
            <span key={d.day} className={cn('flex justify-center whitespace-nowrap', (i / every) % 2 !== 0 && 'invisible sm:visible')}>
              {i % every === 0 ? shortDay(d.day) : ''}
            </span>
          ))}
        </div>
      </div>
      <table className="sr-only">
        <caption>{label} per day</caption>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <th scope="row">{d.day}</th>
              <td>{d.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** Labelled horizontal bars, longest first as given: failures by kind, tokens by model. */
export function HBars({
  rows,
  empty,
  testId,
  format = (n) => n.toLocaleString('en-US'),
}: {
  rows: { label: string; value: number; note?: string }[];
  empty: string;
  testId?: string;
  format?: (n: number) => string;
}) {
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  const top = Math.max(...rows.map((r) => r.value), 1);
  return (
    <ul className="grid gap-2.5" data-testid={testId}>
      {rows.map((r) => (
        <li key={r.label} className="grid gap-1 text-sm" data-testid="hbar" data-label={r.label} data-value={r.value}>
          <div className="flex items-baseline justify-between gap-3">
            <span className="min-w-0 truncate font-medium">{r.label}</span>
            <span className="shrink-0 text-muted-foreground tabular-nums">
              {format(r.value)}
              {r.note ? ` · ${r.note}` : ''}
            </span>
          </div>
          <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
            <div className="h-full rounded-full bg-primary" style={{ width: `${(r.value / top) * 100}%` }} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Steps where each is a subset of the one before: bars against the first step, and the share kept from the step before. */
export function Funnel({ steps }: { steps: { step: string; label: string; people: number }[] }) {
  const first = steps[0]?.people ?? 0;
  return (
    <ol className="grid gap-3" data-testid="funnel">
      {steps.map((s, i) => {
        const before = i === 0 ? null : steps[i - 1]!.people;
        return (
          <li key={s.step} className="grid gap-1 text-sm" data-testid={`funnel-${s.step}`} data-people={s.people}>
            <div className="flex items-baseline justify-between gap-3">
              <span className="font-medium">{s.label}</span>
              <span className="text-muted-foreground tabular-nums">
                {s.people.toLocaleString('en-US')} {s.people === 1 ? 'person' : 'people'}
                {before !== null ? ` · ${before > 0 ? Math.round((s.people / before) * 100) : 0}% of the step before` : ''}
              </span>
            </div>
            <div className="h-6 overflow-hidden rounded-md bg-muted" aria-hidden="true">
              <div className={cn('h-full rounded-md bg-primary', i > 0 && 'opacity-80')} style={{ width: `${first > 0 ? (s.people / first) * 100 : 0}%` }} />
            </div>
          </li>
        );
      })}
    </ol>
  );
}
