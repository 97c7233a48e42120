import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../testing';
import type { DbHandle } from '../create-db';
import { createUser } from './users';
import { insertSprout } from './sprouts';
import { newId } from '../ids';
import { insertMessage, listMessages, listMessagesOfRun } from './messages';

let h: DbHandle;
let userId: string;
beforeAll(async () => {
  h = await createTestDb();
  userId = (await createUser(h.db, { email: 'm@example.com', passwordHash: 'x', displayName: 'M' })).id;
});
afterAll(async () => {
  await h?.close();
});

/** Writes `count` messages one after another; returns their contents in the order written. */
async function writeInARow(count: number, message: (i: number) => Parameters<typeof insertMessage>[1]): Promise<string[]> {
  const written: string[] = [];
  for (let i = 0; i < count; i++) written.push((await insertMessage(h.db, message(i))).content);
  return written;
}

// PGlite's clock counts milliseconds: messages written one after another share a created_at, and
// the chat (and the history the model is shown) must still come back in the order they were written.
describe('a chat’s order', () => {
  it('is the order the messages were written, also when many share a created_at', async () => {
    const sprout = await insertSprout(h.db, { ownerId: userId, displayName: 'Chat' });
    const written = await writeInARow(60, (i) => ({
      sproutId: sprout.id,
      userId: i % 2 ? null : userId,
      role: i % 2 ? 'assistant' : 'user',
      content: `message ${i}`,
    }));
    expect((await listMessages(h.db, sprout.id)).map((m) => m.content)).toEqual(written);
    expect((await listMessages(h.db, sprout.id, { limit: 22 })).map((m) => m.content)).toEqual(written.slice(-22));
  });

  it('is the order a run’s messages were written', async () => {
    const sprout = await insertSprout(h.db, { ownerId: userId, displayName: 'Run' });
    const runId = newId();
    const written = await writeInARow(30, (i) => ({ sproutId: sprout.id, userId: null, role: 'assistant', content: `step ${i}`, runId }));
    expect((await listMessagesOfRun(h.db, runId)).map((m) => m.content)).toEqual(written);
  });
});
