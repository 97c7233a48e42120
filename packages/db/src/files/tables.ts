import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { bytea, createdAt, ts } from '../columns';
import { sprouts, users } from '../schema';

// The builder's image uploads and the file store's deletion queue. drizzle.config.ts reads this file too.

/** Images for chat messages; their bytes are in the file store, as app files' are (app-data/tables.ts). */
export const uploads = pgTable(
  'uploads',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sproutId: text('sprout_id').references(() => sprouts.id, { onDelete: 'set null' }),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    /** Null only for an upload stored before the file store, whose bytes are still in `data`. */
    storageKey: text('storage_key'),
    data: bytea('data'),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_storage_key_idx').on(t.storageKey)],
);

/**
 * Keys of the file store whose bytes are to be removed once `due_at` has passed and no row refers to
 * them (queries/stored-files.ts). A trigger adds the key of every deleted `app_files`, `uploads`,
 * `deployment_files` and `screenshots` row, cascades included (a pruned deployment, a project or an
 * account removed), in the deleting transaction; a write
 * adds its key as pending before its bytes reach the store and removes it with the row that claims
 * them, so bytes left by a crash in between are removed too.
 */
export const fileDeletions = pgTable('file_deletions', {
  key: text('key').primaryKey(),
  dueAt: ts('due_at').notNull().defaultNow(),
});
