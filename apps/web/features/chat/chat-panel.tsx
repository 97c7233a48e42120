'use client';
import { approvalRequest } from '@sprout/core';
import type { KeptPlan, Sprout } from '@sprout/core/contract';
import { useCallback, type ReactNode } from 'react';
import { MessagesSquare } from 'lucide-react';
import { useFlags } from '@/lib/api/flags';
import { QueryLoadError } from '@/ui/load-error';
import { PanelEmptyState } from '@/ui/panel-empty-state';
import { ChatComposer } from './composer/chat-composer';
import type { ChatAttachment } from './session/chat-state';
import { ChatSkeleton, JumpToLatest, MessageList } from './conversation/message-list';
import { MessagesLeft } from './composer/messages-left';
import { HeldMessageBanner } from './composer/held-message-banner';
import { FirstPromptBanner } from './composer/first-prompt-banner';
import { announcement } from './conversation/turns';
import { useChatSession } from './session/use-chat-session';
import { useConversation } from './conversation/use-conversation';
import { useStickToBottom } from './conversation/use-stick-to-bottom';

export interface ChatPanelProps {
  sprout: Sprout;
  /** Above the composer: what the page around the chat needs said there (a version that does not build). */
  notice?: ReactNode;
}

/**
 * The conversation with Sprout: the stored chat, then live replies streaming in (markdown prose,
 * file cards as files are written, checks and fix rounds, the outcome with model and tokens), the
 * input with Stop while a reply is written, Retry after a failure. The project's first prompt
 * (the `prompt` query parameter) goes out through the same send, once — asked first when this tab's
 * create flow did not put it there.
 */
export function ChatPanel({ sprout, notice }: ChatPanelProps) {
  const session = useChatSession(sprout.id);
  const { state, messages, items, loadError, loading, firstPrompt } = useConversation(sprout.id, session);
  const flags = useFlags();
  const { scrollRef, contentRef, away, toBottom } = useStickToBottom();
  const running = !!state.activeRunId;

  const onRetry = useCallback(
    (request: { text: string; attachments: ChatAttachment[] }) => {
      toBottom();
      void session.send(request.text, { attachments: request.attachments, source: 'retry' });
    },
    [session, toBottom],
  );
  const onReplay = useCallback((runId: string) => session.replay(runId), [session]);
  const onReconnect = useCallback((runId: string) => session.reconnect(runId), [session]);
  const onBuildPlan = useCallback(
    (runId: string, request: string, kept: KeptPlan, answers: Record<string, string>, notes: string | null) => {
      toBottom();
      return session.send(approvalRequest(request, kept.plan, answers, notes), { approve: { runId, answers, ...(notes ? { notes } : {}) } });
    },
    [session, toBottom],
  );

  return (
    <div data-testid="chat-panel" data-running={running ? 'true' : undefined} className="flex h-full min-h-0 flex-col">
      <div ref={scrollRef} className="min-h-0 flex-1 overflow-y-auto [overflow-anchor:none]" tabIndex={-1}>
        <div ref={contentRef} className="px-4 pt-4 pb-6">
          {loadError ? (
            <QueryLoadError
              query={messages}
              layout="banner"
              className="mb-4"
              testId="chat-load-error"
              title="The conversation did not load"
              retryLabel="Retry"
            />
          ) : null}
          {loading ? (
            <ChatSkeleton />
          ) : items.length === 0 ? (
            loadError ? null : (
              <PanelEmptyState icon={MessagesSquare} title="Chat with Sprout">
                Describe what you want to build or change. Sprout writes the code, checks it and shows it in the preview.
              </PanelEmptyState>
            )
          ) : (
            <MessageList
              items={items}
              streams={state.streams}
              onRetry={onRetry}
              onReplay={onReplay}
              onReconnect={onReconnect}
              retrying={state.sending}
              onBuildPlan={onBuildPlan}
            />
          )}
        </div>
      </div>

      <p className="sr-only" role="status" aria-live="polite" aria-atomic="true" data-testid="chat-announcer">
        {announcement(items)}
      </p>

      <div className="relative shrink-0 px-3 pb-3">
        {away ? <JumpToLatest running={running} onJump={() => toBottom()} /> : null}
        {firstPrompt.asking !== null ? (
          <FirstPromptBanner
            text={firstPrompt.asking}
            running={running}
            onSend={() => {
              toBottom(false);
              firstPrompt.confirm();
            }}
            onCancel={firstPrompt.dismiss}
          />
        ) : null}
        {notice}
        <HeldMessageBanner session={session} running={running} />
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
        <MessagesLeft />
      </div>
    </div>
  );
}
