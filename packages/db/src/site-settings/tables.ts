import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sprouts } from '../schema';

/**
 * A published app's page settings (title, description, social image, favicon, language): the
 * shape is the contract's, validated where it is written; stored whole so it can grow without a
 * migration.
 */
export const siteSettings = pgTable('site_settings', {
  sproutId: text('sprout_id')
    .primaryKey()
    .references(() => sprouts.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
