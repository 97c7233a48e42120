import type { SiteAnalytics } from '@sprout/core/contract';
import { dayBars, dayLabel } from './day-bars';
import { figure } from './figures';

/**
 * Visitors and page views per day, as CSS bars: any number of days fits from 375 px up, and each
 * bar says its day and figures (a screen reader reads the list; a mouse hovers for the title).
 */
export function DayChart({ byDay }: { byDay: SiteAnalytics['byDay'] }) {
  const { bars, top } = dayBars(byDay);
  const first = byDay[0];
  const last = byDay.at(-1);
  return (
    <figure className="grid gap-2" data-testid="analytics-chart">
      <figcaption className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
        <span className="text-sm font-semibold text-foreground">By day</span>
        <Swatch className="bg-primary/30" label="Page views" />
        <Swatch className="bg-primary" label="Visitors" />
      </figcaption>
      <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 gap-y-1">
        <div className="flex h-32 flex-col justify-between text-right text-[11px] leading-none text-muted-foreground tabular-nums" aria-hidden="true">
          <span>{figure(top)}</span>
          <span>0</span>
        </div>
        <ol aria-label="Visitors and page views by day" className="flex h-32 items-stretch gap-px border-b">
          {bars.map((b) => (
            <li key={b.day} title={b.label} className="relative min-w-0 flex-1" data-testid="analytics-day" data-day={b.day}>
              <span className="sr-only">{b.label}</span>
              {/* Visitors are drawn over the page views they made: one bar per day, two shades. */}
              <span className="absolute inset-x-[12%] bottom-0 rounded-t-sm bg-primary/30" style={{ height: `${b.viewsHeight}%` }} aria-hidden="true" />
              <span className="absolute inset-x-[12%] bottom-0 rounded-t-sm bg-primary" style={{ height: `${b.visitorsHeight}%` }} aria-hidden="true" />
            </li>
          ))}
        </ol>
        <span aria-hidden="true" />
        <div className="flex justify-between gap-2 text-[11px] text-muted-foreground" aria-hidden="true">
          <span>{first ? dayLabel(first.day) : null}</span>
          <span>{last && last !== first ? dayLabel(last.day) : null}</span>
        </div>
      </div>
    </figure>
  );
}

function Swatch({ className, label }: { className: string; label: string }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span className={`size-2.5 rounded-sm ${className}`} aria-hidden="true" />
      {label}
    </span>
  );
}
