'use client';
import type { Sprout } from '@sprout/core/contract';
import { useState } from 'react';
import { ChartColumn } from 'lucide-react';
import { splitAddress } from '@/lib/middle-truncate';
import { QueryLoadError } from '@/ui/load-error';
import { MiddleText } from '@/ui/middle-text';
import { PanelEmptyState } from '@/ui/panel-empty-state';
import { Segmented } from '@/ui/segmented';
import { Skeletons } from '@/ui/skeleton';
import { useFirstVisible } from '@/ui/use-first-visible';
import { AnalyticsReport } from './analytics-report';
import { useSiteAnalytics } from './queries';

type Range = '7' | '30' | '90';
const RANGES: { value: Range; label: string }[] = [
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
];

/**
 * Who visits the published app, as its owner sees it: visitors and page views over the last 7, 30
 * or 90 days, by day, and the top pages, referrers, devices and the app's own events. Nothing is
 * asked for before the app is published. `active`: the tab is showing, so the figures keep up.
 */
export function AnalyticsPanel({ sprout, active = true }: { sprout: Sprout; active?: boolean }) {
  // One root whatever shows: the visibility observer watches the element it first saw.
  const [rootRef, visible] = useFirstVisible<HTMLDivElement>();
  const [range, setRange] = useState<Range>('7');
  const publicUrl = sprout.isDeploymentEnabled ? sprout.publicUrl : null;
  const report = useSiteAnalytics(sprout.id, Number(range), { enabled: visible && publicUrl !== null, live: visible && active && publicUrl !== null });

  let body;
  if (publicUrl === null) body = null;
  else if (report.isError && !report.data) body = <QueryLoadError query={report} className="p-8" testId="analytics-error" title="Analytics did not load" />;
  else if (!report.data)
    body = (
      <Skeletons label="Loading analytics" busy={visible} bars={['h-20 w-full rounded-xl', 'h-32 w-full rounded-lg', 'h-40 w-full rounded-xl']}>
        <p className="text-sm text-muted-foreground">Loading analytics…</p>
      </Skeletons>
    );
  else if (report.data.pageViews === 0 && report.data.events.length === 0) body = <NoVisits publicUrl={publicUrl} />;
  else body = <AnalyticsReport report={report.data} />;

  return (
    <div ref={rootRef} data-testid="analytics-panel" data-state={publicUrl === null ? 'unpublished' : 'published'} className="@container h-full min-h-0">
      {publicUrl === null ? (
        <PanelEmptyState icon={ChartColumn} title="Analytics start when the app is published.">
          Then you see how many people visit it, which pages they open, where they come from and on which devices.
        </PanelEmptyState>
      ) : (
        <div className="mx-auto grid w-full max-w-6xl gap-5 p-3 sm:p-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="text-sm font-semibold">Visits to your published app</h2>
            <Segmented
              value={range}
              onChange={setRange}
              label="Range"
              className="grid w-fit grid-cols-3 rounded-lg p-1"
              itemClassName="h-8 rounded-md px-2.5 text-sm font-medium whitespace-nowrap focus-visible:ring-[3px]"
              segments={RANGES.map((r) => ({ ...r, testId: `analytics-range-${r.value}` }))}
            />
          </div>
          {body}
          <p className="text-xs text-muted-foreground">
            Counted without cookies: a visitor is a daily-changing hash of address and browser, and visitors who ask not to be tracked (Do Not Track, Global
            Privacy Control) are not counted.
          </p>
        </div>
      )}
    </div>
  );
}

function NoVisits({ publicUrl }: { publicUrl: string }) {
  const [head, tail] = splitAddress(publicUrl);
  return (
    <div data-testid="analytics-empty">
      <PanelEmptyState icon={ChartColumn} title="No visits yet" className="min-h-40">
        <p>Visits show up here as people open your app at</p>
        <a
          href={publicUrl}
          target="_blank"
          rel="noreferrer"
          data-testid="analytics-public-url"
          className="mx-auto mt-1 flex max-w-full rounded-sm font-mono font-medium text-foreground underline underline-offset-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <MiddleText head={head} tail={tail} title={publicUrl} />
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </PanelEmptyState>
    </div>
  );
}
