'use client';
import { useCallback, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAppServices } from '@/lib/client/app-context';
import { useDevOverrides } from '@/lib/client/dev-overrides';
import { ChatSession, messageFlagOverrides, type ChatDeps, type ChatState } from './chat-session';

const sessions = new Map<string, ChatSession>();

/** One session per project and tab: it outlives the panels, so a remount keeps its runs and streams. */
function chatSessionFor(sproutId: string, deps: ChatDeps): ChatSession {
  let s = sessions.get(sproutId);
  if (!s) {
    s = new ChatSession(sproutId, deps);
    sessions.set(sproutId, s);
  } else {
    s.setDeps(deps);
  }
  return s;
}

/** The project's chat session (one per project and tab), shared by the chat, code and history panels. */
export function useChatSession(sproutId: string): ChatSession {
  const { api, identity, config } = useAppServices();
  const qc = useQueryClient();
  const dev = useDevOverrides();
  // The session outlives renders; it always uses the latest token source and toolbar overrides.
  return chatSessionFor(sproutId, {
    request: (method, path, body) => api.request(method, path, body, { base: 'build' }),
    apiUrl: config.apiUrl,
    getToken: async (force) => dev.impersonationToken ?? (await identity.getIdToken(force)),
    qc,
    flagOverrides: () => messageFlagOverrides(dev.flags as Record<string, unknown>),
  });
}

/** A slice of the session's state; re-renders only when that slice changes. */
export function useChatState<T>(session: ChatSession, select: (s: ChatState) => T): T {
  const get = useCallback(() => select(session.getSnapshot()), [session, select]);
  return useSyncExternalStore(session.subscribe, get, get);
}

export const selectActiveRunId = (s: ChatState) => s.activeRunId;
