import type { Usage } from '@sprout/core/contract';
import type { Quota } from '@sprout/core';

/** Close to a limit: at most a fifth (and at least one) left. */
export function isNearLimit(q: Quota): boolean {
  if (q.limit === null || q.available === null) return false;
  return q.available <= Math.max(1, Math.floor(q.limit * 0.2));
}

export function percentUsed(q: Quota): number {
  if (q.limit === null || q.limit <= 0) return q.limit === 0 ? 100 : 0;
  return Math.min(100, Math.round((q.used / q.limit) * 100));
}

export interface UsageRow {
  key: string;
  label: string;
  quota: Quota;
  value: string;
}

/** The meter's lines: messages left today and this month, projects used of the limit; 'Unlimited' for no limit. */
export function usageRows(usage: Usage): UsageRow[] {
  const left = (q: Quota) => (q.limit === null ? 'Unlimited' : `${q.available ?? 0} of ${q.limit} left`);
  const p = usage.projects;
  return [
    { key: 'daily', label: 'Messages today', quota: usage.dailyMessages, value: left(usage.dailyMessages) },
    { key: 'monthly', label: 'Messages this month', quota: usage.monthlyMessages, value: left(usage.monthlyMessages) },
    {
      key: 'projects',
      label: 'Projects',
      quota: p,
      value: p.limit === null ? `${p.used} ${p.used === 1 ? 'project' : 'projects'} · Unlimited` : `${p.used} of ${p.limit} projects`,
    },
  ];
}

const isExhausted = (q: Quota) => q.limit !== null && q.available !== null && q.available <= 0;

export type LimitNotice = { kind: 'reached' | 'near'; text: string };

/**
 * The meter's sentence under its bars, in the bars' own terms: at a limit it says the
 * limit is reached (which one), near one that it is close; nothing otherwise.
 */
export function limitNotice(usage: Usage): LimitNotice | null {
  if (isExhausted(usage.dailyMessages)) return { kind: 'reached', text: 'You have reached your limit for today. Your messages refill tomorrow.' };
  if (isExhausted(usage.monthlyMessages)) return { kind: 'reached', text: 'You have reached your limit for this month.' };
  if (isExhausted(usage.projects)) return { kind: 'reached', text: 'You have reached your project limit.' };
  if ([usage.dailyMessages, usage.monthlyMessages, usage.projects].some(isNearLimit)) return { kind: 'near', text: 'You are close to a limit of your plan.' };
  return null;
}

/** Shown under the chat composer from this many messages left. */
const FEW_MESSAGES_LEFT = 2;

/**
 * "2 messages left today" under the chat composer when 2 or fewer remain: the tighter
 * of today's and this month's allowances (today's on a tie: it refills sooner); nothing when neither
 * is that low or the plan is unlimited.
 */
export function messagesLeftNote(usage: Usage): { left: number; text: string } | null {
  const windows = [
    { q: usage.dailyMessages, when: 'today' },
    { q: usage.monthlyMessages, when: 'this month' },
  ].filter((w) => w.q.limit !== null && w.q.available !== null);
  if (!windows.length) return null;
  const tightest = windows.reduce((a, b) => (b.q.available! < a.q.available! ? b : a));
  const left = Math.max(0, tightest.q.available!);
  if (left > FEW_MESSAGES_LEFT) return null;
  const text = left === 0 ? `No messages left ${tightest.when}` : `${left} message${left === 1 ? '' : 's'} left ${tightest.when}`;
  return { left, text };
}
