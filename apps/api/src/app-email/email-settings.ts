import { appEmailLimits } from '@sprout/core';
import type { AppEmailSettings, Outbox } from '@sprout/core/contract';
import { appEmailSettingsOf, appEmailsToday, getUserById, listAppEmails, setAppEmailSettings, type SproutRow } from '@sprout/db';
import type { Services } from '../services';
import { mailFromAddress } from './mail-transport';

const OUTBOX_SHOWN = 100;

/** What the owner sees of their app's mail: the name and reply-to it goes under, the day's counts and quota, and whether it is really sent. */
export async function appEmailSettings(s: Services, sprout: SproutRow): Promise<AppEmailSettings> {
  const [settings, sentToday, owner] = await Promise.all([
    appEmailSettingsOf(s.db, sprout.id),
    appEmailsToday(s.db, sprout.id),
    s.appCaches.tierOf(sprout.ownerId, async () => (await getUserById(s.db, sprout.ownerId))?.tier ?? 'free'),
  ]);
  const limits = appEmailLimits(owner);
  return {
    ...settings,
    fromAddress: mailFromAddress(s.config.mailFrom),
    sentToday,
    perDay: { test: limits.testPerDay, live: limits.livePerDay },
    delivery: s.appMail ? 'smtp' : 'recorded',
  };
}

/** Sets the sender name and reply-to (empty or null: the default). */
export async function putAppEmailSettings(
  s: Services,
  sprout: SproutRow,
  body: { senderName: string | null; replyTo: string | null },
): Promise<AppEmailSettings> {
  await setAppEmailSettings(s.db, sprout.id, { senderName: body.senderName || null, replyTo: body.replyTo || null });
  return appEmailSettings(s, sprout);
}

/** The Outbox of one dataset, newest first. */
export async function appOutbox(s: Services, sprout: SproutRow, dataset: 'test' | 'live'): Promise<Outbox> {
  const rows = await listAppEmails(s.db, sprout.id, dataset, OUTBOX_SHOWN);
  return {
    emails: rows.map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      text: m.text,
      transactional: m.transactional,
      status: m.status as Outbox['emails'][number]['status'],
      error: m.error,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}
