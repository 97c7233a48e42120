import {
  type Actor,
  collectionRules,
  COLLECTION_NAME,
  creatorOf,
  encodeCursor,
  levelAllows,
  mayAccess,
  type Operation,
  parseListQuery,
  PAYMENTS_COLLECTION,
  validateDocument,
} from '@sprout/core';
import { type AppDocument, deleteAppDocument, getAppDocument, insertAppDocument, listAppDocuments, replaceAppDocument, type WriteResult } from '@sprout/db';
import { AppError } from '../errors';
import type { Services } from '../services';
import { countAddressAdd, countDuplicateAnswer, creatorFull, warnWhenNearlyFull, writeQuota } from './data-quota';
import type { AppContext } from './app-request';

/** A document as apps see it: its fields, then the server's. */
export function toAppDoc(doc: AppDocument): Record<string, unknown> {
  return { ...doc.data, id: doc.id, createdAt: doc.createdAt.toISOString(), updatedAt: doc.updatedAt.toISOString(), createdBy: doc.createdBy };
}

const WORDS: Record<Operation, string> = { create: 'add to', read: 'read', update: 'change', delete: 'delete from' };

function refused(op: Operation, collection: string, actor: Actor): AppError {
  return actor.userId
    ? new AppError(403, 'forbidden', `You are not allowed to ${WORDS[op]} "${collection}".`)
    : new AppError(403, 'forbidden', `Sign in to ${WORDS[op]} "${collection}", or ask the app's owner.`);
}

/** Why "payments" cannot be written through the data API, by pages and functions alike. */
const paymentsAreSprouts = () =>
  new AppError(403, 'forbidden', 'Payments are recorded by Sprout as they are paid or refunded: "payments" cannot be changed directly.');

export function checkCollectionName(name: string): void {
  if (!COLLECTION_NAME.test(name)) throw new AppError(400, 'invalid_collection', 'Collection names start with a letter and use letters, digits, - and _.');
}

function ruleFor(ctx: AppContext, collection: string, op: Operation) {
  checkCollectionName(collection);
  // Sprout alone writes payments, as they are paid: not a visitor, nor the app's own functions (which act as the owner).
  if (collection === PAYMENTS_COLLECTION && op !== 'read') throw paymentsAreSprouts();
  const rules = collectionRules(ctx.rules, collection);
  if (!levelAllows(rules[op], ctx.actor)) throw refused(op, collection, ctx.actor);
  return rules;
}

function checked(rules: ReturnType<typeof collectionRules>, data: unknown): Record<string, unknown> {
  const result = validateDocument(rules, data);
  if (!result.ok) throw new AppError(result.problems.some((p) => p.includes('too large')) ? 413 : 400, 'invalid_document', result.problems.join(' '));
  return result.data;
}

function written(result: WriteResult, ctx: AppContext): AppDocument {
  if (result.ok) return result.doc;
  if (result.reason === 'quota' && result.limit === 'creator') throw creatorFull();
  if (result.reason === 'duplicate') throw new AppError(409, 'duplicate', `Another entry already has this "${result.field}".`, { field: result.field });
  if (result.reason === 'quota')
    throw new AppError(
      403,
      'quota_exceeded',
      result.limit === 'documents'
        ? `This app has reached its limit of ${ctx.limits.documents.toLocaleString('en-US')} saved entries.`
        : 'This app has used all of its storage.',
    );
  throw new AppError(404, 'not_found', 'This entry does not exist.');
}

export async function addDocument(s: Services, ctx: AppContext, collection: string, data: unknown) {
  const rules = ruleFor(ctx, collection, 'create');
  const valid = checked(rules, data);
  await countAddressAdd(s, ctx, Buffer.byteLength(JSON.stringify(valid)));
  const result = await insertAppDocument(s.db, ctx.scope, {
    collection,
    data: valid,
    createdBy: creatorOf(ctx.actor),
    unique: rules.unique,
    quota: writeQuota(ctx),
  });
  if (!result.ok && result.reason === 'duplicate') await countDuplicateAnswer(s, ctx);
  const doc = written(result, ctx);
  if (result.ok) await warnWhenNearlyFull(s, ctx, result.usage);
  await s.appChanges.publish({ ...ctx.scope, collection, op: 'add', id: doc.id, createdBy: doc.createdBy });
  return toAppDoc(doc);
}

/** A document the actor may `op`; one they may not see is "not found", so ids reveal nothing. */
async function accessible(s: Services, ctx: AppContext, collection: string, id: string, op: Operation) {
  const rules = ruleFor(ctx, collection, op);
  const doc = id.length <= 64 ? await getAppDocument(s.db, ctx.scope, collection, id) : null;
  const readable = doc && mayAccess(rules.read, ctx.actor, doc.createdBy);
  if (!doc || !readable) throw new AppError(404, 'not_found', 'This entry does not exist.');
  if (!mayAccess(rules[op], ctx.actor, doc.createdBy)) throw refused(op, collection, ctx.actor);
  return { doc, rules };
}

export async function getDocument(s: Services, ctx: AppContext, collection: string, id: string) {
  return toAppDoc((await accessible(s, ctx, collection, id, 'read')).doc);
}

/** Merges a patch: fields set to null are removed. */
export async function updateDocument(s: Services, ctx: AppContext, collection: string, id: string, patch: unknown) {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) throw new AppError(400, 'invalid_document', 'A change must be a JSON object.');
  const { doc, rules } = await accessible(s, ctx, collection, id, 'update');
  const merged: Record<string, unknown> = { ...doc.data };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete merged[k];
    else merged[k] = v;
  }
  const result = await replaceAppDocument(s.db, ctx.scope, { collection, id, data: checked(rules, merged), unique: rules.unique, quota: writeQuota(ctx) });
  if (!result.ok && result.reason === 'duplicate') await countDuplicateAnswer(s, ctx);
  const next = written(result, ctx);
  await s.appChanges.publish({ ...ctx.scope, collection, op: 'update', id, createdBy: next.createdBy });
  return toAppDoc(next);
}

export async function removeDocument(s: Services, ctx: AppContext, collection: string, id: string): Promise<void> {
  const { doc } = await accessible(s, ctx, collection, id, 'delete');
  await deleteAppDocument(s.db, ctx.scope, collection, id);
  await s.appChanges.publish({ ...ctx.scope, collection, op: 'remove', id, createdBy: doc.createdBy });
}

/** The creators whose documents a `creator` read rule lets the actor list. */
function readableCreators(actor: Actor): string[] {
  return [actor.userId ? `user:${actor.userId}` : null, actor.visitorId ? `visitor:${actor.visitorId}` : null].filter((c): c is string => c !== null);
}

export async function listDocuments(s: Services, ctx: AppContext, collection: string, input: Record<string, unknown>) {
  const rules = ruleFor(ctx, collection, 'read');
  const parsed = parseListQuery(input);
  if (!parsed.ok) throw new AppError(400, 'invalid_query', parsed.problem);
  const only = rules.read === 'creator' && !ctx.actor.owner ? readableCreators(ctx.actor) : null;
  const page = await listAppDocuments(s.db, ctx.scope, collection, parsed.query, only);
  const last = page.docs[page.docs.length - 1];
  return { data: page.docs.map(toAppDoc), next: page.more && last ? encodeCursor({ value: last.sortValue, id: last.id }) : null };
}
