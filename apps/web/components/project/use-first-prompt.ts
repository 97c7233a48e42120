'use client';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'next/navigation';
import { clampPrompt, fnv1a32, isBlankPrompt } from '@sprout/core';

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
 * The `prompt` query parameter of /build/{id} (SPEC §2 create flow), handed out exactly once per
 * project and prompt: remembered in sessionStorage so a reload, Back or a second effect run does
 * not send it again, and removed from the URL (other parameters such as `modal` stay).
 */
export function useFirstPrompt(projectId: string): string | null {
  const param = useSearchParams().get('prompt');
  const [prompt, setPrompt] = useState<string | null>(null);

  useEffect(() => {
    if (param === null) return;
    // After this commit: on first mount children's effects run before the app router's own, which
    // patches history so it learns of replaceState calls. Called earlier, Next would not know the
    // address changed and would put ?prompt= back on its next refresh.
    const drop = setTimeout(() => dropQueryParam('prompt'), 0);
    const text = clampPrompt(param);
    if (isBlankPrompt(text)) return;
    const key = firstPromptKey(projectId, text);
    let seen = false;
    try {
      seen = sessionStorage.getItem(key) !== null;
      if (!seen) sessionStorage.setItem(key, new Date().toISOString());
    } catch {
      // Storage blocked: the URL no longer carries the prompt, so it still goes out only once.
    }
    if (!seen) setPrompt(text);
    return () => clearTimeout(drop);
  }, [param, projectId]);

  return prompt;
}
