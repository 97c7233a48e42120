import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns';
import { sprouts, versions } from '../schema';

// What each version's test data was (docs/architecture.md#git-access). drizzle.config.ts reads this file too.

/**
 * A copy of a project's test dataset, kept so a restore can bring it back. Its rows are in the app
 * data tables under the dataset `snapshot:{id}` (snapshotDataset), which no app, Data panel or
 * export ever names: kept there, its files' rows keep naming their bytes, so the file store's sweep
 * keeps them. `fingerprint` sums up the rows copied: test data that did not change since a snapshot
 * is not copied again.
 */
export const dataSnapshots = pgTable(
  'data_snapshots',
  {
    id: text('id').primaryKey(),
    sproutId: text('sprout_id')
      .notNull()
      .references(() => sprouts.id, { onDelete: 'cascade' }),
    fingerprint: text('fingerprint').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('data_snapshots_fingerprint_idx').on(t.sproutId, t.fingerprint)],
);

/** The test data a version left behind when it stopped being current; versions may share one snapshot. */
export const versionData = pgTable(
  'version_data',
  {
    versionId: text('version_id')
      .primaryKey()
      .references(() => versions.id, { onDelete: 'cascade' }),
    snapshotId: text('snapshot_id')
      .notNull()
      .references(() => dataSnapshots.id, { onDelete: 'cascade' }),
  },
  (t) => [index('version_data_snapshot_idx').on(t.snapshotId)],
);
