/** The parts of a key press that decide whether it sends a prompt. */
export interface KeyPress {
  key: string;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  /** An input method (Japanese, Chinese…) is composing: its Enter confirms a word, never sends. */
  isComposing: boolean;
}

/**
 * Ctrl/Cmd+Enter always sends; plain Enter sends only where Enter sends (the chat), and
 * Shift+Enter or Alt+Enter stay a new line there.
 */
export function isSendKey(e: KeyPress, enterSends: boolean): boolean {
  if (e.key !== 'Enter' || e.isComposing) return false;
  if (e.metaKey || e.ctrlKey) return true;
  return enterSends && !e.shiftKey && !e.altKey;
}
