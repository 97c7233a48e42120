// What the API's log may hold: never a query's parameters (emails, password hashes, file contents
// travel in them) and never a token from an address (preview grants, reset links).

const SECRET_PARAMS = /([?&](?:token|code|key|secret|password|signature)=)[^&#\s]*/gi;

/** The address with the values of secret-looking query parameters replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

/** Drops the parameter list a database driver or ORM appends to a failed query's message. */
function withoutParams(text: string): string {
  const at = text.search(/\n\s*params:/i);
  return at === -1 ? text : text.slice(0, at);
}

export interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: unknown;
  cause?: LoggedError;
}

/** An error as the log shows it: type, message, stack, code and cause; no other fields (an ORM's `params`). */
export function serializeError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: withoutParams(redactUrl(String(err))), stack: '' };
  const e = err as Error & { code?: unknown };
  return {
    type: e.name,
    message: withoutParams(redactUrl(e.message)),
    stack: withoutParams(redactUrl(e.stack ?? '')),
    ...(e.code !== undefined ? { code: e.code } : {}),
    ...(e.cause !== undefined && depth < 3 ? { cause: serializeError(e.cause, depth + 1) } : {}),
  };
}

/** Fastify's request summary, with the address redacted. */
export function serializeRequest(req: { method: string; url: string; hostname?: string; ip?: string; socket?: { remotePort?: number } }) {
  return { method: req.method, url: redactUrl(req.url), host: req.hostname, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
}

export const logSerializers = { err: serializeError, error: serializeError, req: serializeRequest };
