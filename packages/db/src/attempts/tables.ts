import { index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bytea, createdAt } from '../columns';
import { blobs, sprouts } from '../schema';

// What verifying a run leaves beside the versions (docs/architecture.md#verified-versions-and-kept-attempts):
// the attempts that did not become a version, and the screenshots the render check took. drizzle.config.ts reads this file too.

/**
 * A run's last attempt when it still did not work after its fix rounds: kept so the person can look
 * at it and restore it on purpose, never made current by the run. One per run.
 */
export const runAttempts = pgTable(
  'run_attempts',
  {
    runId: text('run_id').primaryKey(),
    sproutId: text('sprout_id')
      .notNull()
      .references(() => sprouts.id, { onDelete: 'cascade' }),
    /** The id its preview build (and screenshot) is kept under. */
    candidateId: text('candidate_id').notNull(),
    baseVersionId: text('base_version_id'),
    summary: text('summary'),
    /** The check issues that were left (CheckIssue[]). */
    issues: jsonb('issues').$type<unknown[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('run_attempts_sprout_idx').on(t.sproutId, t.createdAt)],
);

export const runAttemptFiles = pgTable(
  'run_attempt_files',
  {
    runId: text('run_id')
      .notNull()
      .references(() => runAttempts.runId, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    blobHash: text('blob_hash')
      .notNull()
      .references(() => blobs.hash),
  },
  (t) => [primaryKey({ columns: [t.runId, t.path] })],
);

/**
 * The render check's screenshot of a version or an attempt (JPEG), keyed by the id it was built
 * under. Its bytes are in the API's file store under `storage_key`; a screenshot taken before they
 * were kept there has them in `image` instead.
 */
export const screenshots = pgTable(
  'screenshots',
  {
    id: text('id').primaryKey(),
    sproutId: text('sprout_id')
      .notNull()
      .references(() => sprouts.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key'),
    image: bytea('image'),
    createdAt: createdAt(),
  },
  // storage_key: the file store's sweep asks whether a row still names a key (queries/stored-files.ts).
  (t) => [index('screenshots_storage_key_idx').on(t.storageKey)],
);
