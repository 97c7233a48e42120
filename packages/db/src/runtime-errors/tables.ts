import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from '../columns';
import { sprouts, versions } from '../schema';

// What previews reported of their runtime errors, for the free repairs. drizzle.config.ts reads this file too.

/**
 * Runtime errors a preview page's bridge reported to the preview host, by version (a fingerprint of
 * each message, and when it was last seen): a free repair is started only for errors found here or
 * by the server's own render check, never for text a client made up.
 */
export const seenRuntimeErrors = pgTable(
  'seen_runtime_errors',
  {
    versionId: text('version_id')
      .notNull()
      .references(() => versions.id, { onDelete: 'cascade' }),
    fingerprint: text('fingerprint').notNull(),
    sproutId: text('sprout_id')
      .notNull()
      .references(() => sprouts.id, { onDelete: 'cascade' }),
    seenAt: ts('seen_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.fingerprint] }), index('seen_runtime_errors_sprout_idx').on(t.sproutId, t.seenAt)],
);
