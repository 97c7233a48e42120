import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from './config';

export interface Mailer {
  sendPasswordReset(to: string, link: string): Promise<void>;
  /** A link that proves `to` is the account's address. */
  sendEmailVerification(to: string, link: string): Promise<void>;
  /** To the new address of an account moving there: the link that finishes the move. */
  sendEmailChange(to: string, link: string): Promise<void>;
  /** To the old address: someone asked to move the account to `newEmail` (nothing changes until that link is opened). */
  sendEmailChangeRequested(to: string, newEmail: string): Promise<void>;
  /** To the old address, once the account moved to `newEmail`. */
  sendEmailChanged(to: string, newEmail: string): Promise<void>;
  sendPasswordChanged(to: string): Promise<void>;
  /** Someone asked to move their account to this address, which has an account already. */
  sendEmailChangeToTaken(to: string): Promise<void>;
  /** An app's data passed the warning share of its plan's quota. */
  sendAppDataNearlyFull(to: string, app: { app: string; dataset: 'test' | 'live' | 'check'; percent: number; sproutId: string }): Promise<void>;
}

/** A mail as the SMTP server is given it. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

interface Mail extends OutgoingMail {
  /** What the log line is called without SMTP (tests and people find links by it). */
  event: string;
  link?: string;
}

/** Sends a mail over SMTP_URL now (an error is the SMTP server's answer); null without SMTP_URL. */
export function smtpSender(config: Config): ((mail: OutgoingMail) => Promise<void>) | null {
  if (!config.smtpUrl) return null;
  const transport = nodemailer.createTransport(config.smtpUrl);
  return async (mail) => {
    await transport.sendMail({ from: config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text });
  };
}

/**
 * With SMTP_URL unset (a laptop, CI) a mail is written to the server log instead, links included,
 * so a person can still reset a password or verify an address locally; with SMTP_URL it is mailed:
 * through `queue` when there is one (a job, tried again while the SMTP server refuses it), else at once.
 */
export function createMailer(config: Config, log: FastifyBaseLogger, queue: { add(mail: OutgoingMail): Promise<void> } | null = null): Mailer {
  const send = smtpSender(config);
  const deliver = async ({ to, subject, text, event, link }: Mail) => {
    if (!send) {
      log.warn({ to, link, event }, `${subject} → ${to} (no SMTP_URL configured)${link ? `: ${link}` : ''}`);
      return;
    }
    await (queue ? queue.add({ to, subject, text }) : send({ to, subject, text }));
  };
  const settings = `${config.webUrl}/settings`;
  return {
    sendPasswordReset: (to, link) =>
      deliver({
        to,
        link,
        event: 'password_reset_link',
        subject: 'Reset your Sprout password',
        text: `Someone asked to reset the password of your Sprout account.\n\nSet a new password: ${link}\n\nThe link works once and expires soon. If it was not you, ignore this e-mail.`,
      }),
    sendEmailVerification: (to, link) =>
      deliver({
        to,
        link,
        event: 'email_verification_link',
        subject: 'Verify your email address for Sprout',
        text: `Please confirm that this is the email address of your Sprout account.\n\nVerify it: ${link}\n\nThe link works once. If you did not sign up for Sprout, ignore this e-mail.`,
      }),
    sendEmailChange: (to, link) =>
      deliver({
        to,
        link,
        event: 'email_change_link',
        subject: 'Confirm your new email address for Sprout',
        text: `Someone asked to use this address for their Sprout account.\n\nConfirm it: ${link}\n\nThe account keeps its old address until the link is opened. If it was not you, ignore this e-mail.`,
      }),
    sendEmailChangeRequested: (to, newEmail) =>
      deliver({
        to,
        event: 'email_change_requested_notice',
        subject: 'Your Sprout email address is about to change',
        text: `Someone signed in to your Sprout account asked to change its email address to ${newEmail}.\n\nNothing changes until the link sent to that address is opened. If it was not you, change your password now and sign out everywhere: ${settings}`,
      }),
    sendEmailChanged: (to, newEmail) =>
      deliver({
        to,
        event: 'email_changed_notice',
        subject: 'Your Sprout email address was changed',
        text: `The email address of your Sprout account is now ${newEmail}. You sign in with that address from now on.\n\nIf it was not you, write to us at ${config.supportEmail}.`,
      }),
    sendAppDataNearlyFull: (to, a) =>
      deliver({
        to,
        event: 'app_data_nearly_full_notice',
        subject: `${a.app} has used ${a.percent}% of its data allowance`,
        text: `Your app "${a.app}" has used ${a.percent}% of the space its ${a.dataset === 'live' ? 'published data' : 'test data'} may take on your plan. When it is full, nobody can save anything new in it.\n\nSee what it holds and clear what it does not need: ${config.webUrl}/build/${a.sproutId}\nOr upgrade for more room: ${config.webUrl}/pricing`,
      }),
    sendEmailChangeToTaken: (to) =>
      deliver({
        to,
        event: 'email_change_to_taken_notice',
        subject: 'Someone tried to use your email address on Sprout',
        text: `Someone signed in to another Sprout account asked to change its email address to this one. This address already has a Sprout account, so nothing changed.\n\nIf it was you, sign in with this address instead: ${config.webUrl}/login. If it was not, you need do nothing.`,
      }),
    sendPasswordChanged: (to) =>
      deliver({
        to,
        event: 'password_changed_notice',
        subject: 'Your Sprout password was changed',
        text: `The password of your Sprout account was changed, and every other device was signed out.\n\nIf it was not you, reset your password now: ${config.webUrl}/forgot-password and write to us at ${config.supportEmail}.`,
      }),
  };
}
