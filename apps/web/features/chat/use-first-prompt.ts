'use client';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'next/navigation';
import { clampPrompt, fnv1a32, isBlankPrompt } from '@sprout/core';
import { claimOnce, markOnce, readOnce } from '@/lib/browser/once';
import { takeIntent } from '@/lib/browser/intent';

export function firstPromptKey(projectId: string, prompt: string): string {
  return `sprout.firstPrompt.${projectId}.${fnv1a32(prompt).toString(36)}`;
}

/** Removes `name` from the address bar without a navigation, keeping every other parameter. */
function dropQueryParam(name: string): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(name)) return;
  url.searchParams.delete(name);
  // null, not history.state: Next ignores replaceState calls carrying its own state marker, and its
  // router would then put ?prompt= back on the next refresh.
  window.history.replaceState(null, '', `${url.pathname}${url.search}${url.hash}`);
}

export interface FirstPrompt {
  /** The prompt on its way out (shown in the chat at once, sent once the signed-in user is known). */
  waiting: string | null;
  /** A prompt the address brought that this tab's create flow did not start: sent only on `confirm`. */
  asking: string | null;
  confirm: () => void;
  dismiss: () => void;
}

/**
 * The `prompt` query parameter of /build/{id} (the end of the create flow) becomes the project's first
 * chat message exactly once per project and prompt (lib/browser/once: a reload, Back or a second
 * effect run does not send it again), through `send` — the chat's own send, told whether the create
 * flow made the project for it — once there is one (the signed-in user is known). It goes out at once only when this tab's create flow put it in the
 * address (lib/browser/intent), and `goingOut` is called then; any other way here — a
 * link on another site, a typed address, a link through the sign-in page — it is `asking` until the
 * person confirms, since a message spends from their plan. The parameter leaves the URL (others such
 * as `modal` stay).
 */
export function useFirstPrompt(projectId: string, send: ((text: string, created: boolean) => void) | null, goingOut: () => void = () => {}): FirstPrompt {
  const param = useSearchParams().get('prompt');
  // `created`: this tab's create flow made the project for this prompt (a new project's first message).
  const [waiting, setWaiting] = useState<{ text: string; created: boolean } | null>(null);
  const [asking, setAsking] = useState<string | null>(null);

  useEffect(() => {
    if (param === null) return;
    // After this commit: on first mount children's effects run before the app router's own, which
    // patches history so it learns of replaceState calls. Called earlier, Next would not know the
    // address changed and would put ?prompt= back on its next refresh.
    const drop = setTimeout(() => dropQueryParam('prompt'), 0);
    const text = clampPrompt(param);
    const key = firstPromptKey(projectId, text);
    if (isBlankPrompt(text) || readOnce(key)) return () => clearTimeout(drop);
    if (takeIntent({ kind: 'first-prompt', projectId, prompt: text })) {
      markOnce(key);
      setWaiting({ text, created: true });
      goingOut();
    } else setAsking(text);
    return () => clearTimeout(drop);
    // `goingOut` is read when the parameter arrives, not followed.
  }, [param, projectId]);

  useEffect(() => {
    if (waiting === null || !send) return;
    setWaiting(null);
    send(waiting.text, waiting.created);
  }, [waiting, send]);

  const confirm = useCallback(() => {
    if (asking === null) return;
    setAsking(null);
    if (claimOnce(firstPromptKey(projectId, asking))) setWaiting({ text: asking, created: false });
  }, [asking, projectId]);
  const dismiss = useCallback(() => setAsking(null), []);

  return { waiting: waiting?.text ?? null, asking, confirm, dismiss };
}
