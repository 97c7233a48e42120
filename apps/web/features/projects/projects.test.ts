import type { Sprout } from '@sprout/core/contract';
import { describe, expect, it } from 'vitest';
import { quota, usageStats } from '@sprout/core';
import { QueryClient } from '@tanstack/react-query';
import { recentProjects, sortProjects } from './sort';
import { projectKeys, putSproutInCaches } from './queries';
import { isNearLimit, limitNotice, messagesLeftNote, percentUsed, usageRows } from '@/features/usage';
import { relativeTime } from '@/ui/relative-time';

const sprout = (id: string, isPinned: boolean, updatedAt: string): Sprout => ({
  id,
  displayName: id,
  isDeploymentEnabled: false,
  publicUrl: null,
  isPinned,
  published: false,
  shareEnabled: false,
  currentVersionId: null,
  createdAt: updatedAt,
  updatedAt,
});

describe('sortProjects', () => {
  it('puts pinned projects first, then the most recently edited', () => {
    const list = [
      sprout('old', false, '2026-01-01T00:00:00Z'),
      sprout('pinned-old', true, '2025-01-01T00:00:00Z'),
      sprout('new', false, '2026-03-01T00:00:00Z'),
      sprout('pinned-new', true, '2026-02-01T00:00:00Z'),
    ];
    expect(sortProjects(list).map((s) => s.id)).toEqual(['pinned-new', 'pinned-old', 'new', 'old']);
  });

  it('keeps the server order for equal times and does not mutate the input', () => {
    const t = '2026-01-01T00:00:00Z';
    const list = [sprout('a', false, t), sprout('b', false, t), sprout('c', true, t)];
    expect(sortProjects(list).map((s) => s.id)).toEqual(['c', 'a', 'b']);
    expect(list.map((s) => s.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('recentProjects', () => {
  it('gives the last edited first, pinned or not, at most the count asked for, without changing the list', () => {
    const list = [sprout('a', true, '2026-01-01T00:00:00Z'), sprout('b', false, '2026-03-01T00:00:00Z'), sprout('c', false, '2026-02-01T00:00:00Z')];
    expect(recentProjects(list, 2).map((s) => s.id)).toEqual(['b', 'c']);
    expect(recentProjects(list, 4).map((s) => s.id)).toEqual(['b', 'c', 'a']);
    expect(list.map((s) => s.id)).toEqual(['a', 'b', 'c']);
    expect(recentProjects([], 4)).toEqual([]);
  });
});

describe('putSproutInCaches', () => {
  it('keeps the list’s thumbnail when the changed project comes without one, and takes one it brings', () => {
    const qc = new QueryClient();
    const listed = { ...sprout('a', false, '2026-01-01T00:00:00Z'), thumbnailId: 'v1' };
    qc.setQueryData(projectKeys.sprouts, [listed]);
    putSproutInCaches(qc, { ...sprout('a', true, '2026-01-02T00:00:00Z'), displayName: 'Renamed' });
    expect(qc.getQueryData<Sprout[]>(projectKeys.sprouts)).toEqual([
      { ...sprout('a', true, '2026-01-02T00:00:00Z'), displayName: 'Renamed', thumbnailId: 'v1' },
    ]);
    expect(qc.getQueryData<Sprout>(projectKeys.sprout('a'))?.displayName).toBe('Renamed');
    putSproutInCaches(qc, { ...sprout('a', true, '2026-01-03T00:00:00Z'), thumbnailId: 'v2' });
    expect(qc.getQueryData<Sprout[]>(projectKeys.sprouts)?.[0]?.thumbnailId).toBe('v2');
  });
});

describe('usage meter', () => {
  it('describes messages left and projects used of the limit', () => {
    const rows = usageRows(usageStats('free', { projects: 3, dailyMessages: 1, monthlyMessages: 10 }));
    expect(rows.map((r) => r.value)).toEqual(['4 of 5 left', '20 of 30 left', '3 of 5 projects']);
  });

  it("says 'Unlimited' where the plan has no limit", () => {
    const rows = usageRows(usageStats('sprout-tier-internal-staff', { projects: 1, dailyMessages: 9, monthlyMessages: 9 }));
    expect(rows.map((r) => r.value)).toEqual(['Unlimited', 'Unlimited', '1 project · Unlimited']);
  });

  it('is near a limit with a fifth or less (at least one) left', () => {
    expect(isNearLimit(quota(5, 3))).toBe(false);
    expect(isNearLimit(quota(5, 4))).toBe(true);
    expect(isNearLimit(quota(30, 24))).toBe(true);
    expect(isNearLimit(quota(30, 23))).toBe(false);
    expect(isNearLimit(quota(null, 1000))).toBe(false);
  });

  it('says the limit is reached at the limit, close to it near it, and nothing otherwise', () => {
    const free = (daily: number, monthly: number, projects = 1) => usageStats('free', { projects, dailyMessages: daily, monthlyMessages: monthly });
    expect(limitNotice(free(5, 5))).toEqual({ kind: 'reached', text: 'You have reached your limit for today. Your messages refill tomorrow.' });
    expect(limitNotice(free(0, 30))).toEqual({ kind: 'reached', text: 'You have reached your limit for this month.' });
    expect(limitNotice(free(0, 0, 5))).toEqual({ kind: 'reached', text: 'You have reached your project limit.' });
    expect(limitNotice(free(4, 4))).toEqual({ kind: 'near', text: 'You are close to a limit of your plan.' });
    expect(limitNotice(free(1, 1))).toBeNull();
    expect(limitNotice(usageStats('sprout-tier-internal-staff', { projects: 99, dailyMessages: 99, monthlyMessages: 99 }))).toBeNull();
  });

  it('counts down the last two messages under the composer, today or this month, whichever is tighter', () => {
    const free = (daily: number, monthly: number) => usageStats('free', { projects: 1, dailyMessages: daily, monthlyMessages: monthly });
    expect(messagesLeftNote(free(2, 2))).toBeNull();
    expect(messagesLeftNote(free(3, 3))).toEqual({ left: 2, text: '2 messages left today' });
    expect(messagesLeftNote(free(4, 4))).toEqual({ left: 1, text: '1 message left today' });
    expect(messagesLeftNote(free(5, 5))).toEqual({ left: 0, text: 'No messages left today' });
    expect(messagesLeftNote(free(0, 29))).toEqual({ left: 1, text: '1 message left this month' });
    // A tie: today's, which refills sooner.
    expect(messagesLeftNote(free(4, 29))).toEqual({ left: 1, text: '1 message left today' });
    expect(messagesLeftNote(usageStats('tier-1', { projects: 1, dailyMessages: 98, monthlyMessages: 98 }))).toEqual({
      left: 2,
      text: '2 messages left this month',
    });
    expect(messagesLeftNote(usageStats('sprout-tier-internal-staff', { projects: 1, dailyMessages: 9, monthlyMessages: 9 }))).toBeNull();
  });

  it('caps the bar at 100%', () => {
    expect(percentUsed(quota(5, 7))).toBe(100);
    expect(percentUsed(quota(4, 1))).toBe(25);
    expect(percentUsed(quota(null, 3))).toBe(0);
  });
});

describe('relativeTime', () => {
  const now = Date.parse('2026-05-10T12:00:00Z');
  it('reads naturally', () => {
    expect(relativeTime('2026-05-10T11:59:50Z', now)).toBe('just now');
    expect(relativeTime('2026-05-10T11:57:00Z', now)).toBe('3 minutes ago');
    expect(relativeTime('2026-05-10T09:00:00Z', now)).toBe('3 hours ago');
    expect(relativeTime('2026-05-09T12:00:00Z', now)).toBe('yesterday');
    expect(relativeTime('not a date', now)).toBe('');
  });
});
