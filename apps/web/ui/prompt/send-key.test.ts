import { describe, expect, it } from 'vitest';
import { isSendKey, type KeyPress } from './send-key';

const press = (over: Partial<KeyPress> = {}): KeyPress => ({
  key: 'Enter',
  metaKey: false,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  isComposing: false,
  ...over,
});

describe('isSendKey', () => {
  it('sends on Ctrl+Enter and Cmd+Enter in every prompt field', () => {
    for (const enterSends of [true, false]) {
      expect(isSendKey(press({ ctrlKey: true }), enterSends)).toBe(true);
      expect(isSendKey(press({ metaKey: true }), enterSends)).toBe(true);
    }
  });

  it('sends on plain Enter only where Enter sends (the chat), never in the home prompt', () => {
    expect(isSendKey(press(), true)).toBe(true);
    expect(isSendKey(press(), false)).toBe(false);
  });

  it('keeps Shift+Enter and Alt+Enter a new line in the chat', () => {
    expect(isSendKey(press({ shiftKey: true }), true)).toBe(false);
    expect(isSendKey(press({ altKey: true }), true)).toBe(false);
  });

  it('never sends while an input method is composing, nor on other keys', () => {
    expect(isSendKey(press({ isComposing: true }), true)).toBe(false);
    expect(isSendKey(press({ isComposing: true, ctrlKey: true }), true)).toBe(false);
    expect(isSendKey(press({ key: 'a' }), true)).toBe(false);
  });
});
