import { describe, expect, it } from 'vitest';
import { firstPromptKey } from './use-first-prompt';

describe('the first prompt', () => {
  it('is keyed by project and prompt', () => {
    expect(firstPromptKey('a', 'hello')).toBe(firstPromptKey('a', 'hello'));
    expect(firstPromptKey('a', 'hello')).not.toBe(firstPromptKey('b', 'hello'));
    expect(firstPromptKey('a', 'hello')).not.toBe(firstPromptKey('a', 'hello!'));
  });
});
