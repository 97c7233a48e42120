'use client';
import { memo, type ReactNode } from 'react';
import { CircleAlert, CircleCheck, CircleStop, ListTree, LoaderCircle, RotateCw, Sprout, TriangleAlert, WifiOff } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { ChatAttachment, StreamState } from './chat-session';
import { FileCardList } from './file-card';
import { Markdown } from './markdown';
import { RunStep } from './run-steps';
import { formatDuration, formatTokens, modelLabel, runPhase, type FilePart, type RunPart, type RunView } from './run-view';
import type { ChatItem } from './turns';

type AssistantItem = Extract<ChatItem, { kind: 'assistant' }>;

function Typing({ label }: { label: string }) {
  return (
    <span className="inline-flex h-5 items-center gap-1" title={label} aria-hidden="true">
      {[0, 150, 300].map((d) => (
        <span key={d} className="size-1.5 rounded-full bg-muted-foreground/60 motion-safe:animate-pulse" style={{ animationDelay: `${d}ms` }} />
      ))}
    </span>
  );
}

/** Text, file cards (consecutive ones grouped), checks, fix rounds and problems, in the order they happened. */
function Parts({ view }: { view: RunView }) {
  const out: ReactNode[] = [];
  const running = view.status === 'running';
  const lastFix = running ? view.parts.findLastIndex((p) => p.type === 'fix') : -1;
  const lastIsFix = lastFix !== -1 && view.parts.slice(lastFix + 1).every((p) => p.type === 'text' && !p.text.trim());
  let files: FilePart[] = [];
  const flushFiles = () => {
    if (files.length) out.push(<FileCardList key={`files-${files[0]!.id}`} parts={files} />);
    files = [];
  };
  view.parts.forEach((p: RunPart, i) => {
    if (p.type === 'file') {
      files.push(p);
      return;
    }
    flushFiles();
    if (p.type === 'text') {
      if (p.text.trim()) out.push(<Markdown key={p.id} text={p.text} />);
      return;
    }
    out.push(<RunStep key={p.id} part={p} active={lastIsFix && i === lastFix} />);
  });
  flushFiles();
  return <>{out}</>;
}

function RunMeta({ view }: { view: RunView }) {
  if (!view.model && view.tokensIn === null) return null;
  const bits: string[] = [];
  if (view.model) bits.push(modelLabel(view.model));
  if (view.tokensIn !== null || view.tokensOut !== null) bits.push(`${formatTokens(view.tokensIn)} in · ${formatTokens(view.tokensOut)} out tokens`);
  const d = view.status === 'running' ? '' : formatDuration(view.durationMs);
  if (d) bits.push(d);
  if (view.fixRounds > 0) bits.push(`${view.fixRounds} fix round${view.fixRounds === 1 ? '' : 's'}`);
  return (
    <p data-testid="run-meta" className="mt-1.5 truncate text-[11px] text-muted-foreground tabular-nums" title={view.model ?? undefined}>
      {bits.join(' · ')}
    </p>
  );
}

export interface AssistantMessageProps {
  item: AssistantItem;
  isLast: boolean;
  stream: StreamState | undefined;
  onRetry: (request: { text: string; attachments: ChatAttachment[] }) => void;
  onReplay: (runId: string) => void;
  onReconnect: (runId: string) => void;
  retrying: boolean;
}

