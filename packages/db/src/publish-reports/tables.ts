import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { GateAcknowledgement, GateFinding } from '@sprout/core/contract';
import { ts } from '../columns';
import { sprouts, versions } from '../schema';

/**
 * The security check of a version at publish (core publish-gate/): what it found, and the critical
 * findings' rules the owner accepted with a reason when publishing anyway. One per version, the
 * latest check's; History shows it beside the version.
 */
export const publishReports = pgTable('publish_reports', {
  versionId: text('version_id')
    .primaryKey()
    .references(() => versions.id, { onDelete: 'cascade' }),
  sproutId: text('sprout_id')
    .notNull()
    .references(() => sprouts.id, { onDelete: 'cascade' }),
  findings: jsonb('findings').$type<GateFinding[]>().notNull(),
  acknowledged: jsonb('acknowledged').$type<(GateAcknowledgement & { at: string })[]>().notNull().default([]),
  checkedAt: ts('checked_at').notNull().defaultNow(),
});
