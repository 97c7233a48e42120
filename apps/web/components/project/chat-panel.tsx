'use client';
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AlertCircle, ArrowDown, MessagesSquare, RotateCw } from 'lucide-react';
import { useAuth } from '@/lib/client/auth';
import { ApiError } from '@/lib/client/api';
import { useFlags } from '@/lib/client/flags';
import type { Sprout } from '@/lib/client/types';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useBuildApi } from './build-api';
import { PanelEmptyState } from './panel-empty-state';
import { AssistantMessage } from './chat/assistant-message';
import { ChatComposer } from './chat/chat-composer';
import type { ChatAttachment } from './chat/chat-session';
import { runPhase } from './chat/run-view';
import { buildChatItems, type ChatItem } from './chat/turns';
import { buildKeys, type MessageDto } from './chat/types';
import { useChatSession } from './chat/use-chat-session';
import { useStickToBottom } from './chat/use-stick-to-bottom';
import { UserMessage } from './chat/user-message';

export interface ChatPanelProps {
  sprout: Sprout;
  /** The prompt the project was created from (the `prompt` query parameter), handed over exactly once. */
  firstPrompt: string | null;
  /** Called once with `firstPrompt`: the engine sends it as the project's first message. Without it the panel sends it itself. */
  onFirstPrompt?: (text: string) => void;
}

/** What a screen reader hears about the newest reply (only when it changes phase, never per token). */
function announcement(items: ChatItem[]): string {
  const last = [...items].reverse().find((i) => i.kind === 'assistant');
  if (!last || last.kind !== 'assistant' || !last.view) return '';
  const v = last.view;
  if (v.status === 'running') return `Sprout: ${runPhase(v)}`;
  if (v.status === 'finished') return `Sprout finished${v.summary ? `: ${v.summary}` : ''}.`;
  if (v.status === 'failed') return `The reply failed: ${v.error?.message ?? ''}`;
  return 'The reply was stopped.';
}

function ChatSkeleton() {
  return (
    <div className="grid gap-5" aria-busy="true" aria-label="Loading the conversation" data-testid="chat-loading">
      <Skeleton className="ml-auto h-12 w-3/4 rounded-2xl" />
      <div className="flex gap-2.5">
        <Skeleton className="size-7 rounded-full" />
        <div className="grid flex-1 gap-2">
          <Skeleton className="h-4 w-5/6" />
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-16 w-full rounded-xl" />
        </div>
      </div>
    </div>
  );
}

/**
 * The conversation with Sprout: the stored chat, then live replies streaming in (markdown prose,
 * file cards as files are written, checks and fix rounds, the outcome with model and tokens), the
 * input with Stop while a reply is written, Retry after a failure. The project's first prompt
 * (the `prompt` query parameter) goes out through the same send, once.
 */
