'use client';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'next/navigation';
import type { ChatState } from '../chat/chat-state';
import type { RunView } from '../chat/run-view';
import { useChatSession, useChatState } from '../chat/use-chat-session';

/** How long a first prompt in the address may take to become a reply before the preview stops waiting for it. */
const FIRST_PROMPT_WAIT_MS = 20_000;

const selectActiveRun = (s: ChatState): RunView | null => {
  const run = s.activeRunId ? s.runs[s.activeRunId] : undefined;
  return run && run.status === 'running' ? run : null;
};
const selectSending = (s: ChatState) => s.sending;

/**
 * The reply the preview follows: the project's run being written (its events drive the preview's
 * status), and whether one is under way — also while a message is being sent, and from the moment
 * a page opened with a first prompt (`?prompt=`) until that prompt's reply starts, so the preview
 * never shows the starter as if it were the app being asked for.
 */
export function usePreviewRun(sproutId: string): { run: RunView | null; underWay: boolean } {
  const session = useChatSession(sproutId);
  const run = useChatState(session, selectActiveRun);
  const sending = useChatState(session, selectSending);
  const hasPrompt = useSearchParams().get('prompt') !== null;
  const [firstPrompt, setFirstPrompt] = useState(hasPrompt);

  const settle = useCallback(() => setFirstPrompt(false), []);
  useEffect(() => {
    if (hasPrompt) setFirstPrompt(true);
  }, [hasPrompt]);
  useEffect(() => {
    if (!firstPrompt) return;
    if (run) return settle();
    const t = setTimeout(settle, FIRST_PROMPT_WAIT_MS);
    return () => clearTimeout(t);
  }, [firstPrompt, run, settle]);
  // A send that ended without a reply (refused, the paywall) ends the wait as well.
  const [wasSending, setWasSending] = useState(false);
  useEffect(() => {
    if (sending) setWasSending(true);
    else if (wasSending && !run) {
      setWasSending(false);
      settle();
    }
  }, [sending, wasSending, run, settle]);

  return { run, underWay: !!run || sending || firstPrompt };
}
