import type { PGlite, Transaction } from '@electric-sql/pglite';

/** What Drizzle's PGlite driver (and `getUserWithSprouts`) call on the client. */
export type PgliteClient = Pick<PGlite, 'query' | 'transaction'>;

/** The longest the process runs statements without letting the event loop turn. */
export const SLICE_MS = 4;

let lastTurn = performance.now();
let watching = false;

/** Notes when the event loop next turns (for whatever reason), so a statement after it need not wait. */
function watchForTurn(): void {
  if (watching) return;
  watching = true;
  setImmediate(() => {
    watching = false;
    lastTurn = performance.now();
  });
}

const handleClosed = () => new Error('the database handle is closed');

async function fairTurn(): Promise<void> {
  if (performance.now() - lastTurn < SLICE_MS) return watchForTurn();
  await new Promise<void>((resolve) => setImmediate(resolve));
  lastTurn = performance.now();
}

/**
 * PGlite runs every statement on this thread, and its promises resolve without the event loop
 * turning: a transaction of a dozen statements (a run's commit) is one long chain of promise
 * callbacks during which no request is read and no response leaves (a socket's writes go out when
 * it is uncorked, on a later tick). Measured: a preview module asked for during a run's commit waited
 * 25-85 ms for its first byte while its own handler took under 10 ms. A statement that would start
 * more than SLICE_MS after the event loop last turned waits for one turn first (as a statement sent
 * to a PostgreSQL server waits for the network), so requests and responses interleave with long
 * transactions; statements in quick succession do not each pay for a turn.
 */
export function withEventLoopTurns(client: PGlite, open: () => boolean = () => true): PgliteClient {
  const query = <T>(target: Pick<PGlite, 'query'>): PGlite['query'] =>
    (async (...args: Parameters<PGlite['query']>) => {
      await fairTurn();
      // A handle closed over a client that lives on (a test database lent to the next test file):
      // a late statement fails as it would on a closed database, never reaching the next user's data.
      if (!open()) throw handleClosed();
      return target.query<T>(...args);
    }) as PGlite['query'];
  return {
    query: query(client),
    transaction: ((callback: (tx: Transaction) => Promise<unknown>) =>
      open()
        ? client.transaction((tx) => callback(Object.assign(Object.create(tx) as Transaction, { query: query(tx) })))
        : Promise.reject(handleClosed())) as PGlite['transaction'],
  };
}
