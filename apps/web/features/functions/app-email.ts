import type { AppEmailSettings, Dataset, Outbox } from '@sprout/core/contract';
import { ApiError } from '@/lib/api/client';
import { actionErrorText } from '@/lib/api/error-text';

/*
 * What the E-mail section says, as plain functions of the API's answers: the day's mail of the
 * dataset shown against its quota, and a refused save of the settings, by the field to fix.
 */

export type OutboxEmail = Outbox['emails'][number];

const count = (n: number) => n.toLocaleString('en-US');

const SENT_FROM: Record<Dataset, string> = { test: 'the preview', live: 'the published app' };

/** '3 of 20 sent today from the preview'; each dataset has a quota of its own, so only the one shown is counted. */
export function mailToday(s: AppEmailSettings, dataset: Dataset): { text: string; reached: boolean } {
  const sent = s.sentToday[dataset];
  const perDay = s.perDay[dataset];
  return { text: `${count(sent)} of ${count(perDay)} sent today from ${SENT_FROM[dataset]}`, reached: sent >= perDay };
}

export type EmailField = 'senderName' | 'replyTo';
export type EmailProblems = Partial<Record<EmailField | 'form', string>>;

/**
 * A refused save, by the field to fix: the API's `fields` (its own sentences, "Reply-to must be one
 * e-mail address…") rather than its `message`, which prefixes the field's path. What names neither
 * field (the network, a server error) is the form's.
 */
export function emailProblems(err: unknown): EmailProblems {
  const out: EmailProblems = {};
  const listed = err instanceof ApiError && Array.isArray(err.body.fields) ? (err.body.fields as { path?: unknown; message?: unknown }[]) : [];
  for (const f of listed) {
    const field = f?.path;
    if ((field === 'senderName' || field === 'replyTo') && typeof f.message === 'string') out[field] ??= f.message;
  }
  if (!out.senderName && !out.replyTo) out.form = actionErrorText('save the e-mail settings', err, 'Could not save the e-mail settings. Try again.');
  return out;
}
