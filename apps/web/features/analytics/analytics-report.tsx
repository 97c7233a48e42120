import type { SiteAnalytics } from '@sprout/core/contract';
import { DayChart } from './day-chart';
import { figure } from './figures';
import { ReportLists } from './report-lists';

/** A range with visits: its two headline figures, the days, then where the visits went and came from. */
export function AnalyticsReport({ report }: { report: SiteAnalytics }) {
  return (
    <div className="grid gap-5" data-testid="analytics-report">
      <dl className="grid grid-cols-2 gap-3">
        <Headline label="Visitors" value={report.visitors} testId="analytics-visitors" />
        <Headline label="Page views" value={report.pageViews} testId="analytics-page-views" />
      </dl>
      <DayChart byDay={report.byDay} />
      <ReportLists report={report} />
    </div>
  );
}

function Headline({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div className="grid gap-0.5 rounded-xl border px-3 py-2.5 sm:px-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums" data-testid={testId}>
        {figure(value)}
      </dd>
    </div>
  );
}
