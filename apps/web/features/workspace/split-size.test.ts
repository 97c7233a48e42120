import { describe, expect, it } from 'vitest';
import { CHAT_WIDTH, clampChatWidth, maxChatWidth, parseStoredWidth, widthForKey } from './split-size';

describe('the chat and preview split', () => {
  it('keeps the chat between its bounds and leaves the preview room', () => {
    expect(clampChatWidth(100, 1440)).toBe(CHAT_WIDTH.min);
    expect(clampChatWidth(2000, 1440)).toBe(CHAT_WIDTH.max);
    expect(clampChatWidth(700, 1000)).toBe(1000 - CHAT_WIDTH.minMain);
    expect(clampChatWidth(451.6, 1440)).toBe(452);
    // A window too narrow for both still gives the chat its minimum (phones show one side at a time).
    expect(maxChatWidth(500)).toBe(CHAT_WIDTH.min);
    expect(clampChatWidth(Number.NaN, 1440)).toBe(CHAT_WIDTH.initial);
  });

  it('moves with the arrow keys, further with Shift, and to the ends with Home and End', () => {
    expect(widthForKey('ArrowRight', false, 400, 1440)).toBe(416);
    expect(widthForKey('ArrowLeft', false, 400, 1440)).toBe(384);
    expect(widthForKey('ArrowRight', true, 400, 1440)).toBe(480);
    expect(widthForKey('PageDown', false, 400, 1440)).toBe(320);
    expect(widthForKey('Home', false, 400, 1440)).toBe(CHAT_WIDTH.min);
    expect(widthForKey('End', false, 400, 1000)).toBe(1000 - CHAT_WIDTH.minMain);
    expect(widthForKey('Enter', false, 600, 1440)).toBe(CHAT_WIDTH.initial);
    expect(widthForKey('ArrowLeft', false, CHAT_WIDTH.min, 1440)).toBe(CHAT_WIDTH.min);
    expect(widthForKey('a', false, 400, 1440)).toBeNull();
  });

  it('trusts only a sane remembered width', () => {
    expect(parseStoredWidth('420')).toBe(420);
    expect(parseStoredWidth(null)).toBeNull();
    expect(parseStoredWidth('')).toBeNull();
    expect(parseStoredWidth('12')).toBeNull();
    expect(parseStoredWidth('99999')).toBeNull();
    expect(parseStoredWidth('4e2')).toBeNull();
    expect(parseStoredWidth('-400')).toBeNull();
  });
});
