import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../create-db';

/**
 * A query built once per database instead of on every call. Drizzle turns a query into SQL text
 * anew each time it runs, which is most of the CPU an indexed lookup costs in this process (the
 * authenticated list route spends ~40 % of its time there). Used for the hottest queries only:
 * the user every authenticated request loads, and the project list.
 *
 * Prepared without a name: node-postgres then sends it as an unnamed statement, so nothing stays
 * on the server's connections and transaction-mode poolers (PgBouncer) keep working.
 * Inside a transaction the caller runs its ordinary query on the transaction instead.
 */
export function preparedFor<P>(build: (db: Db) => P): (db: Executor) => P | null {
  const byDb = new WeakMap<Db, P>();
  return (db) => {
    if (db instanceof PgTransaction) return null;
    let prepared = byDb.get(db as Db);
    if (!prepared) {
      prepared = build(db as Db);
      byDb.set(db as Db, prepared);
    }
    return prepared;
  };
}
