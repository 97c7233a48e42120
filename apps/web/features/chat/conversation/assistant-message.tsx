'use client';
import { memo, useState, type ReactNode } from 'react';
import { ChevronRight, CircleStop, ListTree, LoaderCircle, Sprout, WifiOff } from 'lucide-react';
import { Button } from '@/ui/button';
import type { ChatAttachment, StreamState } from '../session/chat-state';
import { FileCardList } from './file-card';
import { Markdown } from './markdown';
import { RunStep } from './run-steps';
import { runPhase } from './run-labels';
import { Failed, Finished, RunMeta, Typing } from './run-outcome';
import { sharingLead, type FilePart, type RunPart, type RunView } from '../session/run-view';
import type { ChatItem } from './turns';
import { PlanCard } from './plan-card';
import { PlanChecklist } from './plan-checklist';
import type { KeptPlan } from '@sprout/core/contract';

type AssistantItem = Extract<ChatItem, { kind: 'assistant' }>;

/**
 * Text, file cards (consecutive ones grouped), checks, fix rounds and problems, in the order they happened;
 * who sees what in the app first, once the version says (unless the reply already opens with it).
 */
function Parts({ view, details }: { view: RunView; details: boolean }) {
  const out: ReactNode[] = [];
  const lead = sharingLead(view);
  if (lead) out.push(<Markdown key="sharing" text={lead} />);
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
    out.push(<RunStep key={p.id} part={p} active={lastIsFix && i === lastFix} details={details} />);
  });
  flushFiles();
  return <>{out}</>;
}

export interface AssistantMessageProps {
  item: AssistantItem;
  isLast: boolean;
  stream: StreamState | undefined;
  onRetry: (request: { text: string; attachments: ChatAttachment[] }) => void;
  onReplay: (runId: string) => void;
  onReconnect: (runId: string) => void;
  retrying: boolean;
  /** Build on a plan reply (its run, the request it answered, the answers picked and the changes written). */
  onBuildPlan: (runId: string, request: string, kept: KeptPlan, answers: Record<string, string>, notes: string | null) => Promise<boolean>;
}

/** One reply of Sprout: streaming prose and file cards, then the outcome (summary, failure with Retry, stop) and its model and tokens. */
export const AssistantMessage = memo(function AssistantMessage({
  item,
  isLast,
  stream,
  onRetry,
  onReplay,
  onReconnect,
  retrying,
  onBuildPlan,
}: AssistantMessageProps) {
  const view = item.view;
  const status = view?.status;
  const running = status === 'running';
  const prose = !item.detailed && item.content?.trim() ? item.content : null;
  const loadingDetails = !!item.runId && !item.detailed && (stream === 'connecting' || stream === 'open') && !running;
  // Engineer details (model, tokens, duration, what the checks skipped) stay folded away: most people never need them.
  const [details, setDetails] = useState(false);
  const hasMeta = !!view && !running && (!!view.model || view.tokensIn !== null);

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
          <Parts view={view} details={details} />
        ) : prose ? (
          <Markdown text={prose} />
        ) : null}

        {view && running ? (
          <div data-testid="run-status" data-status="running" className="mt-1.5 flex min-h-5 items-center gap-2 text-xs text-muted-foreground">
            {view.parts.length === 0 && !item.detailed ? (
              <Typing label={runPhase(view)} />
            ) : (
              <LoaderCircle className="size-3.5 shrink-0 text-primary motion-safe:animate-spin" aria-hidden="true" />
            )}
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

        {view?.plan && item.runId ? (
          <PlanCard
            runId={item.runId}
            kept={view.plan}
            onBuild={(answers, notes) => onBuildPlan(item.runId!, item.request?.text ?? view.plan!.plan.summary, view.plan!, answers, notes)}
          />
        ) : view && status === 'finished' ? (
          <Finished view={view} noText={!prose && !item.detailed} />
        ) : null}
        {view?.checklist?.length ? <PlanChecklist items={view.checklist} /> : null}

        {view && status === 'failed' ? <Failed view={view} retrying={retrying} onRetry={isLast && item.request ? () => onRetry(item.request!) : null} /> : null}

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
            {loadingDetails ? (
              <LoaderCircle className="size-3 motion-safe:animate-spin" aria-hidden="true" />
            ) : (
              <ListTree className="size-3" aria-hidden="true" />
            )}
            {loadingDetails ? 'Loading details…' : 'Show files and checks'}
          </button>
        ) : null}

        {hasMeta ? (
          <button
            type="button"
            onClick={() => setDetails((d) => !d)}
            aria-expanded={details}
            data-testid="run-meta-toggle"
            className="mt-1.5 ml-3 inline-flex items-center gap-0.5 rounded text-[11px] text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <ChevronRight className={`size-3 transition-transform ${details ? 'rotate-90' : ''}`} aria-hidden="true" />
            Details
          </button>
        ) : null}
        {view && details ? <RunMeta view={view} /> : null}
      </div>
    </li>
  );
});
