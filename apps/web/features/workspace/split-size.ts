/*
 * The width of the chat beside the preview: dragged with the separator or set with its keys,
 * remembered per browser, always leaving both sides usable whatever the window's width.
 */

export const CHAT_WIDTH = {
  /** The chat's width until the person chooses one. */
  initial: 380,
  min: 300,
  max: 760,
  /** The preview keeps at least this much beside the chat. */
  minMain: 380,
  /** Arrow keys move the separator by `step`, with Shift (or Page Up/Down) by `bigStep`. */
  step: 16,
  bigStep: 80,
} as const;

export const CHAT_WIDTH_KEY = 'sprout.chatWidth';

/** The widest the chat may be in a workspace `container` pixels wide. */
export function maxChatWidth(container: number): number {
  const room = Number.isFinite(container) ? container - CHAT_WIDTH.minMain : CHAT_WIDTH.max;
  return Math.max(CHAT_WIDTH.min, Math.min(CHAT_WIDTH.max, room));
}

/** `width` kept within the bounds for a workspace `container` pixels wide (whole pixels). */
export function clampChatWidth(width: number, container: number): number {
  const w = Number.isFinite(width) ? width : CHAT_WIDTH.initial;
  return Math.round(Math.min(maxChatWidth(container), Math.max(CHAT_WIDTH.min, w)));
}

/** The width a key on the separator asks for, or null for a key it does not handle. */
export function widthForKey(key: string, shift: boolean, width: number, container: number): number | null {
  const step = shift ? CHAT_WIDTH.bigStep : CHAT_WIDTH.step;
  switch (key) {
    case 'ArrowLeft':
      return clampChatWidth(width - step, container);
    case 'ArrowRight':
      return clampChatWidth(width + step, container);
    case 'PageDown':
      return clampChatWidth(width - CHAT_WIDTH.bigStep, container);
    case 'PageUp':
      return clampChatWidth(width + CHAT_WIDTH.bigStep, container);
    case 'Home':
      return CHAT_WIDTH.min;
    case 'End':
      return maxChatWidth(container);
    case 'Enter':
      return clampChatWidth(CHAT_WIDTH.initial, container);
    default:
      return null;
  }
}

/** A remembered width, or null when there is none or it is not a sane number. */
export function parseStoredWidth(raw: string | null): number | null {
  if (raw === null || !/^\d{2,5}$/.test(raw.trim())) return null;
  const n = Number(raw);
  return n >= CHAT_WIDTH.min && n <= CHAT_WIDTH.max ? n : null;
}
