'use client';
import { useCallback, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAppServices } from '@/lib/client/app-context';
import { buildCalls, buildPaths } from '@/lib/client/build-api';
import { useDevOverrides } from '@/lib/client/dev-overrides';
import { onPreviewMessage } from '../preview/preview-events';
import { ChatSender } from './chat-sender';
import { ChatSession } from './chat-session';
import { messageFlagOverrides, type ChatDeps, type ChatState } from './chat-state';
import { ChatStore } from './chat-store';
import { ProjectCaches } from './project-caches';
import { runEffects } from './run-effects';
import { RunFollower } from './run-follower';
import { RuntimeErrorForwarder } from './runtime-errors';

/**
 * Wires one project's chat: the store, the follower of its runs, what a live run does beyond the
 * chat (caches, sound, runtime errors), and the sender. Every part reads `deps` when it acts, so
 * the session always uses the latest token source, query client and toolbar overrides.
 */
function createChatSession(sproutId: string, deps: { current: ChatDeps }): ChatSession {
  const calls = () => buildCalls(deps.current.request);
  const store = new ChatStore();
  const caches = new ProjectCaches(sproutId, () => deps.current.qc);
  const active = () => store.getSnapshot().activeRunId;
  // Created before the follower it reports fix runs to; `follower` is set just below.
  let follower: RunFollower;
  const runtime = new RuntimeErrorForwarder(
    () => deps.current.request,
    (runId) => !!active() && active() !== runId,
    (runId) => follower.follow(runId, { live: true, kind: 'runtime-fix' }),
  );
  follower = new RunFollower({
    sproutId,
    store,
    calls,
    eventsUrl: (runId) => `${deps.current.apiUrl}${buildPaths.runEvents(runId)}`,
    getToken: (force) => deps.current.getToken(force),
    listener: runEffects(store, caches, runtime),
  });
  const sender = new ChatSender({ sproutId, store, follower, calls, flagOverrides: () => deps.current.flagOverrides() });
  return new ChatSession({
    sproutId,
    store,
    follower,
    sender,
    listenToPreview: (onMessage) => onPreviewMessage(sproutId, onMessage),
    onPreviewMessage: (m) => runtime.onMessage(m),
  });
}

const sessions = new Map<string, { session: ChatSession; deps: { current: ChatDeps } }>();

/** One session per project and tab: it outlives the panels, so a remount keeps its runs and streams. */
function chatSessionFor(sproutId: string, deps: ChatDeps): ChatSession {
  let entry = sessions.get(sproutId);
  if (!entry) {
    const ref = { current: deps };
    entry = { session: createChatSession(sproutId, ref), deps: ref };
    sessions.set(sproutId, entry);
  } else {
    entry.deps.current = deps;
  }
  return entry.session;
}

/** The project's chat session (one per project and tab), shared by the chat, code and history panels. */
export function useChatSession(sproutId: string): ChatSession {
  const { api, identity, config } = useAppServices();
  const qc = useQueryClient();
  const dev = useDevOverrides();
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
