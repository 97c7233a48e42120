/**
 * What the person started inside Sprout, for the page that finishes it. Any action that spends or
 * copies — creating a project from a prompt (/init-project), sending a project's first prompt
 * (/build/{id}?prompt=), copying a shared project (/build/magic/{id}) — runs without a question only
 * when Sprout's own controls started it in this tab: the prompt box and the create flow, the Remix
 * button. They record it here; the page that acts takes the record (once) and goes ahead. Without
 * one — a link on another site, a typed address, Sprout's own sign-in page or any other redirect
 * that ends there — the page shows what would happen and waits for a click.
 *
 * Why this and not where the request came from: the sign-in page and the other hand-overs navigate
 * to the destination from Sprout's own origin, so a link through them looks like Sprout's own. Another
 * site cannot write this tab's sessionStorage, and the record survives the sign-up or sign-in detour
 * of the same tab (sessionStorage outlives its navigations; memory keeps it where storage is blocked,
 * as those hand-overs are client-side navigations). A record names exactly what was started (the
 * prompt as sent, the project, the share link) and lasts INTENT_TTL_MS.
 */
import { clampPrompt, toWellFormed } from '@sprout/core';

export type Intent =
  /** A project from this prompt (the prompt box, signed out: through sign-up or sign-in to /init-project). */
  | { kind: 'create'; prompt: string }
  /** This prompt as the first message of this new project (the create flow, on its way to the project page). */
  | { kind: 'first-prompt'; projectId: string; prompt: string }
  /** A copy of the project behind this share link (the Remix button, until the copy is made). */
  | { kind: 'remix'; linkId: string };

interface IntentRecord {
  kind: Intent['kind'];
  subject: string;
  /** When it was recorded, epoch ms. */
  at: number;
}

const KEY = 'sprout.intents';
/** Long enough for signing up or in, or for an upgrade, in between; a forgotten record ends. */
export const INTENT_TTL_MS = 30 * 60_000;
/** Records kept at most (the newest): one tab starts few things at a time. */
const MAX_RECORDS = 10;

/** The prompt as it arrives through an address: shortened to the limit, lone surrogates replaced. */
const promptSubject = (prompt: string) => toWellFormed(clampPrompt(prompt));

function subjectOf(intent: Intent): string {
  switch (intent.kind) {
    case 'create':
      return promptSubject(intent.prompt);
    case 'first-prompt':
      return `${intent.projectId}\n${promptSubject(intent.prompt)}`;
    case 'remix':
      return intent.linkId;
  }
}

let memory: IntentRecord[] = [];

function isRecord(value: unknown): value is IntentRecord {
  const r = value as Partial<IntentRecord> | null;
  return !!r && typeof r === 'object' && typeof r.kind === 'string' && typeof r.subject === 'string' && typeof r.at === 'number';
}

function load(): IntentRecord[] {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(KEY);
  } catch {
    return memory;
  }
  if (raw === null) return [];
  try {
    const list: unknown = JSON.parse(raw);
    return Array.isArray(list) ? list.filter(isRecord) : [];
  } catch {
    return [];
  }
}

function save(list: IntentRecord[]): void {
  memory = list;
  try {
    if (list.length) sessionStorage.setItem(KEY, JSON.stringify(list));
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage blocked (or full): the memory copy serves this page and its client-side navigations.
  }
}

const fresh = (r: IntentRecord, now: number) => r.at <= now && now - r.at < INTENT_TTL_MS;

/** Sprout's own control started `intent` in this tab: the page that finishes it may go ahead without asking. */
export function grantIntent(intent: Intent, now = Date.now()): void {
  const subject = subjectOf(intent);
  const others = load().filter((r) => fresh(r, now) && !(r.kind === intent.kind && r.subject === subject));
  save([...others, { kind: intent.kind, subject, at: now }].slice(-MAX_RECORDS));
}

/**
 * True when this tab started `intent` inside Sprout within INTENT_TTL_MS; the record is used up
 * (a second call is false). False for anything else: the caller asks the person first.
 */
export function takeIntent(intent: Intent, now = Date.now()): boolean {
  const subject = subjectOf(intent);
  const list = load();
  const live = list.filter((r) => fresh(r, now));
  const kept = live.filter((r) => !(r.kind === intent.kind && r.subject === subject));
  if (kept.length !== list.length) save(kept);
  return kept.length !== live.length;
}
