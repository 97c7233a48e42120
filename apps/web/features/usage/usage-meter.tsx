'use client';
import type { Usage } from '@sprout/core/contract';
import Link from 'next/link';
import { ArrowUpRight } from 'lucide-react';
import { planLabel, upgradePath } from '@sprout/core';
import { useUsage } from './queries';
import { Badge } from '@/ui/badge';
import { LoadError } from '@/ui/load-error';
import { Progress } from '@/ui/progress';
import { Skeleton, Skeletons } from '@/ui/skeleton';
import { cn } from '@/lib/cn';
import { isNearLimit, limitNotice, percentUsed, usageRows, type UsageRow } from './usage';

function MeterRow({ row }: { row: UsageRow }) {
  const { quota } = row;
  const exhausted = quota.available !== null && quota.available <= 0;
  const near = isNearLimit(quota);
  return (
    <div className="grid gap-1.5" data-testid={`usage-${row.key}`}>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="text-muted-foreground">{row.label}</span>
        <span className={cn('text-right font-medium tabular-nums', exhausted && 'text-destructive')}>{row.value}</span>
      </div>
      {quota.limit === null ? null : (
        <Progress
          value={percentUsed(quota)}
          aria-label={`${row.label}: ${row.value}`}
          className={cn(exhausted ? '[&>*]:bg-destructive' : near ? '[&>*]:bg-warning' : undefined)}
        />
      )}
    </div>
  );
}

/** Messages left today and this month, projects used of the limit (core's usage stats). */
export function UsageMeter({
  initialData,
  className,
  bare = false,
}: {
  initialData?: Usage;
  className?: string;
  /** Without the card and heading, for a page section that has its own title. */
  bare?: boolean;
}) {
  const usage = useUsage(initialData);
  const data = usage.data;
  const notice = data ? limitNotice(data) : null;

  return (
    <section
      data-testid="usage-meter"
      aria-labelledby={bare ? undefined : 'usage-meter-title'}
      aria-label={bare ? 'Usage' : undefined}
      className={cn(!bare && 'rounded-xl border bg-card p-5 text-card-foreground shadow-sm', className)}
    >
      {bare ? null : (
        <div className="mb-4 flex items-center justify-between gap-2">
          <h2 id="usage-meter-title" className="font-semibold">
            Usage
          </h2>
          {data ? <Badge variant="secondary">{planLabel(data.tier)}</Badge> : null}
        </div>
      )}

      {data ? (
        <div className="grid gap-4">
          {usageRows(data).map((r) => (
            <MeterRow key={r.key} row={r} />
          ))}
          {notice ? (
            <div
              className={cn('rounded-lg p-3 text-sm', notice.kind === 'reached' ? 'bg-destructive/10' : 'bg-primary/10')}
              data-testid="usage-notice"
              data-kind={notice.kind}
            >
              <p className="text-foreground/90">{notice.text}</p>
              <Link
                href={upgradePath('pricing')}
                data-testid="usage-upgrade"
                className="mt-1 inline-flex items-center gap-1 rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                Upgrade for more <ArrowUpRight className="size-3.5" />
              </Link>
            </div>
          ) : null}
        </div>
      ) : usage.isError ? (
        <LoadError
          layout="box"
          className="rounded-none border-0 bg-transparent p-0 [&_p]:font-normal [&_p]:text-muted-foreground"
          title="We could not load your usage right now."
          onRetry={() => void usage.refetch()}
          retryLabel="Retry"
        />
      ) : (
        <Skeletons className="gap-4" label="Loading usage">
          {[0, 1, 2].map((i) => (
            <div key={i} className="grid gap-2">
              <div className="flex justify-between">
                <Skeleton className="h-4 w-28" />
                <Skeleton className="h-4 w-20" />
              </div>
              <Skeleton className="h-2 w-full rounded-full" />
            </div>
          ))}
        </Skeletons>
      )}
    </section>
  );
}
