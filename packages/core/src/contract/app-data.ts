import { z } from 'zod';
import type { AppDataLimits as AppDataLimitsRule } from '../app-data/limits';
import { MAX_LIST_LIMIT } from '../app-data/list-query';
import { COLLECTION_NAME } from '../app-data/rules';
import { resourceId } from './common';
import type { Assert, Same } from './same';

// The Data panel's API (/build/v1/sprouts/:id/data/...): what the project owner sees and changes in
// their app's backend (docs/app-backend.md), in its test data (the preview) or live data (the published app).

export const DATASETS = ['test', 'live'] as const;
export const Dataset = z.enum(DATASETS);
export type Dataset = z.infer<typeof Dataset>;

const collectionName = z.string().regex(COLLECTION_NAME, { error: 'Invalid collection name.' });

export const DatasetParams = z.strictObject({ id: resourceId('project'), dataset: Dataset });
export const CollectionParams = DatasetParams.extend({ name: collectionName });
export const DocumentParams = CollectionParams.extend({ docId: resourceId('document') });
export const AppUserParams = DatasetParams.extend({ userId: resourceId('user') });

/** A document as the owner sees it: the server's fields beside the app's own `data`. */
export const AppDocument = z
  .object({
    id: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    createdBy: z.string().describe('user:{app user id} or visitor:{visitor id}'),
    data: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'AppDocument' });
export type AppDocument = z.infer<typeof AppDocument>;

export const AppDataLimits = z.object({
  documents: z.number().int(),
  storageBytes: z.number().int(),
  fileBytes: z.number().int(),
  requestsPerMinute: z.number().int(),
  appUsers: z.number().int(),
});
export type AppDataLimits = z.infer<typeof AppDataLimits>;
// The plan's rule and the wire shape are one type: this fails to compile when they part.
export type AppDataLimitsIsRule = Assert<Same<AppDataLimits, AppDataLimitsRule>>;

export const DataCollection = z.object({
  name: z.string(),
  documents: z.number().int(),
  declared: z.boolean().describe('named in sprout.data.json'),
  rules: z.string().describe('who may do what, in words'),
});
export type DataCollection = z.infer<typeof DataCollection>;

/** GET .../data/:dataset: the collections, how much is used of what the plan allows, and the rules' state. */
export const DataOverview = z
  .object({
    collections: z.array(DataCollection),
    usage: z.object({ documents: z.number().int(), bytes: z.number().int() }),
    limits: AppDataLimits,
    rulesProblems: z.array(z.string()).nullable().describe('why sprout.data.json does not parse; null when it does (or is absent)'),
    published: z.boolean(),
  })
  .meta({ id: 'DataOverview' });
export type DataOverview = z.infer<typeof DataOverview>;

export const DocumentListQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(MAX_LIST_LIMIT).optional(),
  after: z.string().max(2000).optional(),
});
export type DocumentListQuery = z.infer<typeof DocumentListQuery>;

/** Newest first; `next` is the `after` of the following page. */
export const DocumentPage = z.object({ data: z.array(AppDocument), next: z.string().nullable() }).meta({ id: 'DocumentPage' });
export type DocumentPage = z.infer<typeof DocumentPage>;

export const PutDocumentBody = z.strictObject({ data: z.record(z.string(), z.unknown()) });
export type PutDocumentBody = z.infer<typeof PutDocumentBody>;

export const EXPORT_FORMATS = ['json', 'csv'] as const;
export const DataExportQuery = z.strictObject({
  format: z.enum(EXPORT_FORMATS).default('json'),
  collection: collectionName.optional().describe('one collection (required for csv); all of them when left out'),
});
export type DataExportQuery = z.infer<typeof DataExportQuery>;

export const AppUserSummary = z.object({ id: z.string(), email: z.string(), createdAt: z.string() });
export type AppUserSummary = z.infer<typeof AppUserSummary>;
export const AppUserList = z.object({ users: z.array(AppUserSummary) }).meta({ id: 'AppUserList' });
export type AppUserList = z.infer<typeof AppUserList>;
