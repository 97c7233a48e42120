import { INTERNAL_STAFF_TIER } from '@sprout/core';
import { createUser, EmailTakenError, getUserByEmail, getUserById, normalizeEmail, upsertSubscription, writeAudit } from '@sprout/db';
import { AppError } from '../errors';
import type { Services } from '../services';
import { hashPassword, verifyPassword } from './passwords';
import { issueSession, type Session } from './sessions';
import { clearAccountAttempts, countLoginAttempt, countRegistration } from './login-limits';
import { sendFirstVerification } from '../account/credentials';

// One message for every failure so a response never tells whether an email is registered.
const badCredentials = () => new AppError(401, 'invalid_credentials', 'Incorrect email or password.');

export async function register(s: Services, input: { email: string; password: string; displayName: string }, ip: string): Promise<Session> {
  await countRegistration(s, ip);
  // A taken email is answered before the password is hashed: fast, and no work for a flood.
  if (await getUserByEmail(s.db, input.email)) throw emailTaken();
  const passwordHash = await hashPassword(input.password, s.config.passwordHashCost);
  try {
    const row = await createUser(s.db, { email: input.email, passwordHash, displayName: input.displayName });
    await bootstrapStaff(s, row);
    sendFirstVerification(s, row);
    return issueSession(s, (await getUserById(s.db, row.id))!);
  } catch (err) {
    if (err instanceof EmailTakenError) throw emailTaken();
    throw err;
  }
}

/** An account made with an address of STAFF_EMAILS is internal staff (how the first admins come to be). */
export async function bootstrapStaff(s: Services, row: { id: string; email: string }): Promise<void> {
  if (!s.config.staffEmails.has(row.email)) return;
  await upsertSubscription(s.db, row.id, { type: 'internal', tierType: INTERNAL_STAFF_TIER });
  await writeAudit(s.db, { actorId: null, action: 'staff.bootstrap', targetUserId: row.id, details: { reason: 'STAFF_EMAILS' } });
}

const emailTaken = () =>
  new AppError(409, 'email_taken', 'An account with this email already exists. Sign in instead.', {
    fields: [{ path: 'email', message: 'An account with this email already exists.' }],
  });

export async function login(s: Services, input: { email: string; password: string }, ip: string): Promise<Session> {
  const email = normalizeEmail(input.email);
  await countLoginAttempt(s, email, ip);
  const user = await getUserByEmail(s.db, email);
  // An account made through a provider has no password until a reset sets one: it is checked like an
  // unknown address, so the answer and its timing say nothing about it.
  const ok = user?.passwordHash ? await verifyPassword(input.password, user.passwordHash) : await s.dummyPassword.verify(input.password);
  if (!user || !ok) throw badCredentials();
  await clearAccountAttempts(s, email, ip);
  return issueSession(s, user);
}
