import { getSproutById, hitRateLimit, type AccessTokenRow, type SproutRow } from '@sprout/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../services';
import { tokenOfPassword } from './access-tokens';

/** Wrong passwords one address may send in a minute before it is slowed down. */
const GIT_AUTH_FAILURES_PER_MINUTE = 30;

/** The password of an HTTP Basic header (the user name is not read: the token says who it is). */
export function basicPassword(header: string | undefined): string | null {
  const match = /^Basic +([A-Za-z0-9+/=]{1,1000})\s*$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon === -1 ? null : decoded.slice(colon + 1);
}

function answer(reply: FastifyReply, status: number, message: string) {
  if (status === 401) reply.header('www-authenticate', 'Basic realm="Sprout"');
  return reply.code(status).header('content-type', 'text/plain; charset=utf-8').send(`${message}\n`);
}

/**
 * Who is asking for which project, or the answer already sent: 401 (with the challenge git answers
 * with credentials) for no token or one that opens nothing, 404 for a project that is not the
 * token's owner's (its existence is not told), 403 for a push with a read token.
 */
export async function gitAccess(
  s: Services,
  req: FastifyRequest,
  reply: FastifyReply,
  sproutId: string,
  push: boolean,
): Promise<{ token: AccessTokenRow; sprout: SproutRow } | null> {
  const password = basicPassword(req.headers.authorization);
  if (password === null) {
    answer(reply, 401, 'Sign in with a Sprout access token as the password (Settings → Access tokens).');
    return null;
  }
  const token = await tokenOfPassword(s, password);
  if (!token) {
    const { count } = await hitRateLimit(s.db, `git-auth:${req.ip}`, 60_000);
    if (count > GIT_AUTH_FAILURES_PER_MINUTE) answer(reply, 429, 'Too many wrong tokens. Wait a minute, then try again.');
    else answer(reply, 401, 'This access token is not valid: it may have been revoked. Create a new one in Settings → Access tokens.');
    return null;
  }
  const sprout = /^[a-z0-9]{1,64}$/.test(sproutId) ? await getSproutById(s.db, sproutId) : null;
  if (!sprout || sprout.deletedAt || sprout.ownerId !== token.userId) {
    answer(reply, 404, 'Repository not found.');
    return null;
  }
  if (push && token.scope !== 'write') {
    answer(reply, 403, 'This access token can only read. Create a token with "Read and write" access in Settings to push.');
    return null;
  }
  return { token, sprout };
}
