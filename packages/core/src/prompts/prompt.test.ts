import { describe, expect, it } from 'vitest';
import { PROMPT_COUNTER_FROM, PROMPT_MAX_LENGTH, clampPrompt, isBlankPrompt, isPromptSubmittable, promptCounterText, showPromptCounter } from './prompt';
import { promptSchema } from './prompt-schema';

const text = (n: number) => 'a'.repeat(n);

describe('prompt rules', () => {
  it('has the limits of the spec', () => {
    expect(PROMPT_MAX_LENGTH).toBe(2000);
    expect(PROMPT_COUNTER_FROM).toBe(1900);
  });

  it('does not submit blank prompts', () => {
    for (const blank of ['', ' ', '\n\t  \r\n', '\u00A0\u3000', '\u200B\u200B', '\uFEFF', ' \u2060 ']) {
      expect(isBlankPrompt(blank)).toBe(true);
      expect(isPromptSubmittable(blank)).toBe(false);
    }
  });

  it('submits prompts up to the limit and not beyond', () => {
    expect(isPromptSubmittable('a todo app')).toBe(true);
    expect(isPromptSubmittable(text(2000))).toBe(true);
    expect(isPromptSubmittable(text(2001))).toBe(false);
    expect(isPromptSubmittable(`  ${text(1998)}  `)).toBe(false);
  });

  it('does not throw on non-strings coming from loose input', () => {
    expect(isPromptSubmittable(undefined as unknown as string)).toBe(false);
  });

  it('cuts input beyond the limit', () => {
    expect(clampPrompt(text(1999))).toBe(text(1999));
    expect(clampPrompt(text(2000))).toBe(text(2000));
    expect(clampPrompt(text(2500))).toBe(text(2000));
  });

  it('drops a surrogate pair cut in two instead of keeping half of it', () => {
    const emoji = '\u{1F331}'; // two UTF-16 units
    const cut = clampPrompt(text(1999) + emoji + 'tail');
    expect(cut).toBe(text(1999));
    expect(clampPrompt(text(1998) + emoji + 'tail')).toBe(text(1998) + emoji);
    expect(isPromptSubmittable(cut)).toBe(true);
  });

  it('shows the counter from 1900 characters', () => {
    expect(showPromptCounter(text(1899))).toBe(false);
    expect(showPromptCounter(text(1900))).toBe(true);
    expect(promptCounterText(text(1900))).toBe('1900/2000');
    expect(promptCounterText(text(2000))).toBe('2000/2000');
    expect(promptCounterText('')).toBe('0/2000');
  });
});

describe('promptSchema', () => {
  it('accepts a prompt and keeps it unchanged', () => {
    expect(promptSchema.parse('  a todo app ')).toBe('  a todo app ');
  });

  it('refuses blank, too long and non-string input', () => {
    expect(promptSchema.safeParse('   ').success).toBe(false);
    expect(promptSchema.safeParse(text(2001)).success).toBe(false);
    expect(promptSchema.safeParse(text(2000)).success).toBe(true);
    expect(promptSchema.safeParse(42).success).toBe(false);
    expect(promptSchema.safeParse(null).success).toBe(false);
  });

  it('explains what is wrong', () => {
    const blank = promptSchema.safeParse(' ');
    expect(blank.error?.issues[0]?.message).toBe('Describe what you want to build.');
    const long = promptSchema.safeParse(text(2001));
    expect(long.error?.issues[0]?.message).toBe('Prompt must be at most 2000 characters.');
  });
});
