import { streamText, type ModelMessage } from 'ai';
import { ALLOWED_PACKAGES } from '@sprout/template';
import { describe, expect, it } from 'vitest';
import { buildContext, type HistoryTurn } from '../context/build-context';
import { parseEdits } from '../parse-edits';
import { answerFor, answerRequest } from './offline-answer';
import { chunksOf, createOfflineModel } from './offline-model';
import { applyAnswer, starter } from './testing';

const KANBAN = 'Build a Trello-style kanban board for my team';

function context(files: ReadonlyMap<string, string>, request: string, history: HistoryTurn[] = []) {
  return buildContext({ files, history, request, images: [], vision: false, partialEdits: false, condensed: false, recentlyChanged: [], packages: ALLOWED_PACKAGES });
}

async function stream(messages: ModelMessage[], system?: string, durationMs = 0) {
  const result = streamText({ model: createOfflineModel({ durationMs }), system, messages });
  const chunks: string[] = [];
  for await (const part of result.textStream) chunks.push(part);
  return { chunks, text: chunks.join(''), usage: await result.usage };
}

describe('createOfflineModel', () => {
  it('streams a whole app in many chunks over the requested time, through the AI SDK', async () => {
    const ctx = context(starter(), KANBAN);
    const started = Date.now();
    const { chunks, text, usage } = await stream(ctx.messages, ctx.system, 400);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(chunks.length).toBeGreaterThanOrEqual(40);
    expect(text).toBe(answerRequest(KANBAN, starter()));
    expect(text).toContain('<sprout-write path="client/src/kanban/Board.tsx">');
    expect(usage.outputTokens).toBeGreaterThan(1000);
  });

  it('is deterministic: the same input streams the same chunks', async () => {
    const ctx = context(starter(), KANBAN);
    const [a, b] = await Promise.all([stream(ctx.messages, ctx.system), stream(ctx.messages, ctx.system)]);
    expect(a.chunks).toEqual(b.chunks);
    expect(chunksOf('x'.repeat(10_000)).join('')).toBe('x'.repeat(10_000));
    expect(new Set(chunksOf('abc '.repeat(5000)).map((c) => c.length)).size).toBeGreaterThan(5);
  });

  it('reads the project files and the chat from the context, and edits what it built', async () => {
    const first = applyAnswer(answerRequest(KANBAN, starter()), starter());
    const history: HistoryTurn[] = [
      { role: 'user', content: KANBAN },
      { role: 'assistant', content: first.prose },
    ];
    const ctx = context(first.files, 'make it dark', history);
    const { text } = await stream(ctx.messages, ctx.system);
    const edit = parseEdits(text).find((e) => e.type === 'edit');
    // One SEARCH/REPLACE block: the changed line with a line of context on each side.
    expect(edit).toEqual({
      type: 'edit',
      path: 'client/index.html',
      blocks: [{ search: '<!doctype html>\n<html lang="en">\n  <head>', replace: '<!doctype html>\n<html lang="en" class="dark">\n  <head>' }],
    });
  });

  it('answers the engine’s fix rounds and runtime errors in words, changing nothing', () => {
    for (const request of ['Checking the project after your changes found these problems:\n- x', 'The app builds, but the preview reported these errors while running it:\n- y']) {
      const events = parseEdits(answerRequest(request, starter()));
      expect(events.map((e) => e.type)).toEqual(['text']);
    }
  });

  it('gives its honest answer through the model when it cannot do something', async () => {
    const first = applyAnswer(answerRequest(KANBAN, starter()), starter());
    const ctx = context(first.files, 'add user accounts with Google login', [{ role: 'user', content: KANBAN }, { role: 'assistant', content: 'Built it.' }]);
    const { text } = await stream(ctx.messages, ctx.system);
    expect(parseEdits(text).every((e) => e.type === 'text')).toBe(true);
    expect(text).toContain('README section "Connecting a model"');
    expect(answerFor([{ role: 'user', content: [{ type: 'text', text: 'hello' }] }])).toContain('sprout-write');
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
