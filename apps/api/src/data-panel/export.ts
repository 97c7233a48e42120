import { slugBase } from '@sprout/core';
import type { AppDocument, DataExportQuery, Dataset } from '@sprout/core/contract';
import { allAppDocuments, listAppCollections, type SproutRow } from '@sprout/db';
import { badRequest } from '../errors';
import type { Services } from '../services';
import { documentsToCsv } from './csv';
import { toDocumentDto } from './dto';

export interface DataExport {
  fileName: string;
  contentType: string;
  body: string;
}

/**
 * A dataset as a download: JSON (`{ collection: [documents] }`, every collection or one), or one
 * collection as CSV. Built in memory: a dataset is bounded by the plan's document quota.
 */
export async function exportData(s: Services, sprout: SproutRow, dataset: Dataset, query: DataExportQuery): Promise<DataExport> {
  const scope = { sproutId: sprout.id, dataset };
  const base = `${slugBase(sprout.displayName)}-${dataset}-${query.collection ?? 'data'}`;
  const documentsOf = async (name: string): Promise<AppDocument[]> => (await allAppDocuments(s.db, scope, name)).map(toDocumentDto);
  if (query.format === 'csv') {
    if (!query.collection) throw badRequest('collection_required', 'Choose one collection to export as CSV.');
    return { fileName: `${base}.csv`, contentType: 'text/csv; charset=utf-8', body: documentsToCsv(await documentsOf(query.collection)) };
  }
  const names = query.collection ? [query.collection] : (await listAppCollections(s.db, scope)).map((c) => c.name);
  const out: Record<string, AppDocument[]> = {};
  for (const name of names) out[name] = await documentsOf(name);
  return { fileName: `${base}.json`, contentType: 'application/json; charset=utf-8', body: `${JSON.stringify(out, null, 2)}\n` };
}
