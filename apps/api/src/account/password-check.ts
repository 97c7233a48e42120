import type { FastifyRequest } from 'fastify';
import { hitRateLimit, resetRateLimit, type UserWithTier } from '@sprout/db';
import { AppError, forbidden } from '../errors';
import { verifyPassword } from '../auth/passwords';
import { authOf } from '../plugins/authenticate';
import type { Services } from '../services';

/**
 * The signed-in person acting on their own account. Staff acting for someone (an impersonation
 * token) may not change how that person signs in, sign them out or delete them.
 */
export function ownAccount(req: FastifyRequest): UserWithTier {
  const auth = authOf(req);
  if (auth.via !== 'id') throw forbidden('Staff acting for someone cannot change their sign-in details or delete their account.');
  return auth.user;
}

const key = (userId: string) => `password-check:${userId}`;

/**
 * Checks the current password before a change to the account. A stolen ID token must not become a
 * way to guess the password, so attempts are counted per account (LOGIN_MAX_FAILURES_PER_ACCOUNT
 * per LOGIN_WINDOW_MINUTES, before the check: parallel guesses cannot slip past) and the counter is
 * cleared by a right answer. `field` names the form field the error belongs to.
 */
export async function checkCurrentPassword(s: Services, user: UserWithTier, password: string, field: string): Promise<void> {
  const { maxFailuresPerAccount, windowMs } = s.config.loginLimits;
  const hit = await hitRateLimit(s.db, key(user.id), windowMs);
  if (hit.count > maxFailuresPerAccount) {
    const retryAfter = Math.max(1, Math.ceil((hit.windowStart.getTime() + windowMs - Date.now()) / 1000));
    const minutes = Math.ceil(retryAfter / 60);
    throw new AppError(429, 'too_many_attempts', `Too many password attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
      retryAfterSeconds: retryAfter,
    });
  }
  if (!(await verifyPassword(password, user.passwordHash))) {
    throw new AppError(400, 'wrong_password', 'Your password is not correct.', { fields: [{ path: field, message: 'This is not your current password.' }] });
  }
  await resetRateLimit(s.db, key(user.id));
}

const EMAILS_PER_HOUR = 5;

/** Links mailed for a person (verification, a new address): a few per hour, so nobody can flood a mailbox. */
export async function countEmailSent(s: Services, userId: string): Promise<void> {
  const hit = await hitRateLimit(s.db, `account-mail:${userId}`, 3_600_000);
  if (hit.count <= EMAILS_PER_HOUR) return;
  const minutes = Math.max(1, Math.ceil((hit.windowStart.getTime() + 3_600_000 - Date.now()) / 60_000));
  throw new AppError(
    429,
    'too_many_emails',
    `We have sent several e-mails already. Please check your inbox, or try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    {
      retryAfterSeconds: minutes * 60,
    },
  );
}
