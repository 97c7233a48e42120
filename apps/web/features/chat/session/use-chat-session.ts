'use client';
import { useCallback, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { routeUrl } from '@/lib/api/route-url';
import { useAppServices } from '@/lib/api/services';
import { runEvents } from '@sprout/core/routes';
import { chatCalls } from '../api';
import { useDevOverrides } from '@/lib/api/dev-overrides';
import { previewStoreFor } from '@/features/preview';
import { ChatSender } from './chat-sender';
import { ChatSession } from './chat-session';
import { messageFlagOverrides, type ChatDeps, type ChatState } from './chat-state';
import { ChatStore } from './chat-store';
import { ProjectCaches } from './project-caches';
import { runEffects } from './run-effects';
import { RunFollower } from './run-follower';
import { replyActivity } from './run-phase';
import { RuntimeErrorForwarder } from './runtime-errors';

/**
 * Wires one project's chat: the store, the follower of its runs, what a live run does beyond the
 * chat (caches, the preview, sound, runtime errors), and the sender. Every part reads `deps` when it acts, so
 * the session always uses the latest token source, query client and toolbar overrides.
 */
function createChatSession(sproutId: string, deps: { current: ChatDeps }): ChatSession {
  const calls = () => chatCalls(deps.current.call);
  const store = new ChatStore();
  const preview = previewStoreFor(sproutId);
  const caches = new ProjectCaches(sproutId, () => deps.current.qc, preview);
  const active = () => store.getSnapshot().activeRunId;
  // Created before the follower it reports fix runs to; `follower` is set just below.
  let follower: RunFollower;
  const runtime = new RuntimeErrorForwarder(
    () => deps.current.call,
    (runId) => !!active() && active() !== runId,
    (runId) => follower.follow(runId, { live: true, kind: 'runtime-fix' }),
  );
  follower = new RunFollower({
    sproutId,
    store,
    calls,
    eventsUrl: (runId) => deps.current.eventsUrl(runId),
    getToken: (force) => deps.current.getToken(force),
    listener: runEffects(store, caches, runtime),
  });
  // The preview's status and the starter's cover follow the reply being written.
  preview.followReplies({ subscribe: store.subscribe, get: () => replyActivity(store.getSnapshot()) });
  const sender = new ChatSender({ sproutId, store, follower, calls, flagOverrides: () => deps.current.flagOverrides() });
  return new ChatSession({
    sproutId,
    store,
    follower,
    sender,
    listenToPreview: (onMessage) => preview.onMessage(onMessage),
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
    call: api.call,
    eventsUrl: (runId) => routeUrl(config, runEvents, { params: { id: runId } }),
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
