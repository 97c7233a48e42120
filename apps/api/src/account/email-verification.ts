import type { VerifiedEmail } from '@sprout/core/contract';
import {
  changeUserEmail,
  consumeEmailToken,
  endEmailTokens,
  endPasswordResets,
  getUserById,
  hitRateLimit,
  markEmailVerified,
  newSecret,
  replaceEmailToken,
  sha256Hex,
  writeAudit,
  type EmailTokenPurpose,
} from '@sprout/db';
import { AppError } from '../errors';
import type { Services } from '../services';

/** Stores a new link for `email` (ending the person's earlier one of that purpose) and mails it there. */
/**
 * Records a pending link and mails it. `taken`: the address is another account's — the request is
 * recorded and answered as any other (whether an address has an account is nobody's to learn here),
 * and its owner gets a notice instead of a link that could never work.
 */
export async function mailEmailLink(s: Services, userId: string, purpose: EmailTokenPurpose, email: string, taken = false): Promise<void> {
  const token = newSecret();
  await replaceEmailToken(s.db, { userId, purpose, email, tokenHash: sha256Hex(token), expiresAt: new Date(Date.now() + s.config.emailVerificationTtlMs) });
  const link = `${s.config.webUrl}/verify-email?token=${encodeURIComponent(token)}`;
  if (taken) await s.mailer.sendEmailChangeToTaken(email);
  else await (purpose === 'verify' ? s.mailer.sendEmailVerification(email, link) : s.mailer.sendEmailChange(email, link));
}

const invalidLink = () => new AppError(400, 'invalid_verification_token', 'This link is invalid or has expired. Send a new one from Settings.');

/**
 * Opens a mailed link (it works once, signed in or not: the link is the proof). `verify` marks the
 * account's address verified; `change` moves the account to the new address, verified, ends every
 * other link (reset links went to the old address) and tells the old address.
 */
export async function confirmEmailLink(s: Services, token: string, ip: string): Promise<VerifiedEmail> {
  const { maxAttemptsPerIp, windowMs } = s.config.loginLimits;
  const hit = await hitRateLimit(s.db, `verify-email:ip:${ip}`, windowMs);
  if (hit.count > maxAttemptsPerIp) throw new AppError(429, 'too_many_attempts', 'Too many attempts. Please try again later.');
  const link = await consumeEmailToken(s.db, sha256Hex(token));
  if (!link) throw invalidLink();
  if (link.purpose === 'verify') {
    if (!(await markEmailVerified(s.db, link.userId, link.email))) throw invalidLink();
    await writeAudit(s.db, { actorId: link.userId, action: 'account.email.verified', targetUserId: link.userId });
    return { email: link.email, emailVerified: true, changed: false };
  }
  const before = await getUserById(s.db, link.userId);
  if (!before) throw invalidLink();
  const result = await changeUserEmail(s.db, link.userId, link.email);
  if (result === 'missing') throw invalidLink();
  if (result === 'taken') {
    throw new AppError(409, 'email_taken', 'Another account uses this address now, so yours was not changed. Choose another address in Settings.');
  }
  await endEmailTokens(s.db, link.userId);
  await endPasswordResets(s.db, link.userId);
  // Ids only: the audit log outlives a deleted account and must not keep its addresses.
  await writeAudit(s.db, { actorId: link.userId, action: 'account.email.changed', targetUserId: link.userId });
  notify(s, () => s.mailer.sendEmailChanged(before.email, link.email), link.userId);
  return { email: link.email, emailVerified: true, changed: true };
}

/** A notice nobody waits for: a mail server that is slow or down never fails the action it reports. */
export function notify(s: Services, send: () => Promise<void>, userId: string): void {
  void send().catch((err: unknown) => s.log.error({ err, userId, event: 'mail_failed' }, 'could not send an account e-mail'));
}
