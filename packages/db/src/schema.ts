import { sql } from 'drizzle-orm';
import type { NameOrigin } from '@sprout/core';
import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

import { bytea, createdAt, ts } from './columns';

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  // Stored lower-cased so lookups and the unique index are case-insensitive.
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  displayName: text('display_name').notNull(),
  emailVerified: boolean('email_verified').notNull().default(false),
  photoUrl: text('photo_url'),
  phoneNumber: text('phone_number'),
  tenantId: text('tenant_id'),
  roles: jsonb('roles').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  /** ID tokens issued before this are refused (a password reset, a sign-out, a stolen refresh token). */
  tokensValidAfter: ts('tokens_valid_after'),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull().default('free'),
    tierType: text('tier_type').notNull().default('free'),
    storeSource: text('store_source'),
    status: text('status').notNull().default('active'),
    currentPeriodEnd: ts('current_period_end'),
    /** Set on an upgrade from Free (core startsFreshAllowance): messages before it do not count against the new plan. */
    messagesCountedFrom: ts('messages_counted_from'),
    pendingTierType: text('pending_tier_type'),
    /** Who bills it: stripe | test (the built-in test checkout) | store (App Store, Play Store); null when nobody does. */
    provider: text('provider'),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  // Webhooks find the record by the provider's ids.
  (t) => [index('subscriptions_provider_sub_idx').on(t.providerSubscriptionId), index('subscriptions_provider_cus_idx').on(t.providerCustomerId)],
);

/** The built-in test checkout (no Stripe key): one row per started checkout; the unguessable id is the capability. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tierType: text('tier_type').notNull(),
    /** open | completed */
    status: text('status').notNull().default('open'),
    /** Same-origin path to return to afterwards (checked with core safeReturnPath). */
    returnTo: text('return_to').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    completedAt: ts('completed_at'),
  },
  (t) => [index('checkout_sessions_user_idx').on(t.userId, t.createdAt)],
);

/** Provider notifications already processed (Stripe event ids, store notification ids): retries are answered, not re-applied. */
export const billingEvents = pgTable(
  'billing_events',
  {
    /** stripe | mobile */
    source: text('source').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    userId: text('user_id'),
    /** What was done: applied | ignored: <reason>. */
    outcome: text('outcome').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.source, t.eventId] })],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // All tokens descending from one sign-in share a family; reuse of a rotated one revokes it whole.
    familyId: text('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId)],
);

export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  alg: text('alg').notNull(),
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
});

export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: ts('window_start').notNull(),
    count: integer('count').notNull(),
    // When the window ends: past it the row counts for nothing and is removed (null: written before this column).
    expiresAt: ts('expires_at'),
  },
  (t) => [index('rate_limits_expires_at').on(t.expiresAt)],
);

export const sprouts = pgTable(
  'sprouts',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    /** default | generated | person (core NameOrigin): only a default name is replaced after the first build, once. */
    nameOrigin: text('name_origin').$type<NameOrigin>().notNull().default('person'),
    isDeploymentEnabled: boolean('is_deployment_enabled').notNull().default(false),
    publicUrl: text('public_url'),
    isPinned: boolean('is_pinned').notNull().default(false),
    shareEnabled: boolean('share_enabled').notNull().default(false),
    currentVersionId: text('current_version_id'),
    // The published app's DNS label (`{slug}.sites.localhost`), claimed at first publish and kept.
    slug: text('slug').unique(),
    // The deployment visitors get while isDeploymentEnabled; switched in one update on republish.
    activeDeploymentId: text('active_deployment_id'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    // Soft delete: a deleted project leaves the list and the limit but its data can be recovered.
    deletedAt: ts('deleted_at'),
    // Its address was another owner's once: visitors' browsers may still hold that app's storage there.
    addressInherited: boolean('address_inherited').notNull().default(false),
  },
  // created_at: the staff dashboard counts projects created per day.
  (t) => [index('sprouts_owner_idx').on(t.ownerId, t.deletedAt), index('sprouts_created_idx').on(t.createdAt)],
);

/**
 * Addresses a project gave up (renamed away, or its account deleted): held for their owner for a
 * while, so a stranger cannot take an app's address, and with it the origin its visitors' browsers
 * trust, right after it was released. `ownerId` null: the owner is gone.
 */
export const releasedAddresses = pgTable('released_addresses', {
  slug: text('slug').primaryKey(),
  ownerId: text('owner_id'),
  releasedAt: ts('released_at').notNull().defaultNow(),
});

