'use client';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'next/navigation';
import { clampPrompt, fnv1a32, isBlankPrompt } from '@sprout/core';
import { claimOnce } from '@/lib/client/once';

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

/**
 * The `prompt` query parameter of /build/{id} (SPEC §2 create flow) becomes the project's first
 * chat message exactly once per project and prompt (lib/client/once: a reload, Back or a second
 * effect run does not send it again), through `send` — the chat's own send — once there is one
 * (the signed-in user is known). The parameter leaves the URL (others such as `modal` stay).
 * Returns the prompt while it waits to go out, for the chat to show at once.
 */
export function useFirstPrompt(projectId: string, send: ((text: string) => void) | null): string | null {
  const param = useSearchParams().get('prompt');
  const [waiting, setWaiting] = useState<string | null>(null);

  useEffect(() => {
    if (param === null) return;
    // After this commit: on first mount children's effects run before the app router's own, which
    // patches history so it learns of replaceState calls. Called earlier, Next would not know the
    // address changed and would put ?prompt= back on its next refresh.
    const drop = setTimeout(() => dropQueryParam('prompt'), 0);
    const text = clampPrompt(param);
    if (!isBlankPrompt(text) && claimOnce(firstPromptKey(projectId, text))) setWaiting(text);
    return () => clearTimeout(drop);
  }, [param, projectId]);

  useEffect(() => {
    if (waiting === null || !send) return;
    setWaiting(null);
    send(waiting);
  }, [waiting, send]);

  return waiting;
}
