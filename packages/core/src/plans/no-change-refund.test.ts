import { describe, expect, it } from 'vitest';
import { isRefundableNoChange, NO_CHANGE_REFUND_MAX_CHARS } from './no-change-refund';

describe('isRefundableNoChange', () => {
  it('gives back a short answer in plain words', () => {
    expect(
      isRefundableNoChange("I can't build multiplayer chess here: it needs a game server. I can build a chess board for two people on one screen instead."),
    ).toBe(true);
    expect(isRefundableNoChange('Which colour should the header be: dark green or forest green?')).toBe(true);
  });

  it('charges an answer that carries code, however it is written', () => {
    expect(isRefundableNoChange('Here you go:\n```tsx\nexport default function App() {}\n```')).toBe(false);
    expect(isRefundableNoChange('Paste this: <div className="p-4">Hello</div>')).toBe(false);
    expect(isRefundableNoChange('import { useState } from "react"\nfunction App() {\n}\n')).toBe(false);
    expect(isRefundableNoChange('const add = (a, b) => { return a + b }')).toBe(false);
    expect(isRefundableNoChange('x = 1;\ny = 2;')).toBe(false);
  });

  it('charges a long answer and an empty one', () => {
    expect(isRefundableNoChange('word '.repeat(NO_CHANGE_REFUND_MAX_CHARS))).toBe(false);
    expect(isRefundableNoChange('   ')).toBe(false);
  });
});
