import { appEmailLimits } from '@sprout/core';
import { appEmailSettingsOf, finishAppEmail, mailDatasetOf, reserveAppEmail, type AppScope } from '@sprout/db';
import { AppError } from '../errors';
import { escapeHtml } from '../hosting/pages';
import type { Services } from '../services';
import { mailFromAddress } from './mail-transport';

/** Whose mail it is: the app's dataset, its owner's plan, its origin (where the unsubscribe link points) and its name. */
export interface MailCaller {
  scope: AppScope;
  tier: string;
  origin: string;
  appName: string;
}

export interface AppEmailRequest {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Default true: a receipt or a confirmation. Anything else (news, reminders) carries an unsubscribe link and header. */
  transactional?: boolean;
}

export type SentEmail = { id: string; status: 'sent' | 'not_sent' | 'unsubscribed' };

/**
 * Sends one mail of an app through Sprout's mail server, under the app's name and Sprout's address,
 * within its plan's quota of the day, and records it in the app's Outbox whatever happens: with no
 * mail server configured it is recorded (and logged), never lost. Mail that is not transactional
 * carries an unsubscribe link and the List-Unsubscribe headers, and is not sent to an address that
 * followed one.
 */
export async function sendAppEmail(s: Services, caller: MailCaller, request: AppEmailRequest): Promise<SentEmail> {
  const dataset = mailDatasetOf(caller.scope);
  const limits = appEmailLimits(caller.tier);
  const perDay = dataset === 'live' ? limits.livePerDay : limits.testPerDay;
  const transactional = request.transactional ?? true;
  const mail = { to: request.to, subject: request.subject, text: request.text, html: request.html ?? null, transactional };
  const reserved = await reserveAppEmail(s.db, caller.scope, mail, { perDay });
  if (reserved.kind === 'over_quota')
    throw new AppError(
      429,
      'email_quota_reached',
      `This app has sent as many e-mails today as its plan allows (${perDay} from ${dataset === 'live' ? 'the published app' : 'the preview'}).`,
    );
  if (reserved.kind === 'unsubscribed') return { id: reserved.id, status: 'unsubscribed' };

  const settings = await appEmailSettingsOf(s.db, caller.scope.sproutId);
  const headers: Record<string, string> = {};
  let { text, html } = mail;
  if (reserved.unsubscribeToken) {
    const link = `${caller.origin}/_sprout/v1/email/unsubscribe?t=${reserved.unsubscribeToken}`;
    headers['List-Unsubscribe'] = `<${link}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
    text = `${text}\n\n--\nTo get no more of these e-mails: ${link}`;
    if (html) html = `${html}<p style="font-size:12px;color:#666">To get no more of these e-mails, <a href="${escapeHtml(link)}">unsubscribe</a>.</p>`;
  }
  // A behaviour check's mail goes to no one (the check made its addresses up): kept for the check to read back.
  if (dataset === 'check') {
    await finishAppEmail(s.db, reserved.id, 'sent');
    return { id: reserved.id, status: 'sent' };
  }
  if (!s.appMail) {
    s.log.warn(
      { to: mail.to, subject: mail.subject, sproutId: caller.scope.sproutId },
      `An app's e-mail "${mail.subject}" → ${mail.to} (no SMTP_URL configured: recorded in its Outbox)`,
    );
    await finishAppEmail(s.db, reserved.id, 'not_sent');
    return { id: reserved.id, status: 'not_sent' };
  }
  try {
    await s.appMail({
      from: { name: settings.senderName ?? caller.appName, address: mailFromAddress(s.config.mailFrom) },
      replyTo: settings.replyTo,
      to: mail.to,
      subject: mail.subject,
      text,
      html,
      headers,
    });
  } catch (err) {
    const answer = err instanceof Error ? err.message.slice(0, 500) : 'The mail server refused the e-mail.';
    await finishAppEmail(s.db, reserved.id, 'failed', answer);
    s.log.warn({ err, sproutId: caller.scope.sproutId }, "an app's e-mail was refused by the mail server");
    throw new AppError(502, 'email_failed', 'The e-mail could not be sent: the mail server refused it. It is recorded in the Outbox.');
  }
  await finishAppEmail(s.db, reserved.id, 'sent');
  return { id: reserved.id, status: 'sent' };
}
