'use client';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { AlertCircle, AlertTriangle, Ban, ChevronDown, Hammer, Info, Terminal } from 'lucide-react';
import { Button } from '@/ui/button';
import { Segmented } from '@/ui/segmented';
import { cn } from '@/lib/cn';
import type { LogEntry } from './use-preview-logs';

export type LogFilter = 'all' | 'errors';

const LEVEL_STYLE: Record<LogEntry['level'], { icon: typeof Info; className: string; label: string }> = {
  error: { icon: AlertCircle, className: 'bg-destructive/8 text-destructive', label: 'Error' },
  warn: { icon: AlertTriangle, className: 'bg-warning/10 text-foreground [&_svg]:text-warning', label: 'Warning' },
  info: { icon: Info, className: 'text-foreground', label: 'Info' },
  log: { icon: Terminal, className: 'text-foreground', label: 'Log' },
  debug: { icon: Terminal, className: 'text-muted-foreground', label: 'Debug' },
};

const time = (t: number) => new Date(t).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });

function LogLine({ entry }: { entry: LogEntry }) {
  const style = LEVEL_STYLE[entry.level];
  const Icon = entry.source === 'build' && entry.level === 'info' ? Hammer : style.icon;
  return (
    <li
      className={cn('flex gap-2 border-b border-border/60 px-3 py-1 font-mono text-xs leading-5', style.className)}
      data-testid="preview-log-entry"
      data-level={entry.level}
      data-source={entry.source}
    >
      <Icon className="mt-[3px] size-3.5 shrink-0" aria-label={style.label} />
      <span className="min-w-0 flex-1">
        <span className="break-words whitespace-pre-wrap">{entry.message}</span>
        {entry.location ? <span className="ml-2 text-muted-foreground">{entry.location}</span> : null}
      </span>
      <span className="hidden shrink-0 text-muted-foreground tabular-nums sm:inline">{entry.source === 'build' ? 'build' : time(entry.time)}</span>
    </li>
  );
}

/**
 * The machine logs (showMachineLogs): the version's build output, then what the running app
 * printed and threw. Sticks to the bottom while new lines arrive unless the reader scrolled up.
 */
export function LogsPanel({
  build,
  runtime,
  filter,
  onFilterChange,
  onClear,
  onClose,
}: {
  build: LogEntry[];
  runtime: LogEntry[];
  filter: LogFilter;
  onFilterChange: (filter: LogFilter) => void;
  onClear: () => void;
  onClose: () => void;
}) {
  const all = [...build, ...runtime];
  const shown = filter === 'errors' ? all.filter((e) => e.level === 'error') : all;
  const errorCount = all.filter((e) => e.level === 'error').length;
  const list = useRef<HTMLDivElement>(null);
  const [pinned, setPinned] = useState(true);

  useLayoutEffect(() => {
    const el = list.current;
    if (el && pinned) el.scrollTop = el.scrollHeight;
  }, [shown.length, pinned]);

  useEffect(() => {
    const el = list.current;
    if (!el) return;
    const onScroll = () => setPinned(el.scrollHeight - el.scrollTop - el.clientHeight < 24);
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, []);

  return (
    <section aria-label="Logs" data-testid="preview-logs" className="flex h-44 shrink-0 flex-col border-t bg-background sm:h-56">
      <header className="flex h-9 shrink-0 items-center gap-2 border-b px-2">
        <Terminal className="ml-1 size-3.5 text-muted-foreground" aria-hidden="true" />
        <h2 className="text-xs font-semibold">Logs</h2>
        <Segmented
          value={filter}
          onChange={onFilterChange}
          label="Show"
          className="ml-2 flex h-6 items-center rounded-md p-0.5 text-xs"
          itemClassName="h-5 rounded-[calc(var(--radius)-6px)] px-2 tabular-nums focus-visible:ring-2"
          segments={[
            { value: 'all', label: `All ${all.length}`, testId: 'preview-logs-filter-all' },
            { value: 'errors', label: `Errors ${errorCount}`, testId: 'preview-logs-filter-errors' },
          ]}
        />
        <div className="ml-auto flex items-center gap-1">
          <Button variant="ghost" size="sm" className="h-7 px-2 text-xs" onClick={onClear} disabled={runtime.length === 0} data-testid="preview-logs-clear">
            <Ban className="size-3.5" aria-hidden="true" /> Clear
          </Button>
          <Button variant="ghost" size="icon" className="size-7" onClick={onClose} aria-label="Hide logs">
            <ChevronDown className="size-4" aria-hidden="true" />
          </Button>
        </div>
      </header>
      <div ref={list} className="min-h-0 flex-1 overflow-y-auto" tabIndex={0} aria-label="Log lines">
        {shown.length ? (
          <ol>
            {shown.map((e) => (
              <LogLine key={e.id} entry={e} />
            ))}
          </ol>
        ) : (
          <p className="px-3 py-4 text-xs text-muted-foreground">
            {filter === 'errors' ? 'No errors. ' : ''}What the app prints with console.log, and any errors it throws, show up here.
          </p>
        )}
      </div>
    </section>
  );
}
