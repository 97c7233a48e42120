import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, createdAt, ts } from '../columns';
import { sprouts } from '../schema';
import type { Dataset } from './scope';

// Apps' backends' tables, beside the product's own in ../schema.ts (drizzle.config.ts reads both).

/**
 * An app's backend (docs/app-backend.md): documents of a project's collections, per dataset ('test'
 * for the preview, 'live' for the published app). Every query is scoped by (sprout_id, dataset).
 */
export const appDocuments = pgTable(
  'app_documents',
  {
    id: text('id').primaryKey(),
    sproutId: text('sprout_id')
      .notNull()
      .references(() => sprouts.id, { onDelete: 'cascade' }),
    dataset: text('dataset').$type<Dataset>().notNull(),
    collection: text('collection').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdBy: text('created_by').notNull(),
    /** Bytes of `data` as JSON, for the storage quota. */
    size: integer('size').notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  // By creator: what one visitor or app user holds, counted on every write against their share.
  (t) => [
    index('app_documents_list_idx').on(t.sproutId, t.dataset, t.collection, t.createdAt, t.id),
    index('app_documents_creator_idx').on(t.sproutId, t.dataset, t.createdBy),
  ],
);

/** An app's own users (sign-up in the app), separate from Sprout accounts, per project and dataset. */
export const appUsers = pgTable(
  'app_users',
  {
    id: text('id').primaryKey(),
    sproutId: text('sprout_id')
      .notNull()
      .references(() => sprouts.id, { onDelete: 'cascade' }),
    dataset: text('dataset').$type<Dataset>().notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Sessions issued before this time are ended (sign-out everywhere). */
    sessionsValidAfter: ts('sessions_valid_after'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('app_users_email_idx').on(t.sproutId, t.dataset, t.email)],
);

/**
 * Files an app uploaded (`files.upload`), type sniffed from the bytes at upload. The bytes are in the
 * API's file store under `storage_key` (../queries/stored-files.ts): a 5 MB bytea read or written
 * through PGlite held the API's one thread for seconds. `data` holds the bytes of files stored
 * before that, until the API moves them to the store (at start-up, or on their first read).
 */
export const appFiles = pgTable(
  'app_files',
  {
    id: text('id').primaryKey(),
    sproutId: text('sprout_id')
      .notNull()
      .references(() => sprouts.id, { onDelete: 'cascade' }),
    dataset: text('dataset').$type<Dataset>().notNull(),
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    /** Null only for a file stored before the file store, whose bytes are still in `data`. */
    storageKey: text('storage_key'),
    data: bytea('data'),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  // By key: whether bytes a deletion queued are still someone's (a copied dataset shares its keys).
  (t) => [
    index('app_files_scope_idx').on(t.sproutId, t.dataset),
    index('app_files_creator_idx').on(t.sproutId, t.dataset, t.createdBy),
    index('app_files_storage_key_idx').on(t.storageKey),
  ],
);
