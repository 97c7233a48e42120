import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { cachedSystem, cachePoint, cachePointsOf, withCachedTail } from './prompt-cache';

const EPHEMERAL = { cacheControl: { type: 'ephemeral' } };

describe('prompt cache breakpoints', () => {
  it('marks a part for Anthropic and keeps its other options', () => {
    expect(cachePoint({ type: 'text', text: 'x', providerOptions: { sprout: { file: 'a.ts' } } })).toEqual({
      type: 'text',
      text: 'x',
      providerOptions: { sprout: { file: 'a.ts' }, anthropic: EPHEMERAL },
    });
    expect(cachedSystem('rules')).toEqual({ role: 'system', content: 'rules', providerOptions: { anthropic: EPHEMERAL } });
  });

  it('marks the last message of a request on a copy, so the growing conversation stays unmarked', () => {
    const messages: ModelMessage[] = [
      { role: 'user', content: 'build' },
      { role: 'assistant', content: 'built' },
      { role: 'user', content: 'fix it' },
    ];
    const marked = withCachedTail(messages);
    expect(marked.at(-1)).toEqual({ role: 'user', content: 'fix it', providerOptions: { anthropic: EPHEMERAL } });
    expect(marked.slice(0, 2)).toEqual(messages.slice(0, 2));
    expect(messages[2]).toEqual({ role: 'user', content: 'fix it' });
    expect(withCachedTail([])).toEqual([]);
    expect(cachePointsOf(cachedSystem('s'), marked)).toBe(2);
    expect(cachePointsOf('s', messages)).toBe(0);
  });
});
