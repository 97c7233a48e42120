import { CONTROL_CHARS } from '@sprout/core';
import {
  createUser,
  EmailTakenError,
  endPasswordResets,
  endTokensIssuedBefore,
  findOidcLink,
  getUserByEmail,
  getUserById,
  insertOidcLink,
  markEmailVerified,
  normalizeEmail,
  revokeAllRefreshTokensForUser,
  setUserPassword,
  writeAudit,
  type UserWithTier,
} from '@sprout/db';
import type { Services } from '../services';
import { bootstrapStaff } from '../auth/accounts';
import { countRegistration } from '../auth/login-limits';
import { AppError } from '../errors';
import { SignInFailure } from './sign-in-failure';

/** What a provider said about the person: the ID token's claims, completed by its userinfo. */
export interface ProviderClaims {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  name?: unknown;
  given_name?: unknown;
}

/**
 * The account a provider's person signs in to (docs/architecture.md#sign-in-with-a-provider):
 * the account their subject is linked to; else the account with their address, once the provider
 * vouches for it (`email_verified: true`), which is linked; else a new account, verified, without a
 * password. A deleted account took its links with it, so it is never found again.
 */
export async function accountFor(s: Services, provider: string, claims: ProviderClaims, ip: string): Promise<{ user: UserWithTier; created: boolean }> {
  const linked = await findOidcLink(s.db, provider, claims.sub);
  if (linked) {
    const user = await getUserById(s.db, linked);
    if (user) return { user, created: false };
  }
  if (typeof claims.email !== 'string' || !claims.email.includes('@') || claims.email_verified !== true) throw new SignInFailure('email_unverified');
  const email = normalizeEmail(claims.email);
  const existing = await getUserByEmail(s.db, email);
  if (existing) return { user: await linkExisting(s, provider, claims.sub, existing), created: false };
  try {
    await countRegistration(s, ip);
  } catch (err) {
    if (err instanceof AppError && err.code === 'too_many_registrations') throw new SignInFailure('too_many');
    throw err;
  }
  let row: Awaited<ReturnType<typeof createUser>>;
  try {
    row = await createUser(s.db, { email, passwordHash: '', displayName: displayNameOf(claims, email), emailVerified: true });
  } catch (err) {
    if (!(err instanceof EmailTakenError)) throw err;
    // Someone made the account in the same moment (a second tab): sign in to it as to any other.
    const raced = await getUserByEmail(s.db, email);
    if (!raced) throw err;
    return { user: await linkExisting(s, provider, claims.sub, raced), created: false };
  }
  await bootstrapStaff(s, row);
  await insertOidcLink(s.db, { provider, subject: claims.sub, userId: row.id });
  await writeAudit(s.db, { actorId: row.id, action: 'account.oidc.created', targetUserId: row.id, details: { provider } });
  return { user: (await getUserById(s.db, row.id))!, created: true };
}

/**
 * Links an account found by its address. An account whose address was never proved may have been
 * made by someone else to wait for the owner (pre-account takeover): the provider just proved the
 * address, so the account becomes theirs alone — verified, its password cleared and every session
 * of whoever made it ended. The owner can set a password again with "Forgot your password?".
 */
async function linkExisting(s: Services, provider: string, subject: string, user: UserWithTier): Promise<UserWithTier> {
  await insertOidcLink(s.db, { provider, subject, userId: user.id });
  const proved = !user.emailVerified;
  if (proved) {
    await markEmailVerified(s.db, user.id, user.email);
    await setUserPassword(s.db, user.id, '');
    await revokeAllRefreshTokensForUser(s.db, user.id);
    await endTokensIssuedBefore(s.db, user.id);
    await endPasswordResets(s.db, user.id);
  }
  await writeAudit(s.db, { actorId: user.id, action: 'account.oidc.linked', targetUserId: user.id, details: { provider, addressProved: proved } });
  return proved ? (await getUserById(s.db, user.id))! : user;
}

/** The provider's name for the person, else their address's local part; fitted to what sign-up accepts. */
export function displayNameOf(claims: Pick<ProviderClaims, 'name' | 'given_name'>, email: string): string {
  for (const candidate of [claims.name, claims.given_name, email.split('@')[0]]) {
    if (typeof candidate !== 'string') continue;
    const name = candidate.replace(new RegExp(CONTROL_CHARS.source, 'g'), '').trim().slice(0, 100).trim();
    if (name) return name;
  }
  return 'Sprout user';
}
