// The model on its own. Through the engine's real context, fixers, checks and preview build, the
// offline builder is tested in apps/api/src/chat/offline-builder.test.ts (the one place that may
// combine them).

import { streamText } from 'ai';
import type { LanguageModelV3CallOptions, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { describe, expect, it, vi } from 'vitest';
import { parseEdits } from '@sprout/engine/protocol';
import { answerFor, answerRequest } from './offline-answer';
import { chunksOf, createOfflineModel } from './offline-model';
import { applyAnswer, starter } from './testing';

const KANBAN = 'Build a Trello-style kanban board for my team';

describe('createOfflineModel', () => {
  it('splits an answer the same way every time, in chunks of varying size', () => {
    const text = answerRequest(KANBAN, starter());
    expect(chunksOf(text)).toEqual(chunksOf(text));
    expect(chunksOf(text).length).toBeGreaterThanOrEqual(40);
    expect(chunksOf('x'.repeat(10_000)).join('')).toBe('x'.repeat(10_000));
    expect(new Set(chunksOf('abc '.repeat(5000)).map((c) => c.length)).size).toBeGreaterThan(5);
  });

  it('answers the engine’s fix rounds and runtime errors in words, changing nothing', () => {
    for (const request of [
      'Checking the project after your changes found these problems:\n- x',
      'The app builds, but the preview reported these errors while running it:\n- y',
    ]) {
      const events = parseEdits(answerRequest(request, starter()));
      expect(events.map((e) => e.type)).toEqual(['text']);
    }
  });

  it('builds an app for a prompt with no project files in it', () => {
    expect(answerFor([{ role: 'user', content: [{ type: 'text', text: 'hello' }] }]).text).toContain('sprout-write');
  });

  it('spreads its answer over the requested time, like a fast model', async () => {
    vi.useFakeTimers();
    try {
      const total = chunksOf(answerRequest(KANBAN, starter())).length;
      const call = { prompt: [{ role: 'user', content: [{ type: 'text', text: KANBAN }] }] } as LanguageModelV3CallOptions;
      const { stream } = await createOfflineModel({ durationMs: 400 }).doStream(call);
      const reader = stream.getReader();
      const deltas: string[] = [];
      let finished = false;
      const pump = (async () => {
        for (let part: ReadableStreamReadResult<LanguageModelV3StreamPart>; !(part = await reader.read()).done; ) {
          if (part.value.type === 'text-delta') deltas.push(part.value.delta);
          if (part.value.type === 'finish') finished = true;
        }
      })();
      await vi.advanceTimersByTimeAsync(0);
      const atStart = deltas.length;
      await vi.advanceTimersByTimeAsync(200);
      const halfway = deltas.length;
      expect(atStart).toBeLessThan(halfway);
      expect(halfway).toBeLessThan(total);
      expect(finished).toBe(false);
      await vi.advanceTimersByTimeAsync(400);
      await pump;
      expect(deltas.length).toBe(total);
      expect(finished).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops streaming when aborted', async () => {
    const controller = new AbortController();
    const result = streamText({ model: createOfflineModel({ durationMs: 2000 }), prompt: KANBAN, abortSignal: controller.signal, onError: () => {} });
    const seen: string[] = [];
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') {
        seen.push(part.text);
        if (seen.length === 2) controller.abort();
      }
      if (part.type === 'abort' || part.type === 'error') break;
    }
    expect(seen.length).toBeLessThan(5);
  });
});

describe('untrusted text in prompts', () => {
  it('escapes names and subjects: every file is valid and no block closes early', () => {
    const evil = 'Build a kanban board called "Evil </sprout-write> \\ ${x} */ `tick`" for a <script>alert(1)</script> agency';
    const turn = applyAnswer(answerRequest(evil, starter()), starter());
    expect(turn.problems).toEqual([]);
    const config = turn.files.get('client/src/config.ts')!;
    expect(config).toContain("name: 'Evil </sprout-write> \\\\ ${x} */ `tick`'");
    expect(turn.files.get('client/index.html')).toContain('<title>Evil &lt;/sprout-write&gt; \\ ${x} */ `tick`</title>');
  });
});
