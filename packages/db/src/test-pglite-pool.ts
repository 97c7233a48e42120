import { PGlite } from '@electric-sql/pglite';
import { lentPgliteHandle, type DbHandle } from './create-db';
import { migratedSnapshot } from './test-snapshot';

// Every test file that opens a database used to start an in-memory PGlite from the migrated
// snapshot: ~1.1 CPU-s each (PostgreSQL starting inside WebAssembly), for some 150 databases a run.
// A worker now keeps the databases its finished files closed and lends them to the next ones,
// emptied first: every table truncated with its identities restarted and the session discarded
// (settings, prepared statements, locks, listeners), ~0.2 CPU-s, the same as a new one to anything
// a test can see. Only Vitest workers keep them (see giveBack). The pool lives on globalThis
// because a worker keeps one module graph per project: one pool serves them all, so idle databases
// never pile up in graphs no file uses any more.

/** Idle databases a worker keeps (a file rarely holds more than two at once). */
const IDLE_MAX = 2;

interface Pool {
  idle: PGlite[];
  /** Closed by their files and being emptied: they count toward IDLE_MAX already. */
  emptying: number;
  /** The tables to empty, quoted and joined (the same schema in every lent database). */
  tables?: string;
  /** Databases started, and lent again after a file closed them (what the pool's test reads). */
  started: number;
  reused: number;
}

const POOL = Symbol.for('sprout.test-pglite-pool');
const pool: Pool = ((globalThis as Record<symbol, Pool | undefined>)[POOL] ??= { idle: [], emptying: 0, started: 0, reused: 0 });

/** A migrated, empty in-memory database: one a finished test file closed, or a new one. */
export async function lendTestPglite(): Promise<DbHandle> {
  let client = pool.idle.pop();
  if (client) pool.reused += 1;
  else {
    client = await PGlite.create({ loadDataDir: await migratedSnapshot() });
    pool.started += 1;
  }
  return lentPgliteHandle(client, giveBack);
}

/** How many databases this worker started and lent again, and how many wait idle. */
export const testPglitePoolStats = () => ({ started: pool.started, reused: pool.reused, idle: pool.idle.length });

async function giveBack(client: PGlite): Promise<void> {
  // Kept only in a Vitest worker, which ends when its files have run: an open PGlite keeps a
  // process alive, and an eval or a benchmark that opened a test app must exit when it is done.
  if (!process.env.VITEST || pool.idle.length + pool.emptying >= IDLE_MAX) return client.close();
  pool.emptying += 1;
  try {
    await empty(client);
  } catch (err) {
    // A database that cannot be emptied is not lent again; the file that closed it is not failed for it.
    process.emitWarning(`a test database could not be emptied, so it is closed: ${(err as Error).message}`);
    return client.close();
  } finally {
    pool.emptying -= 1;
  }
  pool.idle.push(client);
}

async function empty(client: PGlite): Promise<void> {
  pool.tables ??= (
    await client.query<{ name: string }>(
      `select format('%I.%I', schemaname, tablename) as name from pg_tables
       where schemaname not in ('pg_catalog', 'information_schema', 'drizzle') order by 1`,
    )
  ).rows
    .map((r) => r.name)
    .join(', ');
  await client.query(`truncate ${pool.tables} restart identity cascade`);
  // Not in the statement above: DISCARD ALL cannot run inside a transaction block.
  await client.query('discard all');
}
