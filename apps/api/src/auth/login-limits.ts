import { hitRateLimit, resetRateLimit } from '@sprout/db';
import { AppError } from '../errors';
import type { Services } from '../services';

// Per account *and* client: a guesser slows down only itself, and the owner signing in from their
// own device is never locked out by someone else's wrong passwords.
const accountKey = (email: string, ip: string) => `login:account:${email}:${ip}`;
const ipKey = (ip: string) => `login:ip:${ip}`;

/**
 * Counts a sign-in attempt against the account from this client and against the client IP before
 * the password is checked, so parallel guesses cannot slip past the limit. Limits live in the
 * database and hold across instances.
 */
export async function countLoginAttempt(s: Services, email: string, ip: string): Promise<void> {
  const { maxFailuresPerAccount, maxAttemptsPerIp, windowMs } = s.config.loginLimits;
  const [account, client] = await Promise.all([hitRateLimit(s.db, accountKey(email, ip), windowMs), hitRateLimit(s.db, ipKey(ip), windowMs)]);
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

/**
 * Counts a sign-in through a provider against the client IP, the same counter as password
 * sign-ins: each start costs a stored state and requests to the provider.
 */
export async function countProviderSignIn(s: Services, ip: string): Promise<boolean> {
  const { maxAttemptsPerIp, windowMs } = s.config.loginLimits;
  const client = await hitRateLimit(s.db, ipKey(ip), windowMs);
  return client.count <= maxAttemptsPerIp;
}

/** A successful sign-in clears the account's counter for this client (the IP counter keeps running). */
export function clearAccountAttempts(s: Services, email: string, ip: string): Promise<void> {
  return resetRateLimit(s.db, accountKey(email, ip));
}

const REGISTER_WINDOW_MS = 3600_000;

/**
 * Counts a registration against the client IP and against all registrations, before any work: an
 * account costs a password hash and a row, and a flood of them is refused with a 429.
 */
export async function countRegistration(s: Services, ip: string): Promise<void> {
  const { perIpPerHour, perHour } = s.config.registerLimits;
  const client = await hitRateLimit(s.db, `register:ip:${ip}`, REGISTER_WINDOW_MS);
  // One client's flood counts against itself only, so it cannot use up everyone's hour.
  if (client.count > perIpPerHour) throw tooManyRegistrations(client.windowStart);
  const all = await hitRateLimit(s.db, 'register:all', REGISTER_WINDOW_MS);
  if (all.count > perHour) throw tooManyRegistrations(all.windowStart);
}

function tooManyRegistrations(windowStart: Date): AppError {
  const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + REGISTER_WINDOW_MS - Date.now()) / 1000));
  const minutes = Math.ceil(retryAfter / 60);
  return new AppError(429, 'too_many_registrations', `Too many new accounts right now. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
    retryAfterSeconds: retryAfter,
  });
}
