import { randomBytes } from 'node:crypto';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../create-db';
import type { AppScope } from '../app-data/scope';
import { newId } from '../ids';
import { appEmailSettings, appEmails, appEmailUnsubscribes } from './tables';

/** `check`: the mail of the server's behaviour checks, never sent and never shown: a check reads it back. */
export type MailDataset = 'test' | 'live' | 'check';
export type AppEmailRow = typeof appEmails.$inferSelect;

export const mailDatasetOf = (scope: AppScope): MailDataset => scope.dataset;

const startOfDay = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

export interface NewAppEmail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  transactional: boolean;
}

export type ReservedEmail = { kind: 'send'; id: string; unsubscribeToken: string | null } | { kind: 'unsubscribed'; id: string } | { kind: 'over_quota' };

/**
 * Records a mail in the app's Outbox before it is sent, within its quota of the UTC day (serialised
 * per app and dataset, so mails at the same moment cannot all pass on the last one left). A mail
 * that is not transactional, to an address that unsubscribed, is recorded as such and not sent.
 */
export async function reserveAppEmail(db: Executor, scope: AppScope, mail: NewAppEmail, o: { perDay: number; now?: Date }): Promise<ReservedEmail> {
  const dataset = mailDatasetOf(scope);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`app-mail:${scope.sproutId}:${dataset}`}))`);
    const where = and(eq(appEmails.sproutId, scope.sproutId), eq(appEmails.dataset, dataset), gte(appEmails.createdAt, startOfDay(o.now ?? new Date())));
    const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(appEmails).where(where);
    if ((row?.n ?? 0) >= o.perDay) return { kind: 'over_quota' as const };
    const id = newId();
    if (!mail.transactional) {
      const [gone] = await tx
        .select({ email: appEmailUnsubscribes.email })
        .from(appEmailUnsubscribes)
        .where(
          and(
            eq(appEmailUnsubscribes.sproutId, scope.sproutId),
            eq(appEmailUnsubscribes.dataset, dataset),
            eq(appEmailUnsubscribes.email, mail.to.toLowerCase()),
          ),
        );
      if (gone) {
        await tx.insert(appEmails).values({ id, sproutId: scope.sproutId, dataset, ...mail, status: 'unsubscribed' });
        return { kind: 'unsubscribed' as const, id };
      }
    }
    const unsubscribeToken = mail.transactional ? null : randomBytes(24).toString('base64url');
    await tx.insert(appEmails).values({ id, sproutId: scope.sproutId, dataset, ...mail, status: 'sending', unsubscribeToken });
    return { kind: 'send' as const, id, unsubscribeToken };
  });
}

/** What became of a mail: 'sent', 'failed' (with the server's answer) or 'not_sent' (no mail server). */
export async function finishAppEmail(db: Executor, id: string, status: 'sent' | 'failed' | 'not_sent', error: string | null = null): Promise<void> {
  await db.update(appEmails).set({ status, error }).where(eq(appEmails.id, id));
}

/** The Outbox: a dataset's newest mails first. */
export async function listAppEmails(db: Executor, sproutId: string, dataset: MailDataset, limit: number): Promise<AppEmailRow[]> {
  return db
    .select()
    .from(appEmails)
    .where(and(eq(appEmails.sproutId, sproutId), eq(appEmails.dataset, dataset)))
    .orderBy(desc(appEmails.seq))
    .limit(limit);
}

/** Mails of the UTC day so far, per dataset. */
export async function appEmailsToday(db: Executor, sproutId: string, now = new Date()): Promise<Record<'test' | 'live', number>> {
  const rows = await db
    .select({ dataset: appEmails.dataset, n: sql<number>`count(*)::int` })
    .from(appEmails)
    .where(and(eq(appEmails.sproutId, sproutId), gte(appEmails.createdAt, startOfDay(now))))
    .groupBy(appEmails.dataset);
  const out = { test: 0, live: 0 };
  for (const r of rows) if (r.dataset !== 'check') out[r.dataset] = r.n;
  return out;
}

/** The mail an app sent during a behaviour check (newest first), for the check's expectEmail steps. */
export async function checkEmails(db: Executor, sproutId: string): Promise<{ to: string; subject: string; text: string }[]> {
  return db
    .select({ to: appEmails.to, subject: appEmails.subject, text: appEmails.text })
    .from(appEmails)
    .where(and(eq(appEmails.sproutId, sproutId), eq(appEmails.dataset, 'check')))
    .orderBy(desc(appEmails.seq))
    .limit(50);
}

/** Forgets the checks' mail, with the rest of the check data, before and after each check. */
export async function clearCheckEmails(db: Executor, sproutId: string): Promise<void> {
  await db.delete(appEmails).where(and(eq(appEmails.sproutId, sproutId), eq(appEmails.dataset, 'check')));
}

async function mailOfToken(db: Executor, sproutId: string, token: string) {
  const [mail] = await db
    .select({ to: appEmails.to, dataset: appEmails.dataset })
    .from(appEmails)
    .where(and(eq(appEmails.unsubscribeToken, token), eq(appEmails.sproutId, sproutId)));
  return mail;
}

/** The address an unsubscribe link of this app stands for (asked before anything is recorded), or null. */
export async function unsubscribeAddressOf(db: Executor, sproutId: string, token: string): Promise<string | null> {
  return (await mailOfToken(db, sproutId, token))?.to.toLowerCase() ?? null;
}

/** Follows an unsubscribe link: the address gets none of the app's mail that is not transactional. Null for an unknown link. */
export async function unsubscribeAppEmail(db: Executor, sproutId: string, token: string): Promise<{ email: string } | null> {
  const mail = await mailOfToken(db, sproutId, token);
  if (!mail) return null;
  const email = mail.to.toLowerCase();
  await db.insert(appEmailUnsubscribes).values({ sproutId, dataset: mail.dataset, email }).onConflictDoNothing();
  return { email };
}

export interface AppEmailSettingsRow {
  senderName: string | null;
  replyTo: string | null;
}

export async function appEmailSettingsOf(db: Executor, sproutId: string): Promise<AppEmailSettingsRow> {
  const [row] = await db.select().from(appEmailSettings).where(eq(appEmailSettings.sproutId, sproutId));
  return { senderName: row?.senderName ?? null, replyTo: row?.replyTo ?? null };
}

export async function setAppEmailSettings(db: Executor, sproutId: string, s: AppEmailSettingsRow): Promise<void> {
  await db
    .insert(appEmailSettings)
    .values({ sproutId, ...s })
    .onConflictDoUpdate({ target: appEmailSettings.sproutId, set: { ...s, updatedAt: sql`now()` } });
}
