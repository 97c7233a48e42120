import { bytea, createdAt, ts } from '../columns';
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { sprouts, users, versions } from '../schema';

/**
 * A person's personal access tokens, for git over HTTPS. Only the SHA-256 of the token is kept: the
 * token itself is shown once, when it is made, and a copy of this table lets nobody in.
 */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** read: clone and pull; write: push too. */
    scope: text('scope').$type<'read' | 'write'>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at'),
    /** Set when revoked: the row stays as a record, the token opens nothing. */
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('access_tokens_user_idx').on(t.userId)],
);

/**
 * The git commit each version is served as, byte for byte: a commit pushed by a person (their author,
 * dates, signature) and the one made for a version Sprout wrote. The repositories on disk are caches
 * rebuilt from the database; with the commit kept here, every rebuild, on any instance, gives the
 * same commit ids, so a clone never finds its history rewritten.
 */
export const versionCommits = pgTable('version_commits', {
  versionId: text('version_id')
    .primaryKey()
    .references(() => versions.id, { onDelete: 'cascade' }),
  commitId: text('commit_id').notNull(),
  /** The commit object's body (what `git cat-file commit` prints). */
  raw: bytea('raw').notNull(),
});

/**
 * A project's remote git repository (one at most), synced by push after every version and by pull on
 * request. The token is sealed (AES-256-GCM, the key of apps' secrets, apps/api/src/functions/secret-box.ts)
 * with the project's id as context: a copy of the database alone pushes nowhere.
 */
export const projectRemotes = pgTable('project_remotes', {
  sproutId: text('sprout_id')
    .primaryKey()
    .references(() => sprouts.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  /** Empty with keyId empty: no token (a public repository). */
  tokenSealed: text('token_sealed').notNull(),
  tokenKeyId: text('token_key_id').notNull(),
  createdAt: createdAt(),
  lastPushedAt: ts('last_pushed_at'),
  lastPulledAt: ts('last_pulled_at'),
  /** What went wrong the last time, in plain words (never git's text with a token); null after a success. */
  lastError: text('last_error'),
});
