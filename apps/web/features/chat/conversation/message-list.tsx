'use client';
import { useMemo, type ReactNode } from 'react';
import { ArrowDown, History, Undo2 } from 'lucide-react';
import { useVersions } from '@/features/versions';
import { versionNameInline } from '@/lib/version-label';
import { Skeleton, Skeletons } from '@/ui/skeleton';
import { useWorkspaceNav } from '@/features/workspace-nav';
import { AssistantMessage, type AssistantMessageProps } from './assistant-message';
import type { StreamState } from '../session/chat-state';
import { restoreMarks, type RestoreMark } from './restore-marks';
import type { ChatItem } from './turns';
import { UserMessage } from './user-message';

export function ChatSkeleton() {
  return (
    <Skeletons className="gap-5" label="Loading the conversation" testId="chat-loading" bars={['ml-auto h-12 w-3/4 rounded-2xl']}>
      <div className="flex gap-2.5">
        <Skeleton className="size-7 rounded-full" />
        <Skeletons className="flex-1" bars={['h-4 w-5/6', 'h-4 w-2/3', 'h-16 w-full rounded-xl']} />
      </div>
    </Skeletons>
  );
}

const restoredName = (mark: RestoreMark) => (mark.restoredNumber === null ? (mark.summary ?? 'an earlier state') : versionNameInline(mark.restoredNumber));

/** A restore made in History, where it happened in the conversation. */
function RestoreLine({ mark }: { mark: RestoreMark }) {
  return (
    <li data-testid="chat-restore" data-version-id={mark.versionId} className="flex items-center gap-2 text-xs text-muted-foreground">
      <span className="h-px flex-1 bg-border" aria-hidden="true" />
      <History className="size-3.5 shrink-0" aria-hidden="true" />
      <span className="min-w-0 text-center">
        {mark.restoredNumber === null ? mark.summary : `Restored ${restoredName(mark)}`} · saved as {versionNameInline(mark.number)}
      </span>
      <span className="h-px flex-1 bg-border" aria-hidden="true" />
    </li>
  );
}

/** Under a reply whose work a later restore undid. */
function SupersededNote({ mark }: { mark: RestoreMark }) {
  return (
    <li data-testid="chat-superseded" className="-mt-3 ml-9 flex items-center gap-1.5 text-[11px] text-muted-foreground">
      <Undo2 className="size-3 shrink-0" aria-hidden="true" />
      Undone when {restoredName(mark)} was restored
    </li>
  );
}

/** The project's restores and the replies they undid (from its versions; none outside a project page). */
function useRestores() {
  const nav = useWorkspaceNav();
  const versions = useVersions(nav?.sproutId ?? '', !!nav);
  return useMemo(() => restoreMarks(versions.data?.versions ?? []), [versions.data]);
}

/** The conversation in order, with the restores made in History; only the newest reply offers Retry. */
export function MessageList({
  items,
  streams,
  ...replyProps
}: { items: ChatItem[]; streams: Record<string, StreamState> } & Pick<
  AssistantMessageProps,
  'onRetry' | 'onReplay' | 'onReconnect' | 'retrying' | 'onBuildPlan'
>) {
  const lastAssistant = items.findLastIndex((i) => i.kind === 'assistant');
  const { restores, superseded } = useRestores();
  const out: ReactNode[] = [];
  let next = 0;
  const restoresUntil = (time: string | null) => {
    while (next < restores.length && (time === null || restores[next]!.createdAt <= time)) {
      const mark = restores[next++]!;
      out.push(<RestoreLine key={`restore-${mark.versionId}`} mark={mark} />);
    }
  };
  items.forEach((item, i) => {
    if (item.createdAt) restoresUntil(item.createdAt);
    if (item.kind === 'user') {
      out.push(<UserMessage key={item.key} item={item} />);
      return;
    }
    out.push(
      <AssistantMessage key={item.key} item={item} isLast={i === lastAssistant} stream={item.runId ? streams[item.runId] : undefined} {...replyProps} />,
    );
    const undoneBy = item.runId ? superseded.get(item.runId) : undefined;
    if (undoneBy) out.push(<SupersededNote key={`undone-${item.key}`} mark={undoneBy} />);
  });
  restoresUntil(null);
  return (
    <ol className="grid grid-cols-1 gap-5" aria-label="Messages">
      {out}
    </ol>
  );
}

/** Shown when the person scrolled up: back to the newest message (and to following the reply). */
export function JumpToLatest({ running, onJump }: { running: boolean; onJump: () => void }) {
  return (
    <button
      type="button"
      onClick={onJump}
      data-testid="chat-jump"
      className="absolute -top-11 left-1/2 inline-flex -translate-x-1/2 items-center gap-1 rounded-full border bg-background px-3 py-1.5 text-xs font-medium shadow-md outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <ArrowDown className="size-3.5" aria-hidden="true" /> {running ? 'Follow the reply' : 'Latest messages'}
    </button>
  );
}