export function ChatPanel({ sprout, firstPrompt, onFirstPrompt }: ChatPanelProps) {
  const session = useChatSession(sprout.id);
  const state = useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);
  const flags = useFlags();
  const { status } = useAuth();
  const buildApi = useBuildApi();
  const { scrollRef, contentRef, away, toBottom } = useStickToBottom();

  const messages = useQuery({
    queryKey: buildKeys.messages(sprout.id),
    queryFn: () => buildApi<{ messages: MessageDto[] }>('GET', `/sprouts/${encodeURIComponent(sprout.id)}/messages?limit=200`),
    enabled: status === 'signed-in',
  });

  // Only once the signed-in user is known: calls made earlier would go out without a token.
  const ready = status === 'signed-in';
  useEffect(() => {
    if (!ready) return;
    session.attach();
    return () => session.detach();
  }, [session, ready]);

  const handed = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || !firstPrompt || handed.current === firstPrompt) return;
    handed.current = firstPrompt;
    if (onFirstPrompt) onFirstPrompt(firstPrompt);
    else void session.send(firstPrompt, { source: 'first' });
  }, [ready, firstPrompt, onFirstPrompt, session]);

  const items = useMemo(() => {
    const list = buildChatItems(messages.data?.messages ?? [], state.pending, state.runs, state.followed);
    // The first prompt shows at once, even before the signed-in user is known and it can go out.
    if (firstPrompt && !ready) list.push({ kind: 'user', key: 'first-prompt', text: firstPrompt, attachments: [], status: 'sending', createdAt: '' });
    return list;
  }, [messages.data, state.pending, state.runs, state.followed, firstPrompt, ready]);
  const lastAssistant = items.findLastIndex((i) => i.kind === 'assistant');
  const running = !!state.activeRunId;
  const said = announcement(items);

  const onRetry = useCallback(
    (request: { text: string; attachments: ChatAttachment[] }) => {
      toBottom();
      void session.send(request.text, { attachments: request.attachments, source: 'retry' });
    },
    [session, toBottom],
  );
  const onReplay = useCallback((runId: string) => session.replay(runId), [session]);
  const onReconnect = useCallback((runId: string) => session.reconnect(runId), [session]);

  const loading = messages.isPending && items.length === 0;
  const loadError = messages.isError && !messages.data;

  return (
    <div data-testid="chat-panel" data-running={running ? 'true' : undefined} className="flex h-full min-h-0 flex-col">
      <div ref={scrollRef} className="min-h-0 flex-1 overflow-y-auto [overflow-anchor:none]" tabIndex={-1}>
        <div ref={contentRef} className="px-4 pt-4 pb-6">
          {loadError ? (
            <div role="alert" className="mb-4 flex items-start gap-2 rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2.5 text-sm" data-testid="chat-load-error">
              <AlertCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="font-medium">The conversation did not load</p>
                <p className="text-xs break-words text-muted-foreground">
                  {messages.error instanceof ApiError ? (messages.error.serverMessage ?? messages.error.statusText) : 'Check your connection.'}
                </p>
              </div>
              <Button size="sm" variant="outline" className="h-7" onClick={() => void messages.refetch()} disabled={messages.isFetching}>
                <RotateCw className={messages.isFetching ? 'motion-safe:animate-spin' : undefined} aria-hidden="true" /> Retry
              </Button>
            </div>
          ) : null}
          {loading && !loadError ? (
            <ChatSkeleton />
          ) : items.length === 0 ? (
            loadError ? null : (
              <PanelEmptyState icon={MessagesSquare} title="Chat with Sprout">
                Describe what you want to build or change. Sprout writes the code, checks it and shows it in the preview.
              </PanelEmptyState>
            )
          ) : (
            <ol className="grid grid-cols-1 gap-5" aria-label="Messages">
              {items.map((item, i) =>
                item.kind === 'user' ? (
                  <UserMessage key={item.key} item={item} />
                ) : (
                  <AssistantMessage
                    key={item.key}
                    item={item}
                    isLast={i === lastAssistant}
                    stream={item.runId ? state.streams[item.runId] : undefined}
                    onRetry={onRetry}
                    onReplay={onReplay}
                    onReconnect={onReconnect}
                    retrying={state.sending}
                  />
                ),
              )}
            </ol>
          )}
        </div>
      </div>

      <p className="sr-only" role="status" aria-live="polite" aria-atomic="true" data-testid="chat-announcer">
        {said}
      </p>

      <div className="relative shrink-0 px-3 pb-3">
        {away ? (
          <button
            type="button"
            onClick={() => toBottom()}
            data-testid="chat-jump"
            className="absolute -top-11 left-1/2 inline-flex -translate-x-1/2 items-center gap-1 rounded-full border bg-background px-3 py-1.5 text-xs font-medium shadow-md outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <ArrowDown className="size-3.5" aria-hidden="true" /> {running ? 'Follow the reply' : 'Latest messages'}
          </button>
        ) : null}
        <ChatComposer
          session={session}
          running={running}
          stopping={state.stopping}
          sending={state.sending}
          imageUploads={flags.enableImageUploads}
          restore={state.restore}
          empty={items.length === 0 && !loading}
          onSent={() => toBottom(false)}
        />
      </div>
    </div>
  );
}
