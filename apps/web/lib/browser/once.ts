/**
 * The one guard of what this tab already started — a project from a prompt (/init-project), a
 * project's first prompt (/build/{id}?prompt=), a copy of a shared project — so that a reload, Back,
 * or React running an effect twice does not start it again. Kept in sessionStorage (this tab only;
 * another tab may start the same thing on purpose), and in memory where storage is blocked.
 */
export interface OnceRecord {
  /** When it was started (or last updated), epoch ms. */
  at: number;
  /** What it was started for (the prompt), when one key is reused for different things. */
  subject?: string;
  /** What it made (the new project's id); absent while it is under way. */
  result?: string;
}

const memory = new Map<string, OnceRecord>();

function load(key: string): OnceRecord | null {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(key);
  } catch {
    return memory.get(key) ?? null;
  }
  if (raw === null) return null;
  try {
    const rec = JSON.parse(raw) as OnceRecord;
    if (rec && typeof rec === 'object' && typeof rec.at === 'number') return rec;
  } catch {
    // A value in another format (an earlier release): it was started, nothing else is known.
  }
  return { at: 0 };
}

/** The record of `key`, if it is for `subject` (when given) and younger than `withinMs` (when given). */
export function readOnce(key: string, match: { subject?: string; withinMs?: number } = {}): OnceRecord | null {
  const rec = load(key);
  if (!rec) return null;
  if (match.subject !== undefined && rec.subject !== match.subject) return null;
  if (match.withinMs !== undefined && Date.now() - rec.at >= match.withinMs) return null;
  return rec;
}

export function markOnce(key: string, rec: Omit<OnceRecord, 'at'> = {}): void {
  const next: OnceRecord = { ...rec, at: Date.now() };
  memory.set(key, next);
  try {
    sessionStorage.setItem(key, JSON.stringify(next));
  } catch {
    // Storage blocked: the memory copy still guards this page.
  }
}

/** It failed: it may be started again. */
export function clearOnce(key: string): void {
  memory.delete(key);
  try {
    sessionStorage.removeItem(key);
  } catch {
    // nothing stored
  }
}

/** True for the first call with `key` in this tab (and marks it); false from then on. */
export function claimOnce(key: string): boolean {
  if (readOnce(key)) return false;
  markOnce(key);
  return true;
}
