import { hasPaidAppLimits } from '../plans/tiers';

/**
 * What an app's mail (`ctx.email.send` in its functions) may send, by its owner's plan: every mail
 * goes out through Sprout's mail server under Sprout's address, so a quota keeps one app from
 * making Sprout a spammer. The preview's (test) mail has a smaller quota of its own.
 */
export interface AppEmailLimits {
  /** Mails a day (UTC) of the published app. */
  livePerDay: number;
  /** Mails a day (UTC) of the preview and the server's checks. */
  testPerDay: number;
}

const FREE: AppEmailLimits = { livePerDay: 100, testPerDay: 20 };
const PAID: AppEmailLimits = { livePerDay: 2_000, testPerDay: 100 };

export function appEmailLimits(tier: string): AppEmailLimits {
  return { ...(hasPaidAppLimits(tier) ? PAID : FREE) };
}

export const MAX_EMAIL_SUBJECT = 200;
export const MAX_EMAIL_TEXT = 100_000;
export const MAX_EMAIL_HTML = 200_000;
export const MAX_SENDER_NAME = 60;

// One address, as a mail server takes it: no display name, no list, nothing that could add a header.
const ADDRESS = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** Whether `value` is one plain e-mail address (at most 254 characters). */
export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && ADDRESS.test(value);
}

/** A sender name as it may stand before Sprout's address: printable, no quotes, brackets or line breaks. */
export function isSenderName(value: string): boolean {
  return value.length > 0 && value.length <= MAX_SENDER_NAME && /^[^"<>\\\r\n\u0000-\u001f\u007f]+$/.test(value);
}
