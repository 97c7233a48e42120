import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from './config';

export interface Mailer {
  sendPasswordReset(to: string, link: string): Promise<void>;
}

/**
 * With SMTP_URL unset (a laptop, CI) the reset link is written to the server log, so a person can
 * still reset a password locally; with SMTP_URL it is mailed.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (!config.smtpUrl) {
    return {
      async sendPasswordReset(to, link) {
        log.warn({ to, link, event: 'password_reset_link' }, `Password reset link for ${to} (no SMTP_URL configured): ${link}`);
      },
    };
  }
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    async sendPasswordReset(to, link) {
      await transport.sendMail({
        from: config.mailFrom,
        to,
        subject: 'Reset your Sprout password',
        text: `Someone asked to reset the password of your Sprout account.\n\nSet a new password: ${link}\n\nThe link works once and expires soon. If it was not you, ignore this e-mail.`,
      });
    },
  };
}
