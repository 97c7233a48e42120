'use client';
import { ArrowDown } from 'lucide-react';
import { Skeleton, Skeletons } from '@/components/ui/skeleton';
import { AssistantMessage, type AssistantMessageProps } from './assistant-message';
import type { StreamState } from './chat-state';
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

/** The conversation in order; only the newest reply offers Retry. */
export function MessageList({
  items,
  streams,
  ...replyProps
}: { items: ChatItem[]; streams: Record<string, StreamState> } & Pick<AssistantMessageProps, 'onRetry' | 'onReplay' | 'onReconnect' | 'retrying'>) {
  const lastAssistant = items.findLastIndex((i) => i.kind === 'assistant');
  return (
    <ol className="grid grid-cols-1 gap-5" aria-label="Messages">
      {items.map((item, i) =>
        item.kind === 'user' ? (
          <UserMessage key={item.key} item={item} />
        ) : (
          <AssistantMessage key={item.key} item={item} isLast={i === lastAssistant} stream={item.runId ? streams[item.runId] : undefined} {...replyProps} />
        ),
      )}
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
