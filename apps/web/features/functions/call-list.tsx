'use client';
import type { FunctionLogs } from '@sprout/core/contract';
import { RelativeTime } from '@/ui/relative-time';

const OUTCOME: Record<string, string> = {
  ok: 'answered',
  threw: 'threw an error',
  timeout: 'ran too long and was stopped',
  cpu: 'computed too long and was stopped',
  crashed: 'crashed or ran out of memory',
  too_large: 'answered too much',
  unavailable: 'could not start',
  not_found: 'was not found',
};
const TRIGGER: Record<string, string> = { request: '', schedule: 'on schedule', 'run-now': 'run by hand' };

/** The newest calls: when, which function, how it ended and in how long, what it logged, and its error. */
export function CallList({ calls }: { calls: FunctionLogs['calls'] }) {
  if (calls.length === 0)
    return (
      <p className="text-sm text-muted-foreground" data-testid="calls-empty">
        No calls yet. Calls from your app, its schedules and Run now appear here with what each function logged.
      </p>
    );
  return (
    <ol className="grid gap-2" data-testid="call-list">
      {calls.map((c) => (
        <li key={c.id} className="rounded-lg border p-2 text-sm" data-testid="function-call">
          <div className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-mono font-medium">{c.name}</span>
            <span className={c.outcome === 'ok' ? 'text-muted-foreground' : 'font-medium text-destructive'}>
              {OUTCOME[c.outcome] ?? c.outcome}
              {c.status !== null ? ` (${c.status})` : ''}
            </span>
            <span className="text-xs text-muted-foreground">
              {c.durationMs} ms {TRIGGER[c.trigger] ?? ''}
            </span>
            <RelativeTime iso={c.createdAt} className="ml-auto text-xs text-muted-foreground" />
          </div>
          {c.logs.length > 0 || c.error ? (
            <pre className="mt-1 max-h-48 overflow-auto whitespace-pre-wrap break-words rounded bg-muted p-2 font-mono text-xs" data-testid="call-log">
              {[...c.logs, ...(c.error ? [c.error.stack ?? c.error.message] : [])].join('\n')}
            </pre>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
