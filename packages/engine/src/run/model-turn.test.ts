import { describe, expect, it } from 'vitest';
import { MockLanguageModelV3 } from 'ai/test';
import { readSproutCallOptions } from '../protocol/call-options';
import { streamModelTurn } from './model-turn';

function model(text: string) {
  return new MockLanguageModelV3({
    doStream: async () => ({
      stream: new ReadableStream({
        start(controller) {
          controller.enqueue({ type: 'stream-start', warnings: [] });
          controller.enqueue({ type: 'text-start', id: '1' });
          controller.enqueue({ type: 'text-delta', id: '1', delta: text });
          controller.enqueue({ type: 'text-end', id: '1' });
          controller.enqueue({
            type: 'finish',
            finishReason: { unified: 'stop', raw: 'stop' },
            usage: {
              inputTokens: { total: 3, noCache: 3, cacheRead: undefined, cacheWrite: undefined },
              outputTokens: { total: 2, text: 2, reasoning: undefined },
            },
          });
          controller.close();
        },
      }),
    }),
  });
}

describe('streamModelTurn', () => {
  it('tells the model whom it answers (staff or not) in its provider options, and streams its text', async () => {
    for (const staff of [true, false]) {
      const m = model('Hello');
      const chunks: string[] = [];
      const r = await streamModelTurn({
        model: m,
        system: 'system',
        messages: [{ role: 'user', content: 'Hi' }],
        signal: new AbortController().signal,
        maxRetries: 0,
        call: { staff },
        onText: (t) => chunks.push(t),
      });
      expect(r).toMatchObject({ text: 'Hello', inputTokens: 3, outputTokens: 2 });
      expect(chunks.join('')).toBe('Hello');
      expect(m.doStreamCalls).toHaveLength(1);
      expect(readSproutCallOptions(m.doStreamCalls[0]!.providerOptions)).toEqual({ staff, mode: 'build' });
    }
  });
});
