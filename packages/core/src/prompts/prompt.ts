import { isBlank } from '../text/text';

// Lengths are UTF-16 code units, the same unit a textarea's maxLength and String#length use.
export const PROMPT_MAX_LENGTH = 2000;
export const PROMPT_COUNTER_FROM = 1900;

/** Blank means empty, whitespace only, or invisible characters only. */
export function isBlankPrompt(text: string): boolean {
  return isBlank(text);
}

export function isPromptSubmittable(text: string): boolean {
  return typeof text === 'string' && text.length <= PROMPT_MAX_LENGTH && !isBlank(text);
}

/** Input beyond the limit is ignored, never half a character: a surrogate pair cut in two is dropped whole. */
export function clampPrompt(text: string): string {
  if (text.length <= PROMPT_MAX_LENGTH) return text;
  const cut = text.slice(0, PROMPT_MAX_LENGTH);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

export function showPromptCounter(text: string): boolean {
  return text.length >= PROMPT_COUNTER_FROM;
}

export function promptCounterText(text: string): string {
  return `${text.length}/${PROMPT_MAX_LENGTH}`;
}

export const PROMPT_BLANK_MESSAGE = 'Describe what you want to build.';
export const PROMPT_TOO_LONG_MESSAGE = `Prompt must be at most ${PROMPT_MAX_LENGTH} characters.`;

// promptSchema (zod, for the API) is in ./schemas: this module is also loaded by the browser.
