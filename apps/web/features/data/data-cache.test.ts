import { describe, expect, it } from 'vitest';
import type { AppDocument, DataOverview } from '@sprout/core/contract';
import { emptiedOverview, loadedDocuments, withCount, withDocument, withoutDocument, type DocumentPages } from './data-cache';

const doc = (id: string, data: Record<string, unknown> = {}): AppDocument => ({ id, createdAt: '', updatedAt: '', createdBy: 'visitor:v', data });
const pages: DocumentPages = {
  pages: [
    { data: [doc('a'), doc('b')], next: 'c1' },
    { data: [doc('b'), doc('c')], next: null },
  ],
  pageParams: [null, 'c1'],
};

describe('the Data panel’s cache', () => {
  it('drops a deleted document from every page', () => {
    expect(loadedDocuments(withoutDocument(pages, 'b')).map((d) => d.id)).toEqual(['a', 'c']);
    expect(withoutDocument(undefined, 'b')).toBeUndefined();
  });

  it('replaces an edited document where it is', () => {
    const next = withDocument(pages, doc('c', { name: 'new' }));
    expect(loadedDocuments(next).map((d) => [d.id, d.data.name])).toEqual([
      ['a', undefined],
      ['b', undefined],
      ['c', 'new'],
    ]);
    expect(next!.pageParams).toEqual([null, 'c1']);
  });

  it('lists each loaded document once', () => {
    expect(loadedDocuments(pages).map((d) => d.id)).toEqual(['a', 'b', 'c']);
    expect(loadedDocuments(undefined)).toEqual([]);
  });

  it('moves a collection’s count and the dataset’s, never below zero', () => {
    const overview: DataOverview = {
      collections: [
        { name: 'notes', documents: 1, declared: false, rules: '' },
        { name: 'other', documents: 4, declared: false, rules: '' },
      ],
      usage: { documents: 5, bytes: 10 },
      limits: { documents: 2000, storageBytes: 1, fileBytes: 1, requestsPerMinute: 1, appUsers: 1 },
      rulesProblems: null,
      published: false,
    };
    const next = withCount(overview, 'notes', -1)!;
    expect(next.collections.map((c) => c.documents)).toEqual([0, 4]);
    expect(next.usage.documents).toBe(4);
    expect(withCount(next, 'notes', -1)!.collections[0]!.documents).toBe(0);
    // A reset empties every collection, keeping them listed.
    const empty = emptiedOverview(overview)!;
    expect(empty.collections.map((c) => [c.name, c.documents])).toEqual([
      ['notes', 0],
      ['other', 0],
    ]);
    expect(empty.usage).toEqual({ documents: 0, bytes: 0 });
    expect(emptiedOverview(undefined)).toBeUndefined();
  });
});
