'use client';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useAuth } from '@/lib/api/auth';
import { previewStoreFor } from '@/features/preview';
import { useChatMessages } from '../queries';
import { useFirstPrompt } from '../use-first-prompt';
import type { ChatSession } from '../session/chat-session';
import { buildChatItems } from './turns';

/**
 * What the chat panel shows: the stored chat merged with what this page sent and follows, the
 * project's first prompt handed over once (or waiting for the person's yes), and the session
 * attached while the panel is on screen.
 */
export function useConversation(sproutId: string, session: ChatSession) {
  const state = useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);
  const messages = useChatMessages(sproutId);
  // Only once the signed-in user is known: calls made earlier would go out without a token.
  const ready = useAuth().status === 'signed-in';

  useEffect(() => {
    if (!ready) return;
    session.attach();
    return () => session.detach();
  }, [session, ready]);

  // A new project's first message asks for a plan (free): the person sees what was understood, picks
  // a design and answers its questions before a message is spent. A prompt a link brought to a
  // project (sent once the person says yes) is sent as it was asked.
  const sendFirst = useCallback((text: string, created: boolean) => void session.send(text, { source: 'first', mode: created ? 'plan' : 'build' }), [session]);
  // The preview keeps the starter covered until the first prompt's reply starts.
  const expectReply = useCallback(() => previewStoreFor(sproutId).expectFirstPrompt(), [sproutId]);
  const firstPrompt = useFirstPrompt(sproutId, ready ? sendFirst : null, expectReply);
  const waiting = firstPrompt.waiting;

  const items = useMemo(() => {
    const list = buildChatItems(messages.data?.messages ?? [], state.pending, state.runs, state.followed);
    // The first prompt shows at once, even before the signed-in user is known and it can go out.
    if (waiting && !ready) list.push({ kind: 'user', key: 'first-prompt', text: waiting, attachments: [], status: 'sending', createdAt: '' });
    return list;
  }, [messages.data, state.pending, state.runs, state.followed, waiting, ready]);

  const loadError = messages.isError && !messages.data;
  return { state, messages, items, loadError, loading: messages.isPending && items.length === 0 && !loadError, firstPrompt };
}
