import type { AccountStatus, EmailSent } from '@sprout/core/contract';
import {
  endEmailTokens,
  endPasswordResets,
  endTokensIssuedBefore,
  getPendingEmailChange,
  getUserByEmail,
  getUserById,
  normalizeEmail,
  revokeAllRefreshTokensForUser,
  setUserPassword,
  writeAudit,
  type UserWithTier,
} from '@sprout/db';
import { AppError } from '../errors';
import { hashPassword } from '../auth/passwords';
import { issueSession, type Session } from '../auth/sessions';
import type { Services } from '../services';
import { checkCurrentPassword, countEmailSent } from './password-check';
import { mailEmailLink, notify } from './email-verification';

/** GET /v1/me/account: the address, whether it is verified, and an address the account is moving to. */
export async function accountStatus(s: Services, user: UserWithTier): Promise<AccountStatus> {
  const pending = await getPendingEmailChange(s.db, user.id);
  return {
    email: user.email,
    emailVerified: user.emailVerified,
    pendingEmail: pending?.email ?? null,
    pendingEmailExpiresAt: pending?.expiresAt.toISOString() ?? null,
  };
}

/** Mails a new verification link to the account's address (the earlier one stops working). */
export async function sendVerification(s: Services, user: UserWithTier): Promise<EmailSent> {
  if (user.emailVerified) throw new AppError(409, 'already_verified', 'Your email address is already verified.');
  await countEmailSent(s, user.id);
  await mailEmailLink(s, user.id, 'verify', user.email);
  return { message: `We have sent a new link to ${user.email}.`, sentTo: user.email };
}

/** At sign-up: the first link, without making sign-up wait for (or fail with) the mail server. */
export function sendFirstVerification(s: Services, user: { id: string; email: string }): void {
  notify(s, () => mailEmailLink(s, user.id, 'verify', user.email), user.id);
}

/**
 * Sets a new password after checking the current one, and signs the account out everywhere (refresh
 * tokens, ID tokens, reset links) except here: the answer is this device's new session.
 */
export async function changePassword(s: Services, user: UserWithTier, input: { currentPassword: string; newPassword: string }): Promise<Session> {
  await checkCurrentPassword(s, user, input.currentPassword, 'currentPassword');
  if (input.newPassword === input.currentPassword) {
    throw new AppError(400, 'same_password', 'Choose a password different from your current one.', {
      fields: [{ path: 'newPassword', message: 'Choose a password different from your current one.' }],
    });
  }
  await setUserPassword(s.db, user.id, await hashPassword(input.newPassword, s.config.passwordHashCost));
  await endEverySession(s, user.id);
  await endPasswordResets(s.db, user.id);
  await writeAudit(s.db, { actorId: user.id, action: 'account.password.changed', targetUserId: user.id });
  notify(s, () => s.mailer.sendPasswordChanged(user.email), user.id);
  return issueSession(s, (await getUserById(s.db, user.id))!);
}

/**
 * Starts a move to a new address: the account keeps its address until the link mailed to the new
 * one is opened (a typo never locks anyone out), and the current address is told at once.
 */
export async function requestEmailChange(s: Services, user: UserWithTier, input: { newEmail: string; currentPassword: string }): Promise<EmailSent> {
  await checkCurrentPassword(s, user, input.currentPassword, 'currentPassword');
  const next = normalizeEmail(input.newEmail);
  if (next === user.email) {
    throw new AppError(400, 'same_email', 'This is already your email address.', {
      fields: [{ path: 'newEmail', message: 'This is already your email address.' }],
    });
  }
  // Counted before the address is looked up, and answered alike whether it has an account: this
  // form must not tell anyone which addresses are Sprout's (a taken one gets a notice, not a link).
  await countEmailSent(s, user.id);
  await mailEmailLink(s, user.id, 'change', next, (await getUserByEmail(s.db, next)) !== null);
  await writeAudit(s.db, { actorId: user.id, action: 'account.email.change_requested', targetUserId: user.id });
  notify(s, () => s.mailer.sendEmailChangeRequested(user.email, next), user.id);
  return { message: `We have sent a link to ${next}. Open it to finish the change.`, sentTo: next };
}

/** Forgets a requested move: its link stops working. */
export async function cancelEmailChange(s: Services, user: UserWithTier): Promise<void> {
  await endEmailTokens(s.db, user.id, 'change');
}

/** "Sign out everywhere": every refresh token and every ID token issued until now stop working, this device's too. */
export async function signOutEverywhere(s: Services, user: UserWithTier): Promise<void> {
  await endEverySession(s, user.id);
  await writeAudit(s.db, { actorId: user.id, action: 'account.sessions.ended', targetUserId: user.id });
}

export async function endEverySession(s: Services, userId: string): Promise<void> {
  await revokeAllRefreshTokensForUser(s.db, userId);
  await endTokensIssuedBefore(s.db, userId);
}
