import type { AppDocument, DataOverview, DocumentPage } from '@sprout/core/contract';

// What the Data panel's writes do to its cached pages before (or without) a refetch: a deletion
// shows at once (and comes back if the server refuses it), an edit replaces the document in place.

/** The cached pages of a collection, as TanStack Query's infinite query keeps them. */
export interface DocumentPages {
  pages: DocumentPage[];
  pageParams: unknown[];
}

export function withoutDocument(data: DocumentPages | undefined, docId: string): DocumentPages | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((p) => ({ ...p, data: p.data.filter((d) => d.id !== docId) })) };
}

export function withDocument(data: DocumentPages | undefined, doc: AppDocument): DocumentPages | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((p) => ({ ...p, data: p.data.map((d) => (d.id === doc.id ? doc : d)) })) };
}

/** The overview with one collection's count (and the dataset's) moved by `delta`. */
export function withCount(overview: DataOverview | undefined, collection: string, delta: number): DataOverview | undefined {
  if (!overview) return overview;
  return {
    ...overview,
    usage: { ...overview.usage, documents: Math.max(0, overview.usage.documents + delta) },
    collections: overview.collections.map((c) => (c.name === collection ? { ...c, documents: Math.max(0, c.documents + delta) } : c)),
  };
}

/** Every document of the loaded pages, once each (a poll may shift a document from one page to the next). */
export function loadedDocuments(data: DocumentPages | undefined): AppDocument[] {
  const seen = new Set<string>();
  const out: AppDocument[] = [];
  for (const page of data?.pages ?? [])
    for (const doc of page.data) {
      if (seen.has(doc.id)) continue;
      seen.add(doc.id);
      out.push(doc);
    }
  return out;
}

/** The overview once the dataset was emptied: every count at zero (the counts and the emptied list agree at once). */
export function emptiedOverview(overview: DataOverview | undefined): DataOverview | undefined {
  if (!overview) return overview;
  return { ...overview, usage: { documents: 0, bytes: 0 }, collections: overview.collections.map((c) => ({ ...c, documents: 0 })) };
}
