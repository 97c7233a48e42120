import { randomBytes } from 'node:crypto';
import { MAX_ACCESS_TOKENS, type AccessTokenList, type AccessTokenView, type CreateAccessTokenBody, type CreatedAccessToken } from '@sprout/core/contract';
import { insertAccessToken, listAccessTokens, revokeAccessToken, sha256Hex, useAccessToken, type AccessTokenRow } from '@sprout/db';
import { AppError, notFound } from '../errors';
import type { Services } from '../services';

/** The prefix says what a leaked string is (secret scanners match it) and never collides with a sign-in token. */
const TOKEN_PREFIX = 'spt_';

/** 256 random bits: guessing one is hopeless, so the stored SHA-256 needs no salt or slow hash. */
function newAccessToken(): string {
  return TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

const hashAccessToken = (token: string) => sha256Hex(token);

const view = (row: AccessTokenRow): AccessTokenView => ({
  id: row.id,
  name: row.name,
  scope: row.scope,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

export async function createAccessToken(s: Services, userId: string, input: CreateAccessTokenBody): Promise<CreatedAccessToken> {
  const token = newAccessToken();
  const row = await insertAccessToken(s.db, { userId, name: input.name, scope: input.scope, tokenHash: hashAccessToken(token) }, MAX_ACCESS_TOKENS);
  if (row === 'no_user') throw notFound('Account not found.');
  if (row === 'limit_reached')
    throw new AppError(409, 'too_many_tokens', `You may hold at most ${MAX_ACCESS_TOKENS} access tokens. Revoke one you no longer use.`);
  return { ...view(row), token };
}

export async function accessTokensOf(s: Services, userId: string): Promise<AccessTokenList> {
  return { tokens: (await listAccessTokens(s.db, userId)).map(view) };
}

export async function revokeToken(s: Services, userId: string, id: string): Promise<void> {
  if (!(await revokeAccessToken(s.db, userId, id))) throw notFound('Access token not found.');
}

/** The live token a password is, marked as used; null for anything else (no shape is told apart). */
export async function tokenOfPassword(s: Services, password: string): Promise<AccessTokenRow | null> {
  if (!password.startsWith(TOKEN_PREFIX) || password.length > 200) return null;
  return useAccessToken(s.db, hashAccessToken(password));
}
