import { Stream } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

const NUL = '\u0000';

/** A file, not data: the body of a route that takes one (a request stream, or its bytes). */
const isFile = (value: object) => value instanceof Stream || ArrayBuffer.isView(value);

/** True when any string (or key) in a parsed JSON value holds a NUL character. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  // A file's body (a request stream) was once walked as if it were data: its object graph, 64
  // levels deep, held the event loop without end.
  if (value === null || typeof value !== 'object' || depth > 64 || isFile(value)) return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes(NUL) || containsNul(v, depth + 1));
}

/**
 * No text Sprout stores may hold NUL (PostgreSQL's text cannot, and a name or file with one is
 * never meant): refused in bodies, queries and route parameters before any schema or handler,
 * with a 400 that says so rather than a database error.
 */
export function refuseNul(app: FastifyInstance): void {
  app.addHook('preValidation', (req, _reply, done) => {
    if (containsNul(req.params) || containsNul(req.query) || containsNul(req.body)) {
      return done(new AppError(400, 'invalid_request', 'Invalid request: text must not contain NUL characters.'));
    }
    done();
  });
}
