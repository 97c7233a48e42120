import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from '../columns';

/**
 * Long-lived things (event streams) each key holds open, per API instance: a cap holds across
 * instances by summing the rows of instances still alive (their `seen_at` renewed), so the streams
 * of an instance that died stop counting once its rows go stale, without anyone closing them.
 */
export const openSlots = pgTable(
  'open_slots',
  {
    key: text('key').notNull(),
    instance: text('instance').notNull(),
    open: integer('open').notNull(),
    seenAt: ts('seen_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.key, t.instance] })],
);
