import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, boolean } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt } from '../columns';
import { sprouts } from '../schema';

/**
 * A domain an owner connected to a published app. Several projects may claim a domain while it is
 * unproven; the TXT record (`verify_token`) proves it, and then it belongs to that one app alone
 * (the partial unique index): a verified domain is what the sites host serves and Caddy's
 * on-demand TLS may issue a certificate for.
 */
export const customDomains = pgTable(
  'custom_domains',
  {
    /** Lower-case host name, no trailing dot, no port. */
    domain: text('domain').notNull(),
    sproutId: text('sprout_id')
      .notNull()
      .references(() => sprouts.id, { onDelete: 'cascade' }),
    /** The value of the TXT record that proves the owner controls the domain. */
    verifyToken: text('verify_token').notNull(),
    /** When the records were last found right; null: not (yet) verified. */
    verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
    /** The owner asked for the app's slug address to redirect here. */
    isPrimary: boolean('is_primary').notNull().default(false),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true, mode: 'date' }),
    /** What the last check found wrong, in words for the owner; null when it passed or never ran. */
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.sproutId, t.domain] }),
    uniqueIndex('custom_domains_verified_idx').on(t.domain).where(sql`${t.verifiedAt} is not null`),
    index('custom_domains_domain_idx').on(t.domain),
  ],
);
