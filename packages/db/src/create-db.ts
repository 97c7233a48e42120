import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { acquireDirLock } from './dir-lock';
import { withEventLoopTurns } from './pglite-turns';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type every query function takes: PGlite and node-postgres share it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle or the database itself. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: the connection string the pool uses. */
  databaseUrl?: string;
  /**
   * PostgreSQL only: where a dedicated LISTEN connection (`createPgListener`) connects — a direct
   * connection when the pool goes through a transaction-mode pooler (PgBouncer), where LISTEN and
   * session locks do not hold. The pool's URL when none was given.
   */
  listenUrl?: string;
  /**
   * PostgreSQL only: the connection pool right now (connections open, idle among them, queries
   * waiting for one, and the most it opens). PGlite is one connection inside the process: none.
   */
  poolStats?(): PoolStats;
  /**
   * PGlite only: LISTEN inside this process (its one connection); resolves with the way to stop.
   * PostgreSQL's listeners take a connection of their own (`createPgListener` on `listenUrl`).
   */
  listen?(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

export interface CreateDbOptions {
  /** PostgreSQL connection string; when set, PGlite is not used. */
  databaseUrl?: string;
  /** Directory for the embedded database; omitted → in-memory (tests). */
  dataDir?: string;
  /** A `dumpDataDir` snapshot to start an in-memory PGlite from (fast test start-up). */
  snapshot?: Blob;
  /** Maximum PostgreSQL pool size (default 10). */
  poolSize?: number;
  /** A direct connection to the same database, for LISTEN and the migration lock (`DbHandle.listenUrl`). */
  listenUrl?: string;
  onPoolError?: (err: Error) => void;
}

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

// Serialises migrations when several api instances start against one PostgreSQL at once.
const MIGRATION_LOCK_ID = 727_001;

export async function createDb(options: CreateDbOptions = {}): Promise<DbHandle> {
  if (options.databaseUrl) return createPostgres(options.databaseUrl, options);
  return createPglite(options);
}

async function createPostgres(databaseUrl: string, options: CreateDbOptions): Promise<DbHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: options.poolSize ?? 10 });
  // Without a listener an idle client's error (e.g. a server restart) would crash the process.
  pool.on('error', (err) => options.onPoolError?.(err));
  // The pool listens to idle clients only: a client checked out (inside a transaction, between two
  // queries) whose connection dies would emit an unhandled 'error' and crash the process. Its
  // queries fail on their own (503 to the caller); the event only needs a listener.
  pool.on('connect', (client) => client.on('error', (err) => options.onPoolError?.(err)));
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  const listenUrl = options.listenUrl ?? databaseUrl;
  // The migration lock is a session's: taken over the direct connection when there is one.
  const direct = new pg.Client({ connectionString: listenUrl });
  direct.on('error', (err) => options.onPoolError?.(err));
  await direct.connect();
  try {
    await direct.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg({ client: direct, schema }), { migrationsFolder });
  } finally {
    await direct.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch((err: Error) => options.onPoolError?.(err));
    await direct.end();
  }
  const max = options.poolSize ?? 10;
  const poolStats = (): PoolStats => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max });
  return { db, kind: 'postgres', databaseUrl, listenUrl, poolStats, close: () => pool.end() };
}

async function createPglite(options: CreateDbOptions): Promise<DbHandle> {
  let release: (() => void) | undefined;
  let dataDir: string | undefined;
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    release = acquireDirLock(options.dataDir);
    dataDir = path.join(options.dataDir, 'pglite');
  }
  try {
    const client = await PGlite.create({ dataDir, loadDataDir: options.snapshot });
    const db = drizzleOver(client);
    await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      listen: (channel, onMessage) => client.listen(channel, onMessage),
      close: async () => {
        await client.close();
        release?.();
      },
    };
  } catch (err) {
    release?.();
    throw err;
  }
}

/** Drizzle over a PGlite client: it calls only query and transaction, and each statement lets the event loop turn first. */
const drizzleOver = (client: PGlite, open?: () => boolean) => drizzlePglite({ client: withEventLoopTurns(client, open) as PGlite, schema });

/**
 * A handle over an open in-memory PGlite that already holds the migrated schema (a test database a
 * worker lends to its next test file, see test-pglite-pool.ts): closing it hands the client to
 * `giveBack` once, and the handle's later statements fail as on a closed database.
 */
export function lentPgliteHandle(client: PGlite, giveBack: (client: PGlite) => Promise<void>): DbHandle {
  let open = true;
  const db = drizzleOver(client, () => open);
  // The next borrower must hear nothing this one listened for.
  const listening = new Set<() => Promise<void>>();
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    listen: async (channel, onMessage) => {
      if (!open) throw new Error('This database handle is closed.');
      const unlisten = await client.listen(channel, onMessage);
      const stop = async () => {
        if (listening.delete(stop)) await unlisten();
      };
      listening.add(stop);
      return stop;
    },
    close: async () => {
      if (!open) return;
      open = false;
      for (const stop of [...listening]) await stop();
      await giveBack(client);
    },
  };
}

/** Cheap liveness probe for /health. */
export async function pingDb(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
