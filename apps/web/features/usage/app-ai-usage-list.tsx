'use client';
import Link from 'next/link';
import { LoadError } from '@/ui/load-error';
import { Progress } from '@/ui/progress';
import { Skeleton, Skeletons } from '@/ui/skeleton';
import { cn } from '@/lib/cn';
import { appAiUsageRows, totalTokensLabel, usageMonthLabel } from './app-ai-usage';
import { useAppAiUsage } from './queries';

/** Each of the person's apps that used AI this month, against its cap: their apps' AI is metered to them. */
export function AppAiUsageList() {
  const query = useAppAiUsage();
  const data = query.data;
  if (query.isError)
    return (
      <LoadError
        layout="box"
        className="rounded-none border-0 bg-transparent p-0 [&_p]:font-normal [&_p]:text-muted-foreground"
        title="We could not load your apps’ AI use right now."
        onRetry={() => void query.refetch()}
        retryLabel="Retry"
      />
    );
  if (!data)
    return (
      <Skeletons className="gap-4" label="Loading your apps’ AI use">
        {[0, 1].map((i) => (
          <div key={i} className="grid gap-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-2 w-full rounded-full" />
          </div>
        ))}
      </Skeletons>
    );
  const rows = appAiUsageRows(data);
  return (
    <div className="grid gap-4" data-testid="app-ai-usage">
      <p className="text-sm text-muted-foreground">
        {usageMonthLabel(data.month)}: <span className="font-medium text-foreground tabular-nums">{totalTokensLabel(data)}</span>
      </p>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="app-ai-usage-empty">
          None of your apps used AI this month.
        </p>
      ) : (
        <ul className="grid gap-4">
          {rows.map((row) => (
            <li key={row.sproutId} className="grid gap-1.5" data-testid="app-ai-usage-app">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm">
                <Link href={row.href} className="min-w-0 truncate font-medium underline-offset-4 hover:underline focus-visible:underline">
                  {row.name}
                </Link>
                <span className={cn('font-medium tabular-nums', row.reached && 'text-destructive')}>{row.value}</span>
              </div>
              <Progress value={row.percent} aria-label={`${row.name}: ${row.value}`} className={cn(row.reached && '[&>*]:bg-destructive')} />
              <p className="text-xs text-muted-foreground tabular-nums">{row.detail}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
