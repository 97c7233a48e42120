import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from '../columns';
import { sprouts } from '../schema';

/** What an app's AI used, per dataset and month (UTC, `YYYY-MM`): counted to its owner, held to the app's cap. */
export const appAiUsage = pgTable(
  'app_ai_usage',
  {
    sproutId: text('sprout_id')
      .notNull()
      .references(() => sprouts.id, { onDelete: 'cascade' }),
    /** 'test' (the preview and the server's checks) or 'live'. */
    dataset: text('dataset').$type<'test' | 'live'>().notNull(),
    month: text('month').notNull(),
    tokensIn: integer('tokens_in').notNull().default(0),
    tokensOut: integer('tokens_out').notNull().default(0),
    requests: integer('requests').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sproutId, t.dataset, t.month] })],
);

/** The cap an owner set on their app's AI (tokens a month); no row: the plan's default. */
export const appAiSettings = pgTable('app_ai_settings', {
  sproutId: text('sprout_id')
    .primaryKey()
    .references(() => sprouts.id, { onDelete: 'cascade' }),
  monthlyTokenCap: integer('monthly_token_cap').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
