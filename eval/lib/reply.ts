// What a reply must say (the offline suite: a reply states truthfully what was built and what was
// not, in its first sentence). Pure: the runner collects the reply's text from its text.delta events.
import { z } from 'zod';
import { isSharingLine } from '@sprout/core';

const Texts = z.array(z.string().min(1)).min(1);

export const ReplyExpectation = z.strictObject({
  /** Texts the first sentence contains (case-insensitive). */
  first: Texts.optional(),
  /** Texts the first sentence does not contain. */
  firstNot: Texts.optional(),
  /** Texts the whole reply contains. */
  contains: Texts.optional(),
  /** Texts the whole reply does not contain. */
  notContains: Texts.optional(),
});
export type ReplyExpectation = z.infer<typeof ReplyExpectation>;

/**
 * The reply's first sentence: up to the first ". ", "! ", "? " or line break after some text (markdown
 * emphasis removed), after the who-sees-what line a data app's reply opens with (core's describeSharing).
 */
export function firstSentence(reply: string): string {
  const [opening, ...rest] = reply.trimStart().split(/\n\s*\n/);
  const text = (opening !== undefined && rest.length && isSharingLine(opening) ? rest.join('\n\n') : reply).replace(/\*\*/g, '').trimStart();
  const end = /[.!?](?=\s|$)|\n/.exec(text);
  return (end ? text.slice(0, end.index + 1) : text).trim();
}

const has = (haystack: string, needle: string) => haystack.toLowerCase().includes(needle.toLowerCase());

/** Why a reply does not say what it must (empty: it does). */
export function replyMismatches(e: ReplyExpectation, reply: string): string[] {
  const first = firstSentence(reply);
  const out: string[] = [];
  for (const t of e.first ?? []) if (!has(first, t)) out.push(`the reply's first sentence does not say "${t}": "${first.slice(0, 200)}"`);
  for (const t of e.firstNot ?? []) if (has(first, t)) out.push(`the reply's first sentence says "${t}": "${first.slice(0, 200)}"`);
  for (const t of e.contains ?? []) if (!has(reply, t)) out.push(`the reply does not say "${t}"`);
  for (const t of e.notContains ?? []) if (has(reply, t)) out.push(`the reply says "${t}"`);
  return out;
}
