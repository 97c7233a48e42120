import {
  consumePasswordReset,
  getUserByEmail,
  hitRateLimit,
  insertPasswordReset,
  newSecret,
  revokeAllRefreshTokensForUser,
  endTokensIssuedBefore,
  endPasswordResets,
  setUserPassword,
  sha256Hex,
} from '@sprout/db';
import { AppError } from '../errors';
import type { Services } from '../services';
import { hashPassword } from './passwords';

const REQUESTS_PER_HOUR = 5;

/**
 * Always answers the same way whether or not the email exists (no account discovery); at most a
 * few links per address and hour so nobody can flood a mailbox.
 */
export async function requestPasswordReset(s: Services, email: string): Promise<void> {
  const user = await getUserByEmail(s.db, email);
  if (!user) return;
  const { count } = await hitRateLimit(s.db, `reset:${user.id}`, 3_600_000);
  if (count > REQUESTS_PER_HOUR) return;
  const token = newSecret();
  await insertPasswordReset(s.db, {
    userId: user.id,
    tokenHash: sha256Hex(token),
    expiresAt: new Date(Date.now() + s.config.passwordResetTtlMs),
  });
  const link = `${s.config.webUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await s.mailer.sendPasswordReset(user.email, link);
}

/** Sets the new password and signs the account out everywhere: refresh tokens, ID tokens and every other reset link. The token works once. */
export async function confirmPasswordReset(s: Services, token: string, password: string): Promise<void> {
  const userId = await consumePasswordReset(s.db, sha256Hex(token));
  if (!userId) {
    throw new AppError(400, 'invalid_reset_token', 'This reset link is invalid or has expired. Request a new one.');
  }
  await setUserPassword(s.db, userId, await hashPassword(password, s.config.passwordHashCost));
  await revokeAllRefreshTokensForUser(s.db, userId);
  await endTokensIssuedBefore(s.db, userId);
  await endPasswordResets(s.db, userId);
}
