import type { TextPart } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVersion, insertMessage, type DbHandle } from '@sprout/db';
import { createTestDb } from '@sprout/db/testing';
import { ALLOWED_PACKAGES, starterFiles } from '@sprout/template';
import { MockLanguageModelV3 } from 'ai/test';
import { seedRun } from '../testing/seed-run';
import { historyStart, loadFiles, loadRunContext } from './run-context';
import type { RunInput } from './run-types';

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  await h?.close();
});

const fileOf = (p: TextPart) => (p.providerOptions?.sprout as { file?: string } | undefined)?.file;

describe('historyStart', () => {
  it('moves the chat window in steps of ten messages, showing ten to nineteen', () => {
    expect([0, 9, 10, 19].map(historyStart)).toEqual([0, 0, 0, 0]);
    expect([20, 29].map(historyStart)).toEqual([10, 10]);
    expect(historyStart(30)).toBe(20);
  });
});

describe('loadRunContext', () => {
  it('sends files the last versions changed with the request and the rest first, and the chat from the window start', async () => {
    const template = starterFiles().map((f) => ({ path: f.name, content: f.content }));
    const seeded = await seedRun(h.db, { files: template });
    const v2 = await h.db.transaction((tx) =>
      createVersion(tx, {
        sproutId: seeded.sprout.id,
        source: 'run',
        files: [
          ...template.filter((f) => f.path !== 'client/src/App.tsx'),
          { path: 'client/src/App.tsx', content: 'export default () => <Board />;\n' },
          { path: 'client/src/Board.tsx', content: 'export const Board = () => null;\n' },
        ],
      }),
    );
    for (let i = 0; i < 22; i++)
      await insertMessage(h.db, {
        sproutId: seeded.sprout.id,
        userId: i % 2 ? null : seeded.user.id,
        role: i % 2 ? 'assistant' : 'user',
        content: `message ${i}`,
      });
    const current = await insertMessage(h.db, { sproutId: seeded.sprout.id, userId: seeded.user.id, role: 'user', content: 'Add a card' });
    const input = {
      runId: seeded.run.id,
      sproutId: seeded.sprout.id,
      userId: seeded.user.id,
      kind: 'message',
      messageId: current.id,
      request: 'Add a card',
      model: { id: 'mock', provider: 'openai', model: new MockLanguageModelV3(), vision: false, tools: false, offline: false },
      partialEdits: false,
      condensed: false,
      baseVersionId: v2.id,
      images: [],
      fixBudget: 2,
    } as unknown as RunInput;
    const ctx = await loadRunContext(h.db, input, await loadFiles(h.db, v2.id), ALLOWED_PACKAGES);
    const first = ctx.messages[0]!.content as TextPart[];
    const last = ctx.messages.at(-1)!.content as TextPart[];
    expect(first.map(fileOf)).toContain('client/src/components/ui/button.tsx');
    expect(first.map(fileOf)).not.toContain('client/src/App.tsx');
    expect(last.map(fileOf).filter(Boolean)).toEqual(['client/src/App.tsx', 'client/src/Board.tsx']);
    expect(last.at(-1)!.text).toBe('Add a card');
    // 23 messages in all: the window starts at the 11th (message 10), the current one is the request.
    expect(first.at(-1)!.text).toBe('message 10');
    expect(ctx.messages).toHaveLength(13);
  });
});
