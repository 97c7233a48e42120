'use client';
import { Popover } from 'radix-ui';
import { toast } from '@/lib/browser/toast';
import { Bug, Copy, MessageSquareText } from 'lucide-react';
import { Button } from '@/ui/button';
import { cn } from '@/lib/cn';
import { copyText } from '@/ui/copy-button';
import type { LogEntry } from './use-preview-logs';

const label = (n: number) => `${n} runtime error${n === 1 ? '' : 's'}`;

function Badge({ count, className, ...props }: React.ComponentProps<'button'> & { count: number }) {
  return (
    <button
      type="button"
      data-testid="preview-error-count"
      data-count={count}
      aria-label={`${label(count)}, show`}
      className={cn(
        'flex h-7 shrink-0 items-center gap-1 rounded-full bg-destructive/10 px-2 text-xs font-semibold text-destructive tabular-nums outline-none hover:bg-destructive/15 focus-visible:ring-[3px] focus-visible:ring-destructive/30',
        className,
      )}
      {...props}
    >
      <Bug className="size-3.5" aria-hidden="true" />
      {count > 99 ? '99+' : count}
    </button>
  );
}

/**
 * The count of runtime errors on the preview's toolbar. With machine logs on it opens the logs
 * (errors only); without, a short list of the latest errors to read or copy into the chat.
 */
export function RuntimeErrorBadge({ errors, onShowLogs }: { errors: LogEntry[]; onShowLogs?: () => void }) {
  if (errors.length === 0) return null;
  if (onShowLogs) return <Badge count={errors.length} onClick={onShowLogs} />;

  const latest = errors.slice(-5).reverse();
  const copy = async () => {
    const text = errors.map((e) => (e.location ? `${e.message}\n    at ${e.location}` : e.message)).join('\n\n');
    if (await copyText(text)) toast.success('Errors copied');
    else toast.error('Could not copy. Select the errors and copy them yourself.');
  };

  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Badge count={errors.length} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          data-testid="preview-runtime-errors"
          className="z-50 grid w-[min(24rem,calc(100vw-1rem))] gap-3 rounded-lg border bg-popover p-3 text-popover-foreground shadow-md outline-none"
        >
          <p className="text-sm font-semibold">{label(errors.length)} in the running app</p>
          <ol className="grid max-h-60 gap-1.5 overflow-y-auto">
            {latest.map((e) => (
              <li key={e.id} className="rounded-md bg-destructive/8 px-2 py-1.5 font-mono text-xs">
                <span className="line-clamp-4 break-words whitespace-pre-wrap text-destructive">{e.message}</span>
                {e.location ? <span className="mt-0.5 block break-all text-muted-foreground">{e.location}</span> : null}
              </li>
            ))}
          </ol>
          {errors.length > latest.length ? <p className="text-xs text-muted-foreground">Showing the latest {latest.length}.</p> : null}
          <p className="flex gap-2 text-xs text-muted-foreground">
            <MessageSquareText className="size-3.5 shrink-0 text-primary" aria-hidden="true" />
            Ask Sprout in the chat to fix it; paste the errors to help.
          </p>
          <Button variant="outline" size="sm" onClick={copy} className="justify-self-end">
            <Copy aria-hidden="true" /> Copy errors
          </Button>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
