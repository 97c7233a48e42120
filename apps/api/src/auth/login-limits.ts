import { hitRateLimit, resetRateLimit } from '@sprout/db';
import { AppError } from '../errors';
import type { Services } from '../services';

const accountKey = (email: string) => `login:account:${email}`;
const ipKey = (ip: string) => `login:ip:${ip}`;

/**
 * Counts a sign-in attempt against the account and the client IP before the password is checked,
 * so parallel guesses cannot slip past the limit. Limits live in the database and hold across instances.
 */
export async function countLoginAttempt(s: Services, email: string, ip: string): Promise<void> {
  const { maxFailuresPerAccount, maxAttemptsPerIp, windowMs } = s.config.loginLimits;
  const [account, client] = await Promise.all([hitRateLimit(s.db, accountKey(email), windowMs), hitRateLimit(s.db, ipKey(ip), windowMs)]);
  const over = [account.count > maxFailuresPerAccount ? account.windowStart : null, client.count > maxAttemptsPerIp ? client.windowStart : null].filter(
    (d): d is Date => d !== null,
  );
  if (over.length === 0) return;
  const retryAfter = Math.max(1, Math.ceil((Math.max(...over.map((d) => d.getTime())) + windowMs - Date.now()) / 1000));
  const minutes = Math.ceil(retryAfter / 60);
  throw new AppError(429, 'too_many_attempts', `Too many sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
    retryAfterSeconds: retryAfter,
  });
}

/** A successful sign-in clears the account's counter (the IP counter keeps running). */
export function clearAccountAttempts(s: Services, email: string): Promise<void> {
  return resetRateLimit(s.db, accountKey(email));
}
