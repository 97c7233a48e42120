import { collectionRules, encodeCursor, PAYMENTS_COLLECTION, parseListQuery, validateDocument, type AppDataLimits } from '@sprout/core';
import type { AppDocument, Dataset, DocumentListQuery, DocumentPage } from '@sprout/core/contract';
import { deleteAppDocument, getAppDocument, listAppDocuments, replaceAppDocument, type SproutRow } from '@sprout/db';
import { AppError, badRequest } from '../errors';
import type { Services } from '../services';
import { datasetRules } from './dataset-rules';
import { toDocumentDto } from './dto';

// The owner's hand on their app's documents: everything in the dataset, whatever the rules let a
// visitor see, but written under the same checks as any write (the fields' types, unique values, quotas).

const documentNotFound = () => new AppError(404, 'not_found', 'This document does not exist.');

/** A payment is refunded, never edited or deleted: its record must say what happened to the money. */
function refusePayments(collection: string): void {
  if (collection === PAYMENTS_COLLECTION)
    throw new AppError(403, 'forbidden', 'Payments are recorded by Sprout as they are paid or refunded: refund one from Payments instead.');
}

/** A page of a collection, newest first. */
export async function listDocuments(s: Services, sprout: SproutRow, dataset: Dataset, collection: string, page: DocumentListQuery): Promise<DocumentPage> {
  const parsed = parseListQuery({ orderBy: 'createdAt', desc: 'true', limit: page.limit, after: page.after });
  if (!parsed.ok) throw badRequest('invalid_query', parsed.problem);
  // The owner sees every document: no creator filter.
  const { docs, more } = await listAppDocuments(s.db, { sproutId: sprout.id, dataset }, collection, parsed.query, null);
  const last = docs[docs.length - 1];
  return { data: docs.map(toDocumentDto), next: more && last ? encodeCursor({ value: last.sortValue, id: last.id }) : null };
}

/** Replaces a document's data with what the owner wrote, checked against the current rules. */
export async function replaceDocument(
  s: Services,
  sprout: SproutRow,
  limits: Pick<AppDataLimits, 'documents' | 'storageBytes'>,
  target: { dataset: Dataset; collection: string; id: string },
  data: Record<string, unknown>,
): Promise<AppDocument> {
  refusePayments(target.collection);
  const rules = await datasetRules(s, sprout, target.dataset);
  // Without readable rules the unique fields are unknown: writing could break a promise the file makes.
  if (!rules.ok) throw new AppError(409, 'rules_invalid', `Fix sprout.data.json before editing documents: ${rules.problems[0]}`);
  const own = collectionRules(rules.rules, target.collection);
  const check = validateDocument(own, data);
  if (!check.ok) throw badRequest('invalid_document', check.problems.join(' '), { problems: check.problems });
  const result = await replaceAppDocument(
    s.db,
    { sproutId: sprout.id, dataset: target.dataset },
    {
      collection: target.collection,
      id: target.id,
      data: check.data,
      unique: own.unique,
      quota: { documents: limits.documents, storageBytes: limits.storageBytes },
    },
  );
  if (result.ok) {
    // Open apps (the preview, the published app) update at once, like after a visitor's own write.
    await s.appChanges.publish({
      sproutId: sprout.id,
      dataset: target.dataset,
      collection: target.collection,
      op: 'update',
      id: target.id,
      createdBy: result.doc.createdBy,
    });
    return toDocumentDto(result.doc);
  }
  if (result.reason === 'duplicate')
    throw new AppError(409, 'duplicate', `Another document in ${target.collection} already has this "${result.field}".`, { field: result.field });
  if (result.reason === 'quota') throw new AppError(403, 'quota_exceeded', 'This dataset is full: its storage limit is reached.', { limit: result.limit });
  throw documentNotFound();
}

export async function removeDocument(s: Services, sprout: SproutRow, target: { dataset: Dataset; collection: string; id: string }): Promise<void> {
  refusePayments(target.collection);
  const scope = { sproutId: sprout.id, dataset: target.dataset };
  // Read first: a stream tells a removal only to those who could read the document, by its creator.
  const doc = await getAppDocument(s.db, scope, target.collection, target.id);
  if (!doc || !(await deleteAppDocument(s.db, scope, target.collection, target.id))) throw documentNotFound();
  await s.appChanges.publish({ ...scope, collection: target.collection, op: 'remove', id: doc.id, createdBy: doc.createdBy });
}
