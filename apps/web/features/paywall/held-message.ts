/**
 * A message a plan limit stopped, kept through the upgrade: the paywall leads to
 * pricing and checkout, and the page it came from offers to send it on return. Kept in
 * sessionStorage (this tab: the one that goes through checkout) for a few hours, per project, or
 * for a new project's prompt ('new').
 */

const PREFIX = 'sprout.heldMessage.';
const TTL_MS = 6 * 3600_000;

export type HeldScope = string;

/** The scope of a new project's prompt (the home prompt box, "New project"). */
export const NEW_PROJECT = 'new';

export interface HeldMessage {
  text: string;
  at: number;
}

const key = (scope: HeldScope) => `${PREFIX}${scope}`;

export function holdMessage(scope: HeldScope, text: string, now = Date.now()): void {
  if (!text.trim()) return;
  try {
    sessionStorage.setItem(key(scope), JSON.stringify({ text, at: now }));
  } catch {
    // Storage blocked: the text is still in the input until the person leaves the page.
  }
}

/** The message held for `scope`, if it is fresh (a stale or unreadable one is dropped). */
export function heldMessage(scope: HeldScope, now = Date.now()): HeldMessage | null {
  try {
    const raw = sessionStorage.getItem(key(scope));
    if (raw === null) return null;
    const rec = JSON.parse(raw) as Partial<HeldMessage>;
    if (typeof rec.text === 'string' && rec.text.trim() && typeof rec.at === 'number' && now - rec.at < TTL_MS && rec.at <= now)
      return { text: rec.text, at: rec.at };
    sessionStorage.removeItem(key(scope));
  } catch {
    // Unreadable: nothing is held.
  }
  return null;
}

/** It was sent, or the person let it go. */
export function releaseHeldMessage(scope: HeldScope): void {
  try {
    sessionStorage.removeItem(key(scope));
  } catch {
    // Storage blocked: nothing was held either.
  }
}
