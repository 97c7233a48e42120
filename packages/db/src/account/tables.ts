import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, ts } from '../columns';
import { users } from '../schema';

// A person's account beyond sign-in: links that prove an email address. drizzle.config.ts reads this file too.

/**
 * A link mailed to prove an address: the account's own (`verify`) or a new one it is moving to
 * (`change`: the account keeps its address until the link is opened). Stored as the token's hash; works once.
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** verify | change */
    purpose: text('purpose').$type<'verify' | 'change'>().notNull(),
    /** The address the link proves, lower-cased. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId, t.purpose)],
);
