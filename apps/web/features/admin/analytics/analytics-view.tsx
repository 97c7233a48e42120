'use client';
import { useState } from 'react';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { DAILY_METRIC_LABELS, DAILY_METRICS, type DailyMetric } from '@sprout/core';
import { useAnalyticsReport } from '../queries';
import { errorText } from '@/lib/api/error-text';
import { LoadError } from '@/ui/load-error';
import { Skeletons } from '@/ui/skeleton';
import { cn } from '@/lib/cn';
import { DailyBars, Funnel, HBars } from './charts';
import { compact, rangeFromParams, type DateRange } from './range';
import { RangePicker } from './range-picker';
import { ReportDetails } from './report-details';

const TILES: DailyMetric[] = ['activePeople', 'promptsSent', 'projectsCreated', 'publishes', 'paywallViews', 'upgrades', 'runsFailed', 'fixRounds'];

/**
 * The dashboard over Sprout's own analytics events and runs: totals, one metric by day, the upgrade
 * funnel, the demo-ab-test variants, failures, fix rounds and tokens. The range is in the address
 * (?from=&to=), so a view can be shared; the export is the same report as CSV.
 */
export function AnalyticsView() {
  const router = useRouter();
  const pathname = usePathname();
  const range = rangeFromParams(useSearchParams());
  const [metric, setMetric] = useState<DailyMetric>('activePeople');
  const report = useAnalyticsReport(range);
  const setRange = (next: DateRange) => router.replace(`${pathname}?from=${next.from}&to=${next.to}`, { scroll: false });
  const data = report.data;

  return (
    <div className="grid gap-6" data-testid="admin-analytics" aria-busy={report.isFetching}>
      <RangePicker range={range} onChange={setRange} busy={report.isFetching} />

      {report.isError && !data ? (
        <LoadError
          layout="box"
          message={errorText(report.error, { status: 'none', otherwise: 'Could not load the report.' })}
          onRetry={() => void report.refetch()}
        />
      ) : !data ? (
        <Skeletons className="gap-4" label="Loading the report" bars={['h-24 w-full', 'h-56 w-full', 'h-40 w-full']} />
      ) : (
        <div className={cn('grid gap-6 transition-opacity', report.isFetching && 'opacity-60')} data-testid="report" data-from={data.from} data-to={data.to}>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Totals">
            {TILES.map((m) => (
              <li key={m}>
                <button
                  type="button"
                  onClick={() => setMetric(m)}
                  aria-pressed={metric === m}
                  data-testid={`total-${m}`}
                  data-value={data.totals[m]}
                  className={cn(
                    'grid w-full gap-1 rounded-xl border bg-card p-3 text-left shadow-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50',
                    metric === m && 'border-primary ring-1 ring-primary',
                  )}
                >
                  <span className="text-xs text-muted-foreground">{DAILY_METRIC_LABELS[m]}</span>
                  <span className="text-2xl font-semibold tabular-nums">{compact(data.totals[m])}</span>
                </button>
              </li>
            ))}
          </ul>

          <section className="grid gap-3 rounded-xl border bg-card p-5 shadow-sm sm:p-6" aria-labelledby="report-daily">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="report-daily" className="font-semibold">
                By day
              </h2>
              <select
                aria-label="Metric"
                value={metric}
                onChange={(e) => setMetric(e.target.value as DailyMetric)}
                data-testid="report-metric"
                className="h-8 rounded-md border bg-background px-2 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                {DAILY_METRICS.map((m) => (
                  <option key={m} value={m}>
                    {DAILY_METRIC_LABELS[m]}
                  </option>
                ))}
              </select>
            </div>
            <DailyBars testId="daily-chart" label={DAILY_METRIC_LABELS[metric]} days={data.days.map((d) => ({ day: d.day, value: d[metric] }))} />
            <p className="text-xs text-muted-foreground">
              Days are UTC. Active people are signed-in people who did anything; visitors are browsers that never signed in.
            </p>
          </section>

          <div className="grid gap-6 lg:grid-cols-2">
            <section className="grid content-start gap-3 rounded-xl border bg-card p-5 shadow-sm sm:p-6" aria-labelledby="report-funnel">
              <h2 id="report-funnel" className="font-semibold">
                Paywall → checkout → upgrade
              </h2>
              <Funnel steps={data.funnel} />
            </section>
            <section className="grid content-start gap-3 rounded-xl border bg-card p-5 shadow-sm sm:p-6" aria-labelledby="report-failures">
              <h2 id="report-failures" className="font-semibold">
                Replies failed, by kind
              </h2>
              <HBars testId="run-failures" rows={data.runFailures.map((f) => ({ label: f.kind, value: f.runs }))} empty="No reply failed in this range." />
            </section>
          </div>

          <ReportDetails report={data} />
        </div>
      )}
    </div>
  );
}
