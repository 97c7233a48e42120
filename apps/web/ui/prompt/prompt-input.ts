import { PROMPT_MAX_LENGTH, clampPrompt } from '@sprout/core';

/** Textareas store line breaks as '\n'; count pasted text the way the field will hold it. */
export function normaliseLineBreaks(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/** The longest prefix of `text` that fits in `room` code units, never splitting a surrogate pair. */
export function fitInto(text: string, room: number): string {
  if (room <= 0) return '';
  if (text.length <= room) return text;
  const cut = text.slice(0, room);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

export interface PasteResult {
  /** The text that goes in at the caret (the paste, shortened to fit). */
  insert: string;
  /** The whole field afterwards. */
  value: string;
  /** Where the caret ends up. */
  caret: number;
  /** True when part of the paste was left out. */
  truncated: boolean;
}

/**
 * Input beyond the limit is ignored. A paste replaces the selection and keeps as much of
 * the pasted text as fits; the text around the caret is never cut.
 */
export function pasteIntoPrompt(value: string, selectionStart: number, selectionEnd: number, pasted: string, max = PROMPT_MAX_LENGTH): PasteResult {
  const start = Math.max(0, Math.min(selectionStart, value.length));
  const end = Math.max(start, Math.min(selectionEnd, value.length));
  const clean = normaliseLineBreaks(pasted);
  const room = max - (value.length - (end - start));
  const insert = fitInto(clean, room);
  const next = clampPrompt(value.slice(0, start) + insert + value.slice(end));
  return { insert, value: next, caret: Math.min(start + insert.length, next.length), truncated: insert.length < clean.length };
}
