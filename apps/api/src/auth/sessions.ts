import {
  consumeRefreshToken,
  endTokensIssuedBefore,
  getUserById,
  insertRefreshToken,
  isUniqueViolation,
  newId,
  newSecret,
  revokeRefreshFamily,
  findRefreshToken,
  sha256Hex,
  type UserWithTier,
} from '@sprout/db';
import { deriveRefreshToken } from '@sprout/core';
import { AppError } from '../errors';
import type { Services } from '../services';
import type { User } from '@sprout/core/contract';
import { toUserDto } from '../dto';

export interface Session {
  tokenType: 'Bearer';
  idToken: string;
  expiresIn: number;
  refreshToken: string;
  user: User;
}

const invalidRefresh = () => new AppError(401, 'invalid_refresh_token', 'Your session has ended. Please sign in again.');

/**
 * Issues an ID token and an opaque refresh token (stored only as its hash): a fresh random one, or on
 * refresh the one derived from the presented token and the client's proposal (the client derived and
 * kept it before asking).
 */
export async function issueSession(s: Services, user: UserWithTier, familyId = newId(), derived?: string): Promise<Session> {
  const refreshToken = derived ?? newSecret();
  try {
    await insertRefreshToken(s.db, {
      userId: user.id,
      familyId,
      tokenHash: sha256Hex(refreshToken),
      expiresAt: new Date(Date.now() + s.config.refreshTokenTtlMs),
    });
  } catch (err) {
    // The same proposal sent twice for one token (a retry within the grace): refused, never a 500.
    if (derived && isUniqueViolation(err)) throw invalidRefresh();
    throw err;
  }
  return {
    tokenType: 'Bearer',
    idToken: await s.tokens.issueIdToken(user, s.config.idTokenTtlSeconds),
    expiresIn: s.config.idTokenTtlSeconds,
    refreshToken,
    user: toUserDto(user),
  };
}

/**
 * Rotates a refresh token: the presented one is spent and a new one of the same family issued.
 * Presenting a spent token means it was stolen or replayed, so the whole family is revoked — except,
 * when REFRESH_REUSE_GRACE_SECONDS is set, within that grace after its use: a browser that navigated
 * away while its refresh was in flight never received the new token and retries with the old one.
 */
export async function refreshSession(s: Services, refreshToken: string, nextRefreshToken?: string): Promise<Session> {
  if (nextRefreshToken === refreshToken) throw invalidRefresh();
  const result = await consumeRefreshToken(s.db, sha256Hex(refreshToken));
  if (result.status === 'reused' && !retriedWithinGrace(result.token, s.config.refreshReuseGraceMs)) {
    // Someone holds a copy of a spent token: the family ends, and so do the ID tokens issued so far
    // (once: a family ended before, by a sign-out or a reset, already ended them).
    if (!result.token.revokedAt) {
      await revokeRefreshFamily(s.db, result.token.familyId);
      await endTokensIssuedBefore(s.db, result.token.userId);
    }
    throw invalidRefresh();
  }
  if (result.status === 'invalid') throw invalidRefresh();
  const user = await getUserById(s.db, result.token.userId);
  if (!user) throw invalidRefresh();
  const derived = nextRefreshToken === undefined ? undefined : await deriveRefreshToken(refreshToken, nextRefreshToken);
  return issueSession(s, user, result.token.familyId, derived);
}

function retriedWithinGrace(token: { usedAt: Date | null; revokedAt: Date | null; expiresAt: Date }, graceMs: number, now = Date.now()): boolean {
  return !token.revokedAt && !!token.usedAt && now - token.usedAt.getTime() < graceMs && token.expiresAt.getTime() > now;
}

/**
 * Ends the sign-in the token belongs to (its whole family) and the ID tokens issued so far (other
 * devices refresh theirs with their own refresh tokens). Unknown tokens are ignored: logout is idempotent.
 */
export async function endSession(s: Services, refreshToken: string): Promise<void> {
  const token = await findRefreshToken(s.db, sha256Hex(refreshToken));
  if (!token) return;
  await revokeRefreshFamily(s.db, token.familyId);
  await endTokensIssuedBefore(s.db, token.userId);
}
