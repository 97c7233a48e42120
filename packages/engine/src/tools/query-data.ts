import { allAppDocuments, listAppCollections, type AppScope } from '@sprout/db';
import { z } from 'zod';
import { capped, defineTool, plural } from './tool-kit';

export const QUERY_MAX_LIMIT = 50;
const MAX_CHARS = 16_000;

/**
 * The project's TEST data (what its preview stores), read-only: the collections, or a collection's
 * oldest documents. The dataset is fixed here, never the model's to choose: never the live data of
 * the published app, never another project's.
 */
export const queryData = defineTool({
  description:
    'Read the app’s test data (what its preview stores; read-only): without a collection, the collections and their sizes; with one, up to 50 of its documents, oldest first.',
  inputSchema: z.object({
    collection: z.string().min(1).max(100).optional().describe('A collection of the app’s data, e.g. tasks'),
    limit: z.number().int().min(1).max(QUERY_MAX_LIMIT).optional().describe('How many documents (20 by default, at most 50)'),
  }),
  calling: ({ collection }) => (collection ? `Reading the test data of ${collection}` : 'Listing the test data’s collections'),
  async run({ collection, limit = 20 }, { s }) {
    const scope: AppScope = { sproutId: s.input.sproutId, dataset: 'test' };
    const collections = await listAppCollections(s.deps.db, scope);
    const overview = collections.length ? collections.map((c) => `${c.name} (${plural(c.documents, 'document')})`).join(', ') : 'none';
    if (!collection)
      return { text: `Collections in the test data: ${overview}.`, summary: `Listed the test data: ${plural(collections.length, 'collection')}` };
    const docs = await allAppDocuments(s.deps.db, scope, collection, Math.min(limit, QUERY_MAX_LIMIT));
    if (!docs.length) return { text: `No documents in ${collection} in the test data. Collections: ${overview}.`, summary: `No test data in ${collection}` };
    const lines = docs.map((d) => JSON.stringify({ id: d.id, createdAt: d.createdAt.toISOString(), createdBy: d.createdBy, data: d.data }));
    const total = collections.find((c) => c.name === collection)?.documents ?? docs.length;
    const text = capped(
      `${collection}: ${docs.length} of ${plural(total, 'document')} (test data, oldest first)\n${lines.join('\n')}`,
      MAX_CHARS,
      'the rest is not shown: ask for fewer',
    );
    return { text, summary: `Read ${plural(docs.length, 'document')} of ${collection} (test data)` };
  },
});
