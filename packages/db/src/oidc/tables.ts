import { boolean, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, ts } from '../columns';
import { users } from '../schema';

// Sign-in with OpenID Connect providers (the API's src/oidc/). drizzle.config.ts reads this file too.

/** An account's identity at a provider: the provider's `sub` is stable, its email may change. */
export const oidcLinks = pgTable(
  'oidc_links',
  {
    /** The provider's id in OIDC_PROVIDERS (its label, slugged). */
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('oidc_links_user_idx').on(t.userId)],
);

/**
 * A sign-in on its way through a provider, from the start to the callback: what the callback must
 * check (the state, the browser it started in) and send (the PKCE verifier, the nonce). Stored by
 * hashes; taken once; lives ten minutes.
 */
export const oidcSignIns = pgTable(
  'oidc_sign_ins',
  {
    stateHash: text('state_hash').primaryKey(),
    provider: text('provider').notNull(),
    /** The hash of the browser's binding cookie: a state from another browser is refused. */
    browserHash: text('browser_hash').notNull(),
    /** The hash of the secret the sign-in page kept in its tab: only that tab can complete the sign-in. */
    tabHash: text('tab_hash').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    /** Where the person was going, checked again by the page that completes the sign-in. */
    redirectUrl: text('redirect_url'),
    prompt: text('prompt'),
    /** The page it started on (login | register), where a failure goes back to. */
    origin: text('origin').$type<'login' | 'register'>().notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('oidc_sign_ins_expires_idx').on(t.expiresAt)],
);

/** A finished sign-in waiting for its page: the one-use code (hashed) the callback sent the browser with. */
export const oidcHandoffs = pgTable(
  'oidc_handoffs',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    redirectUrl: text('redirect_url'),
    prompt: text('prompt'),
    created: boolean('created').notNull(),
    /** The sign-in's tab secret, hashed: a code taken to another browser (a login CSRF) completes nothing. */
    tabHash: text('tab_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('oidc_handoffs_expires_idx').on(t.expiresAt)],
);