/** A production build of one version, as published. Immutable once written. */
export const deployments = pgTable(
  'deployments',
  {
    id: text('id').primaryKey(),
    sproutId: text('sprout_id')
      .notNull()
      .references(() => sprouts.id, { onDelete: 'cascade' }),
    versionId: text('version_id').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    fileCount: integer('file_count').notNull(),
    totalBytes: integer('total_bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('deployments_sprout_idx').on(t.sproutId, t.createdAt)],
);

export const deploymentFiles = pgTable(
  'deployment_files',
  {
    deploymentId: text('deployment_id')
      .notNull()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    /** Path below the site root, without a leading slash: `index.html`, `assets/main-X.js`. */
    path: text('path').notNull(),
    contentType: text('content_type').notNull(),
    /** Where the file's bytes are in the API's file store; null only for a file published before deployments kept their bytes there. */
    storageKey: text('storage_key'),
    /** The bytes of a file published before the file store held them; null since (every instance reads the store). */
    content: bytea('content'),
  },
  // storage_key: the file store's sweep asks whether a row still names a key (queries/stored-files.ts).
  (t) => [primaryKey({ columns: [t.deploymentId, t.path] }), index('deployment_files_storage_key_idx').on(t.storageKey)],
);

export const blobs = pgTable('blobs', {
  hash: text('hash').primaryKey(),
  content: text('content').notNull(),
  size: integer('size').notNull(),
  createdAt: createdAt(),
});

export const versions = pgTable(
  'versions',
  {
    id: text('id').primaryKey(),
    sproutId: text('sprout_id')
      .notNull()
      .references(() => sprouts.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    parentId: text('parent_id'),
    source: text('source').notNull(),
    summary: text('summary'),
    runId: text('run_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('versions_sprout_number_idx').on(t.sproutId, t.number)],
);

export const versionFiles = pgTable(
  'version_files',
  {
    versionId: text('version_id')
      .notNull()
      .references(() => versions.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    blobHash: text('blob_hash')
      .notNull()
      .references(() => blobs.hash),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.path] })],
);

export const messages = pgTable(
  'messages',
  {
    id: text('id').primaryKey(),
    sproutId: text('sprout_id')
      .notNull()
      .references(() => sprouts.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    role: text('role').notNull(),
    content: text('content').notNull(),
    attachments: jsonb('attachments').$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
    runId: text('run_id'),
    createdAt: createdAt(),
    // Insertion order: the chat's tie-break when two messages share a created_at (PGlite's clock
    // counts milliseconds, so messages written one after another often do).
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [index('messages_sprout_idx').on(t.sproutId, t.createdAt)],
);

export const runs = pgTable(
  'runs',
  {
    id: text('id').primaryKey(),
    sproutId: text('sprout_id')
      .notNull()
      .references(() => sprouts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: text('message_id'),
    /** running | succeeded | failed | stopped | interrupted (its process died: a crash or restart) */
    status: text('status').notNull(),
    /** message: answers a user's message (costs one message); runtime-fix, security-fix: an automatic repair (free). */
    kind: text('kind').notNull().default('message'),
    /** For a runtime-fix run, the run whose preview reported the errors. */
    parentRunId: text('parent_run_id'),
    model: text('model'),
    baseVersionId: text('base_version_id'),
    resultVersionId: text('result_version_id'),
    summary: text('summary'),
    error: text('error'),
    /** Machine-readable reason of a failure (provider_auth, forbidden_path, ...). */
    errorCode: text('error_code'),
    tokensIn: integer('tokens_in'),
    tokensOut: integer('tokens_out'),
    /** Of tokensIn, how many the provider read from its prompt cache (null: it did not say). */
    tokensInCached: integer('tokens_in_cached'),
    fixRounds: integer('fix_rounds').notNull().default(0),
    /** A plan run: the plan it proposed and, once approved, the answers and the build it started (core's KeptPlan). */
    plan: jsonb('plan'),
    createdAt: createdAt(),
    finishedAt: ts('finished_at'),
    /** The API instance executing the run (its RunManager id); null until one claims it. */
    ownerInstance: text('owner_instance'),
    /** Renewed by the owning instance while the run executes: a running run whose lease is stale was orphaned by a crash. */
    heartbeatAt: ts('heartbeat_at').notNull().defaultNow(),
  },
  (t) => [
    index('runs_sprout_idx').on(t.sproutId, t.createdAt),
    // The staff dashboard reads runs by day (failures, fix rounds, tokens by model).
    index('runs_created_idx').on(t.createdAt),
    index('runs_running_heartbeat_idx').on(t.heartbeatAt).where(sql`status = 'running'`),
    // Ended runs by when they ended: the compaction of what they streamed looks for the old ones.
    index('runs_finished_idx').on(t.finishedAt).where(sql`status <> 'running'`),
    // One active run per project, enforced by the database so it holds across API instances.
    uniqueIndex('runs_one_active_idx').on(t.sproutId).where(sql`status = 'running'`),
  ],
);

export const runEvents = pgTable(
  'run_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    runId: text('run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('run_events_run_seq_idx').on(t.runId, t.seq)],
);

export const messageUsage = pgTable(
  'message_usage',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    runId: text('run_id'),
    createdAt: createdAt(),
    // A refunded message (e.g. a run interrupted by a crash) no longer counts against the quota.
    refundedAt: ts('refunded_at'),
  },
  // By run: a run's refund, and which of a chat's runs were refunded (read on every run and chat fetch).
  (t) => [index('message_usage_user_idx').on(t.userId, t.createdAt), index('message_usage_run_idx').on(t.runId)],
);

export const visits = pgTable('visits', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  appName: text('app_name').notNull(),
  userAgent: text('user_agent'),
  createdAt: createdAt(),
});

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // Client-generated id: a batch retried after a lost response is stored once.
    messageId: text('message_id').notNull().unique(),
    userId: text('user_id'),
    anonymousId: text('anonymous_id'),
    name: text('name').notNull(),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull(),
    occurredAt: ts('occurred_at').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  // The staff dashboard reads days of events by name (and all names, for active people).
  (t) => [index('analytics_events_name_occurred_idx').on(t.name, t.occurredAt), index('analytics_events_occurred_idx').on(t.occurredAt)],
);

export const flagOverrides = pgTable(
  'flag_overrides',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  actorId: text('actor_id'),
  action: text('action').notNull(),
  targetUserId: text('target_user_id'),
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  createdAt: createdAt(),
});
