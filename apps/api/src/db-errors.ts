const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH']);
// PostgreSQL SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown).
const SQLSTATE = /^(08|57P0)/;

/** True when an error means "the database cannot be reached right now" rather than a bug. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const err = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof err.code === 'string' && (NETWORK_CODES.has(err.code) || SQLSTATE.test(err.code))) return true;
    if (typeof err.message === 'string' && /Connection terminated|connection is closed|Client has encountered a connection error/i.test(err.message)) {
      return true;
    }
    e = err.cause;
  }
  return false;
}
