import { bigint, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, ts } from '../columns';
import { sprouts } from '../schema';
import type { Dataset } from '../app-data/scope';

/**
 * A project's secrets per dataset (test for the preview, live for the published app), read by its
 * functions as ctx.env. Only ciphertext is stored (AES-256-GCM, the key from the API's environment,
 * named by `key_id` so keys can be rotated); `hint` is what the owner sees of the value.
 */
export const appSecrets = pgTable(
  'app_secrets',
  {
    sproutId: text('sprout_id')
      .notNull()
      .references(() => sprouts.id, { onDelete: 'cascade' }),
    dataset: text('dataset').$type<Dataset>().notNull(),
    name: text('name').notNull(),
    /** base64url of iv (12 bytes) + ciphertext + tag (16 bytes). */
    sealed: text('sealed').notNull(),
    keyId: text('key_id').notNull(),
    hint: text('hint').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sproutId, t.dataset, t.name] })],
);

/** One call of an app's function (a request, a schedule, "Run now"): what the Functions panel shows. */
export const functionCalls = pgTable(
  'function_calls',
  {
    id: text('id').primaryKey(),
    /** The order calls were recorded in (PGlite's clock counts milliseconds: created_at ties). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    sproutId: text('sprout_id')
      .notNull()
      .references(() => sprouts.id, { onDelete: 'cascade' }),
    dataset: text('dataset').$type<Dataset>().notNull(),
    name: text('name').notNull(),
    /** 'request' | 'schedule' | 'run-now'. */
    trigger: text('trigger').notNull(),
    /** The HTTP status answered, or null when the call failed before answering. */
    status: integer('status'),
    /** 'ok', 'threw', or why the runtime stopped it ('timeout', 'cpu', 'crashed', 'too_large', …). */
    outcome: text('outcome').notNull(),
    durationMs: integer('duration_ms').notNull(),
    logs: jsonb('logs').$type<string[]>().notNull(),
    error: jsonb('error').$type<{ message: string; stack: string | null } | null>(),
    createdAt: createdAt(),
  },
  (t) => [index('function_calls_list_idx').on(t.sproutId, t.dataset, t.seq)],
);

/** The last time each scheduled function of a project's dataset was due and run: a run is claimed once, by whichever instance gets here first. */
export const functionScheduleRuns = pgTable(
  'function_schedule_runs',
  {
    sproutId: text('sprout_id')
      .notNull()
      .references(() => sprouts.id, { onDelete: 'cascade' }),
    dataset: text('dataset').$type<Dataset>().notNull(),
    name: text('name').notNull(),
    lastDueAt: ts('last_due_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sproutId, t.dataset, t.name] })],
);
