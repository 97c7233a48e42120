import { check, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { ts } from '../columns';
import { users } from '../schema';

// What operators set beside the per-person flag_overrides: the layers of docs/architecture.md#feature-flags-and-experiments.
// drizzle.config.ts reads this file too.

/**
 * Feature flags staff set for everyone (`scope` global, `target` '') or for one plan (`scope` plan,
 * `target` its tier id). One row per flag: no row means the layer below decides.
 */
export const flagSettings = pgTable(
  'flag_settings',
  {
    scope: text('scope').$type<'global' | 'plan'>().notNull(),
    target: text('target').notNull(),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.target, t.key] }),
    check('flag_settings_scope_check', sql`(${t.scope} = 'global' and ${t.target} = '') or (${t.scope} = 'plan' and ${t.target} <> '')`),
  ],
);
