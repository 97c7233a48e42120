import type { PGlite } from '@electric-sql/pglite';
import { eq, fillPlaceholders, getTableColumns, sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Executor } from '../create-db';
import { preparedFor } from './prepared';
import { sprouts, subscriptions, users, versions } from '../schema';
import { screenshots } from '../attempts/tables';
import { userTierColumn, type UserWithTier } from './users';
import type { SproutRow } from './sprouts';

const USER_KEYS = Object.keys(getTableColumns(users));
const COLUMNS = Object.entries(getTableColumns(sprouts));
const TIMESTAMPS = COLUMNS.filter(([, c]) => c.columnType === 'PgTimestamp').map(([key]) => key);

/** A project in the list: its row, and the picture the list shows for it. */
export type SproutListRow = SproutRow & {
  /** The render check's screenshot of the project's newest version that has one (the list's thumbnail), or null. */
  thumbnailId: string | null;
};

// The newest version's picture: a restore or a manual edit (not checked in a browser) keeps the one before.
const thumbnailOf = sql`(
  select ${screenshots.id} from ${screenshots} join ${versions} on ${versions.id} = ${screenshots.id}
  where ${versions.sproutId} = ${sprouts.id} order by ${versions.number} desc limit 1
)`;

// Each project as one JSON object keyed like SproutListRow, in the list's order (listSproutsForOwner):
// the keys are our own column names, written into the statement, never a parameter.
const projectJson = sql.join([...COLUMNS.map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`), sql`'thumbnailId', ${thumbnailOf}`], sql`, `);
const projectsOfUser: SQL<unknown[]> = sql`coalesce((
  select json_agg(json_build_object(${projectJson}) order by ${sprouts.isPinned} desc, ${sprouts.updatedAt} desc, ${sprouts.createdAt} desc)
  from ${sprouts} where ${sprouts.ownerId} = ${users.id} and ${sprouts.deletedAt} is null
), '[]'::json)`;

/** The user's columns (in USER_KEYS order), the tier in force, the projects: one row. */
const statement = (db: Executor, id: string | ReturnType<typeof sql.placeholder>) =>
  db
    .select({ user: users, tier: userTierColumn, projects: projectsOfUser })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(eq(users.id, id))
    .limit(1);

type Row = unknown[];

/**
 * The statement Drizzle builds, sent as it is through the driver (as an unnamed statement, like
 * preparedFor's) with the rows as arrays: on the API's hottest authenticated route, Drizzle's
 * execute path (tracing wrapper, placeholders, row mapping) was several per cent of the CPU and of
 * the garbage. Both drivers decode the columns as Drizzle's schema does (timestamptz → Date,
 * json/jsonb → values, booleans, text); the test compares the result with getUserById's.
 */
const direct = preparedFor((db): ((id: string) => Promise<Row[]>) => {
  const query = statement(db, sql.placeholder('id')).toSQL();
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  const values = (id: string) => fillPlaceholders(query.params, { id });
  if (client instanceof pg.Pool) return async (id) => (await client.query<Row>({ text: query.sql, values: values(id), rowMode: 'array' })).rows;
  return async (id) => (await client.query<Row>(query.sql, values(id), { rowMode: 'array' })).rows;
});

/** JSON carries timestamps as ISO text (with the session's offset): back to Dates, as every SproutRow has them. */
function toSproutRow(json: Record<string, unknown>): SproutListRow {
  for (const key of TIMESTAMPS) if (json[key] !== null) json[key] = new Date(json[key] as string);
  return json as unknown as SproutListRow;
}

/**
 * The person (with the tier in force, as getUserById) and their projects (as listSproutsForOwner)
 * in ONE statement: the project list is the API's hottest authenticated route, and loading the
 * user first and the list after it cost two round trips to the database per request.
 * Null when there is no such person.
 */
export async function getUserWithSprouts(db: Executor, id: string): Promise<{ user: UserWithTier; sprouts: SproutListRow[] } | null> {
  const run = direct(db);
  if (!run) {
    // Inside a transaction: Drizzle's own mapping.
    const [row] = await statement(db, id);
    return row ? { user: { ...row.user, tier: row.tier }, sprouts: (row.projects as Record<string, unknown>[]).map(toSproutRow) } : null;
  }
  const [row] = await run(id);
  if (!row) return null;
  const user: Record<string, unknown> = {};
  for (let i = 0; i < USER_KEYS.length; i++) user[USER_KEYS[i]!] = row[i];
  user.tier = row[USER_KEYS.length];
  return { user: user as unknown as UserWithTier, sprouts: (row[USER_KEYS.length + 1] as Record<string, unknown>[]).map(toSproutRow) };
}
