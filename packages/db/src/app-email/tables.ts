import { bigint, boolean, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts } from '../columns';
import { sprouts } from '../schema';

/** 'test' (the preview), 'live', or 'check' (the server's behaviour checks: never sent, read back by the check). */
type MailDataset = 'test' | 'live' | 'check';

/**
 * Every mail an app's functions sent or tried to send: the owner's Outbox. `status`: 'sending', 'sent',
 * 'failed' (the mail server refused it: `error` says why), 'not_sent' (no mail server is configured:
 * recorded, never lost) or 'unsubscribed' (the address asked for no more of the app's mail).
 */
export const appEmails = pgTable(
  'app_emails',
  {
    id: text('id').primaryKey(),
    /** The order mails were sent in (created_at ties on PGlite's millisecond clock). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    sproutId: text('sprout_id')
      .notNull()
      .references(() => sprouts.id, { onDelete: 'cascade' }),
    dataset: text('dataset').$type<MailDataset>().notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** A receipt, a confirmation: sent whatever the address unsubscribed from; the rest carry an unsubscribe link. */
    transactional: boolean('transactional').notNull(),
    status: text('status').notNull(),
    error: text('error'),
    /** The secret in the unsubscribe link of a mail that is not transactional. */
    unsubscribeToken: text('unsubscribe_token'),
    createdAt: createdAt(),
  },
  (t) => [index('app_emails_list_idx').on(t.sproutId, t.dataset, t.seq), uniqueIndex('app_emails_unsubscribe_idx').on(t.unsubscribeToken)],
);

/** Addresses that asked an app (per dataset) for no more of its mail that is not transactional. */
export const appEmailUnsubscribes = pgTable(
  'app_email_unsubscribes',
  {
    sproutId: text('sprout_id')
      .notNull()
      .references(() => sprouts.id, { onDelete: 'cascade' }),
    dataset: text('dataset').$type<MailDataset>().notNull(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.sproutId, t.dataset, t.email] })],
);

/** The owner's settings of their app's mail: the name before Sprout's address, and where replies go. */
export const appEmailSettings = pgTable('app_email_settings', {
  sproutId: text('sprout_id')
    .primaryKey()
    .references(() => sprouts.id, { onDelete: 'cascade' }),
  senderName: text('sender_name'),
  replyTo: text('reply_to'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