/** One reply of Sprout: streaming prose and file cards, then the outcome (summary, failure with Retry, stop) and its model and tokens. */
export const AssistantMessage = memo(function AssistantMessage({ item, isLast, stream, onRetry, onReplay, onReconnect, retrying }: AssistantMessageProps) {
  const view = item.view;
  const status = view?.status;
  const running = status === 'running';
  const prose = !item.detailed && item.content?.trim() ? item.content : null;
  const loadingDetails = !!item.runId && !item.detailed && (stream === 'connecting' || stream === 'open') && !running;

  return (
    <li className="flex min-w-0 gap-2.5" data-testid="chat-message" data-role="assistant" data-run-id={item.runId ?? undefined}>
      <span className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full border bg-primary/10 text-primary" aria-hidden="true">
        <Sprout className="size-3.5" />
      </span>
      <div className="min-w-0 flex-1 pt-0.5">
        <span className="sr-only">Sprout:</span>
        {!view ? (
          <>
            <Typing label="Sending your message" />
            <span className="sr-only">Sending your message…</span>
          </>
        ) : item.detailed ? (
          <Parts view={view} />
        ) : prose ? (
          <Markdown text={prose} />
        ) : null}

        {view && running ? (
          <div data-testid="run-status" data-status="running" className="mt-1.5 flex min-h-5 items-center gap-2 text-xs text-muted-foreground">
            {view.parts.length === 0 && !item.detailed ? <Typing label={runPhase(view)} /> : <LoaderCircle className="size-3.5 shrink-0 text-primary motion-safe:animate-spin" aria-hidden="true" />}
            <span className="truncate">{runPhase(view)}</span>
            {stream === 'reconnecting' || stream === 'offline' ? (
              <span className="inline-flex shrink-0 items-center gap-1 text-foreground">
                <WifiOff className="size-3" aria-hidden="true" /> {stream === 'offline' ? 'Offline — waiting for the network' : 'Reconnecting…'}
              </span>
            ) : null}
          </div>
        ) : null}

        {view && running && stream === 'lost' ? (
          <div role="alert" className="mt-2 flex flex-wrap items-center gap-2 rounded-lg border border-warning/40 bg-warning/10 px-3 py-2 text-xs">
            <WifiOff className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="min-w-0 flex-1">Lost the connection to this reply. Sprout keeps working on it.</span>
            <Button size="sm" variant="outline" className="h-7" onClick={() => item.runId && onReconnect(item.runId)}>
              Reconnect
            </Button>
          </div>
        ) : null}

        {view && status === 'finished' ? (
          <div data-testid="run-status" data-status="finished" className="mt-2">
            {view.version || view.summary ? (
              <div data-testid="run-summary" className="flex items-start gap-2 rounded-lg border bg-muted/40 px-3 py-2 text-xs">
                <CircleCheck className="mt-px size-3.5 shrink-0 text-primary" aria-hidden="true" />
                <span className="min-w-0 flex-1">
                  {view.summary ? <span className="font-medium text-foreground">{view.summary}</span> : null}
                  {view.version ? <span className="text-muted-foreground">{view.summary ? ' · ' : ''}Version {view.version.number}</span> : null}
                </span>
              </div>
            ) : !prose && !item.detailed ? (
              <p className="text-xs text-muted-foreground">No changes.</p>
            ) : null}
            {view.remainingIssues > 0 ? (
              <p className="mt-1.5 flex items-start gap-1.5 text-xs text-muted-foreground">
                <TriangleAlert className="mt-px size-3.5 shrink-0 text-warning" aria-hidden="true" />
                {view.remainingIssues} problem{view.remainingIssues === 1 ? '' : 's'} remained after the automatic fixes. Ask Sprout to fix {view.remainingIssues === 1 ? 'it' : 'them'}.
              </p>
            ) : null}
          </div>
        ) : null}

        {view && status === 'failed' ? (
          <div data-testid="run-status" data-status="failed" role="alert" className="mt-2 rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2.5 text-sm">
            <p className="flex items-center gap-2 font-medium text-destructive">
              <CircleAlert className="size-4 shrink-0" aria-hidden="true" /> This reply failed
            </p>
            <p data-testid="run-error" className="mt-1 text-sm break-words text-foreground/90">
              {view.error?.message ?? 'Something went wrong.'}
            </p>
            <p className="mt-1 text-xs text-muted-foreground">
              Your project was not changed{view.kind === 'message' ? ' and this message was not counted' : ''}.
            </p>
            {isLast && item.request ? (
              <Button size="sm" variant="outline" className="mt-2 h-8" data-testid="chat-retry" disabled={retrying} onClick={() => onRetry(item.request!)}>
                <RotateCw className={cn('size-3.5', retrying && 'motion-safe:animate-spin')} aria-hidden="true" /> Retry
              </Button>
            ) : null}
          </div>
        ) : null}

        {view && status === 'stopped' ? (
          <p data-testid="run-status" data-status="stopped" className="mt-2 flex items-center gap-1.5 text-xs text-muted-foreground">
            <CircleStop className="size-3.5 shrink-0" aria-hidden="true" /> Stopped. Your project was not changed.
          </p>
        ) : null}

        {view && status === 'finished' && item.runId && !item.detailed ? (
          <button
            type="button"
            onClick={() => onReplay(item.runId!)}
            disabled={loadingDetails}
            data-testid="run-details"
            className="mt-1.5 inline-flex items-center gap-1 rounded text-[11px] text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            {loadingDetails ? <LoaderCircle className="size-3 motion-safe:animate-spin" aria-hidden="true" /> : <ListTree className="size-3" aria-hidden="true" />}
            {loadingDetails ? 'Loading details…' : 'Show files and checks'}
          </button>
        ) : null}

        {view ? <RunMeta view={view} /> : null}
      </div>
    </li>
  );
});
