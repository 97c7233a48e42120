import type { AppEmailSettings, Dataset } from '@sprout/core/contract';
import { Info } from 'lucide-react';
import { cn } from '@/lib/cn';
import { mailToday } from './app-email';

/** The app's mail today: the dataset's count against its quota, and whether mail really leaves this Sprout. */
export function AppEmailUse({ settings, dataset }: { settings: AppEmailSettings; dataset: Dataset }) {
  const today = mailToday(settings, dataset);
  return (
    <div className="grid gap-3" data-testid="app-email-use" data-state={today.reached ? 'reached' : 'room'}>
      {settings.delivery === 'recorded' ? (
        <p className="flex items-start gap-2 rounded-lg border bg-muted/50 px-3 py-2.5 text-sm" data-testid="app-email-recorded">
          <Info className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          No mail server is set up on this Sprout: mail is kept in the Outbox, not sent.
        </p>
      ) : null}
      <p className="text-sm" data-testid="app-email-today">
        <span className={cn('font-medium tabular-nums', today.reached && 'text-destructive')}>{today.text}</span>
        <span className="text-muted-foreground">
          {today.reached ? '. The day’s quota is reached: more mail is refused until the day ends (UTC).' : '; the quota starts again each day (UTC).'}
        </span>
      </p>
    </div>
  );
}
