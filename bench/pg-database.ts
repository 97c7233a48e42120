// A throwaway database on the local PostgreSQL server for the benchmarks that run on PostgreSQL:
// created for one benchmark, dropped afterwards (also when the benchmark fails). Without a server
// the benchmark is skipped, with a message; the embedded database is always measured.
import pg from 'pg';

const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs `fn` with the URL of a fresh, empty database; null (and a message) when there is no server. */
export async function withThrowawayDatabase<T>(fn: (url: string) => Promise<T>): Promise<T | null> {
  const name = `bench_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
  } catch (err) {
    console.error(`PostgreSQL is not available at ${ADMIN_URL} (${(err as Error).message}): skipping the PostgreSQL figures.`);
    await admin.end().catch((e: Error) => console.error(`closing the admin connection: ${e.message}`));
    return null;
  }
  try {
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    return await fn(url.href);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
