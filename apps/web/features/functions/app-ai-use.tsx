import type { AppAiSettings } from '@sprout/core/contract';
import { Info } from 'lucide-react';
import { cn } from '@/lib/cn';
import { Progress } from '@/ui/progress';
import { aiUse, monthLabel, tokenCount } from './app-ai';

const counted = (n: number, one: string, many: string) => `${tokenCount(n)} ${n === 1 ? one : many}`;

/**
 * The app's AI this month: whether a model answers it, the preview's and the published app's tokens
 * and requests, and their total against the cap they share.
 */
export function AppAiUse({ settings }: { settings: AppAiSettings }) {
  const use = aiUse(settings);
  const cap = settings.monthlyTokenCap;
  return (
    <div className="grid gap-3" data-testid="app-ai-use" data-state={use.state}>
      {settings.model === null ? (
        <p className="flex items-start gap-2 rounded-lg border bg-muted/50 px-3 py-2.5 text-sm" data-testid="app-ai-not-set-up">
          <Info className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          AI is not set up on this Sprout: apps get a short reply saying so.
        </p>
      ) : (
        <p className="text-sm text-muted-foreground" data-testid="app-ai-model">
          Answered by <span className="font-medium text-foreground">{settings.model}</span>.
        </p>
      )}
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        {use.rows.map((r) => (
          <div key={r.key} className="grid gap-0.5 rounded-lg border px-3 py-2" data-testid={`app-ai-${r.key}`}>
            <dt className="text-muted-foreground">{r.label}</dt>
            <dd className="tabular-nums">
              <span className="font-medium">{counted(r.tokens, 'token', 'tokens')}</span>
              <span className="text-muted-foreground"> · {counted(r.requests, 'request', 'requests')}</span>
            </dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-1.5">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
          <span className="text-muted-foreground">AI tokens used this month</span>
          <span className={cn('font-medium tabular-nums', use.state === 'reached' && 'text-destructive')} data-testid="app-ai-total">
            {tokenCount(use.total)} of {tokenCount(cap)}
          </span>
        </div>
        {/* In tokens, not Progress's percent: a screen reader hears the same numbers the text shows. */}
        <Progress
          value={use.percent}
          aria-label="AI tokens used this month"
          aria-valuemax={cap}
          aria-valuenow={Math.min(use.total, cap)}
          aria-valuetext={`${tokenCount(use.total)} of ${tokenCount(cap)} tokens (${use.percent}%)`}
          className={cn(use.state === 'reached' ? '[&>*]:bg-destructive' : use.state === 'near' ? '[&>*]:bg-warning' : undefined)}
        />
        <p className="text-xs text-muted-foreground">
          {use.state === 'reached'
            ? 'The cap is reached: the app’s AI answers that its allowance is used up until next month, or until you raise the cap.'
            : `Counted for ${monthLabel(settings.month)} (UTC); each month starts again from zero.`}
        </p>
      </div>
    </div>
  );
}
