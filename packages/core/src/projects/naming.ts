import { CONTROL_CHARS } from '../text/text';

export const DISPLAY_NAME_MAX = 100;
export const DEFAULT_NAME_PREFIX = 'Sprout - ';

/** 'Sprout - ' plus a number from 100 to 999, e.g. 'Sprout - 537'. */
export function defaultDisplayName(random: () => number = Math.random): string {
  const r = random();
  // Clamp so a random source returning 1, a negative number or NaN still yields three digits.
  const n = Number.isNaN(r) ? 100 : Math.min(999, Math.max(100, 100 + Math.floor(r * 900)));
  return `${DEFAULT_NAME_PREFIX}${n}`;
}

// Bidi overrides and isolates can make a name display as something other than what it is.
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

export type DisplayNameResult = { ok: true; value: string } | { ok: false; message: string };

/** Trims surrounding whitespace and otherwise keeps the name exactly as typed. */
export function normalizeDisplayName(input: string): DisplayNameResult {
  if (typeof input !== 'string') return { ok: false, message: 'Name must be text' };
  const value = input.trim();
  if (value === '') return { ok: false, message: 'Name cannot be empty' };
  if (value.length > DISPLAY_NAME_MAX) {
    return { ok: false, message: `Name must be at most ${DISPLAY_NAME_MAX} characters` };
  }
  if (CONTROL_CHARS.test(value) || BIDI_CONTROLS.test(value)) {
    return { ok: false, message: 'Name cannot contain control characters' };
  }
  return { ok: true, value };
}
