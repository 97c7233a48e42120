'use client';
import { cn } from '@/lib/cn';
import { compact, niceMax, shortDay } from './range';

const W = 640;
const H = 200;
const PAD = { top: 12, right: 8, bottom: 24, left: 36 };

/**
 * One value per day as bars, with a y axis of three ticks and day labels thinned to fit. Scales to
 * its container (viewBox), so it reads the same from 375 px up; each bar names its day and value
 * (hover, and the table screen readers get).
 */
export function DailyBars({ days, label, testId }: { days: { day: string; value: number }[]; label: string; testId?: string }) {
  const top = niceMax(Math.max(0, ...days.map((d) => d.value)));
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const slot = innerW / Math.max(1, days.length);
  const bar = Math.max(1, Math.min(36, slot * 0.7));
  const every = Math.ceil(days.length / 8);
  return (
    <figure className="grid gap-2" data-testid={testId}>
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="img" aria-label={`${label} per day`}>
        {[0, 0.5, 1].map((f) => {
          const y = PAD.top + innerH * (1 - f);
          return (
            <g key={f}>
              <line x1={PAD.left} x2={W - PAD.right} y1={y} y2={y} className="stroke-border" strokeDasharray={f === 0 ? undefined : '3 3'} />
              <text x={PAD.left - 6} y={y + 4} textAnchor="end" className="fill-muted-foreground text-[11px]">
                {compact(top * f)}
              </text>
            </g>
          );
        })}
        {days.map((d, i) => {
          const h = (d.value / top) * innerH;
          const x = PAD.left + slot * i + (slot - bar) / 2;
          return (
            <g key={d.day} data-testid="chart-bar" data-day={d.day} data-value={d.value}>
              <rect x={x} y={PAD.top + innerH - h} width={bar} height={Math.max(0, h)} rx={2} className="fill-primary">
                <title>{`${shortDay(d.day)}: ${d.value.toLocaleString('en-US')}`}</title>
              </rect>
              {i % every === 0 ? (
                <text x={x + bar / 2} y={H - 6} textAnchor="middle" className="fill-muted-foreground text-[11px]">
                  {shortDay(d.day)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
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
