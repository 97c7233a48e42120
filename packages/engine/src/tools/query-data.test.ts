import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@sprout/db/testing';
import { insertAppDocument, type DbHandle } from '@sprout/db';
import { seedRun } from '../testing/seed-run';
import { toolContext } from './context.testing';
import { QUERY_MAX_LIMIT, queryData } from './query-data';

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  await h?.close();
});

const quota = { documents: 1000, storageBytes: 10_000_000 };
const put = (sproutId: string, dataset: 'test' | 'live', collection: string, title: string) =>
  insertAppDocument(h.db, { sproutId, dataset }, { collection, data: { title }, createdBy: 'visitor', unique: [], quota });

describe('query_data', () => {
  it('reads the project’s test data only: never its live data, never another project’s', async () => {
    const [mine, other] = [await seedRun(h.db), await seedRun(h.db)];
    for (let i = 1; i <= 3; i++) await put(mine.sprout.id, 'test', 'tasks', `test ${i}`);
    await put(mine.sprout.id, 'test', 'notes', 'a note');
    await put(mine.sprout.id, 'live', 'tasks', 'live task');
    await put(mine.sprout.id, 'live', 'secrets', 'live only');
    await put(other.sprout.id, 'test', 'tasks', 'other project');
    const { ctx } = toolContext({}, { db: h.db }, { sproutId: mine.sprout.id });
    expect(await queryData.run({}, ctx)).toEqual({
      text: 'Collections in the test data: notes (1 document), tasks (3 documents).',
      summary: 'Listed the test data: 2 collections',
    });
    const tasks = await queryData.run({ collection: 'tasks', limit: 2 }, ctx);
    expect(tasks.summary).toBe('Read 2 documents of tasks (test data)');
    expect(tasks.text.split('\n')[0]).toBe('tasks: 2 of 3 documents (test data, oldest first)');
    expect(tasks.text).toContain('"data":{"title":"test 1"}');
    expect(tasks.text).not.toMatch(/live task|other project|test 3/);
    expect(await queryData.run({ collection: 'secrets' }, ctx)).toEqual({
      text: 'No documents in secrets in the test data. Collections: notes (1 document), tasks (3 documents).',
      summary: 'No test data in secrets',
    });
  });

  it('takes at most 50 documents, and nothing but a collection and a limit', () => {
    expect(queryData.inputSchema.safeParse({ collection: 'tasks', limit: QUERY_MAX_LIMIT }).success).toBe(true);
    expect(queryData.inputSchema.safeParse({ collection: 'tasks', limit: QUERY_MAX_LIMIT + 1 }).success).toBe(false);
    // A dataset is not the model's to choose: the key is dropped, the query stays on the test data.
    expect(queryData.inputSchema.parse({ collection: 'tasks', dataset: 'live' })).toEqual({ collection: 'tasks' });
  });
});
