/**
 * True for a unique-index violation (PostgreSQL 23505), however the driver or ORM wraps it; with
 * `constraint`, only for that index (drivers that do not name it are taken at their word).
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    const x = e as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (x.code === '23505' && (!constraint || x.constraint === undefined || x.constraint === constraint)) return true;
    if (constraint && typeof x.message === 'string' && x.message.includes(constraint)) return true;
    e = x.cause;
  }
  return false;
}
