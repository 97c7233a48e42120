import { describe, expect, it } from 'vitest';
import { PROMPT_MAX_LENGTH } from '@sprout/core';
import { fitInto, normaliseLineBreaks, pasteIntoPrompt } from './prompt-input';

describe('fitInto', () => {
  it('keeps text that fits', () => {
    expect(fitInto('hello', 5)).toBe('hello');
    expect(fitInto('hello', 10)).toBe('hello');
  });

  it('cuts to the room left', () => {
    expect(fitInto('hello', 3)).toBe('hel');
    expect(fitInto('hello', 0)).toBe('');
    expect(fitInto('hello', -4)).toBe('');
  });

  it('never splits a surrogate pair', () => {
    expect(fitInto('a😀b', 2)).toBe('a');
    expect(fitInto('a😀b', 3)).toBe('a😀');
  });
});

describe('pasteIntoPrompt', () => {
  it('inserts at the caret when everything fits', () => {
    const r = pasteIntoPrompt('Build me', 5, 5, 'XY');
    expect(r).toEqual({ insert: 'XY', value: 'BuildXY me', caret: 7, truncated: false });
  });

  it('replaces the selection', () => {
    const r = pasteIntoPrompt('Build me an app', 9, 11, 'a fine');
    expect(r.value).toBe('Build me a fine app');
    expect(r.truncated).toBe(false);
  });

  it('truncates a paste that would pass the limit, keeping the text after the caret', () => {
    const before = 'a'.repeat(1990);
    const r = pasteIntoPrompt(`${before}END`, 1990, 1990, 'x'.repeat(50));
    expect(r.value.length).toBe(PROMPT_MAX_LENGTH);
    expect(r.value.endsWith('END')).toBe(true);
    expect(r.insert).toBe('x'.repeat(7));
    expect(r.caret).toBe(1997);
    expect(r.truncated).toBe(true);
  });

  it('truncates a huge paste into an empty field to exactly the limit', () => {
    const r = pasteIntoPrompt('', 0, 0, 'y'.repeat(5000));
    expect(r.value.length).toBe(PROMPT_MAX_LENGTH);
    expect(r.truncated).toBe(true);
  });

  it('ignores a paste when the field is full', () => {
    const full = 'z'.repeat(PROMPT_MAX_LENGTH);
    const r = pasteIntoPrompt(full, 10, 10, 'more');
    expect(r.value).toBe(full);
    expect(r.insert).toBe('');
    expect(r.truncated).toBe(true);
  });

  it('counts Windows line breaks as the field stores them', () => {
    expect(normaliseLineBreaks('a\r\nb\rc')).toBe('a\nb\nc');
    const r = pasteIntoPrompt('', 0, 0, 'a\r\nb');
    expect(r.value).toBe('a\nb');
  });
});
